// Firm API tokens: create (the full token shown once, with a copy button), list by prefix, revoke.
import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { useMe } from '../lib/session';
import { dateTime } from '../lib/format';
import { DateText } from '../components/DateField';
import { FormError } from '../components/FormError';
import { DataTable } from '../components/DataTable';
import { PageTitle, AdminOnlyPage } from '../components/PageTitle';

export function ApiTokensPage() {
  const { data: me } = useMe();
  const client = useQueryClient();
  const isAdmin = me?.can.manageApiTokens === true;
  const tokens = useQuery({
    queryKey: ['api-tokens'],
    queryFn: () => call(api.GET('/api/v1/settings/api-tokens', { params: { query: { limit: 200 } } })),
    enabled: isAdmin,
  });
  const team = useQuery({
    queryKey: ['team'],
    queryFn: () => call(api.GET('/api/v1/team', { params: { query: { limit: 200 } } })),
    enabled: isAdmin,
  });
  const names = Object.fromEntries((team.data ?? []).map((m) => [m.id, m.name]));
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const create = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/v1/settings/api-tokens', {
          body: { name, ...(expires ? { expiresAt: new Date(`${expires}T23:59:59+05:30`).toISOString() } : {}) },
        }),
      ),
    onSuccess: () => {
      setName('');
      setExpires('');
      return client.invalidateQueries({ queryKey: ['api-tokens'] });
    },
  });
  const revoke = useMutation({
    mutationFn: (tokenId: string) =>
      call(api.DELETE('/api/v1/settings/api-tokens/{tokenId}', { params: { path: { tokenId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['api-tokens'] }),
  });
  if (!isAdmin) return <AdminOnlyPage title="API tokens" may="see and manage the firm's API tokens" />;
  return (
    <Stack>
      <PageTitle>API tokens</PageTitle>
      <Text size="sm">
        A token lets a machine use the API as a VALUER of this firm (create engagements, upload, lock, pay). Keep it
        secret.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
        aria-label="Create token"
      >
        <Group align="end" wrap="wrap">
          <TextInput
            label="Name"
            placeholder="e.g. ERP integration"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            miw={220}
          />
          <DateText label="Expires (optional)" value={expires} onChange={setExpires} w={170} />
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            Create token
          </Button>
        </Group>
      </form>
      <FormError error={create.error ?? revoke.error} />
      {create.data && (
        <Alert color="yellow" title="Copy this token now: it will not be shown again" data-testid="new-token">
          <Stack gap="xs">
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="token-value">
              {create.data.token}
            </Code>
            <CopyButton value={create.data.token}>
              {({ copied, copy }) => (
                <Button size="xs" onClick={copy} w="fit-content">
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
              )}
            </CopyButton>
            <Text size="sm">Only its SHA-256 is stored; if it is lost, revoke it and create another.</Text>
          </Stack>
        </Alert>
      )}
      <DataTable
        label="API tokens"
        minWidth={720}
        columns={['Name', 'Prefix', 'Created by', 'Last used', 'Expires', 'Status']}
      >
        {tokens.data?.map((t) => (
          <Table.Tr key={t.id} data-testid={`token-${t.name}`}>
            <Table.Td>{t.name}</Table.Td>
            <Table.Td>
              <Code>{t.prefix}…</Code>
            </Table.Td>
            <Table.Td>{names[t.createdBy] ?? t.createdBy}</Table.Td>
            <Table.Td>{t.lastUsedAt ? dateTime(t.lastUsedAt) : 'never'}</Table.Td>
            <Table.Td>{t.expiresAt ? dateTime(t.expiresAt) : 'never'}</Table.Td>
            <Table.Td>
              {t.revokedAt ? (
                <Text size="sm">Revoked {dateTime(t.revokedAt)}</Text>
              ) : (
                <Button
                  size="xs"
                  color="red.9"
                  variant="outline"
                  onClick={() =>
                    window.confirm(`Revoke "${t.name}"? Machines using it are refused at once.`) && revoke.mutate(t.id)
                  }
                >
                  Revoke
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
