// Webhook endpoints: add one with its event kinds (the signing secret shown once), enable/disable,
// rotate the secret, send a test event; each endpoint's deliveries with status, attempts, last
// response code and next retry, and redelivery.
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../api/client';
import { useMe } from '../lib/session';
import { dateTime } from '../lib/format';
import { FormError } from '../components/FormError';
import { ENGAGEMENT_EVENT_TYPES, EVENT_LABELS } from '../../../src/contract/events';
import { DataTable } from '../components/DataTable';
import { PageTitle, AdminOnlyPage } from '../components/PageTitle';

const EVENTS = ENGAGEMENT_EVENT_TYPES;
type Endpoint = Schemas['WebhookEndpoint'];

/** A delivery's state in words. */
const DELIVERY_STATUS_WORDS: Record<string, string> = { PENDING: 'Pending', DELIVERED: 'Delivered', FAILED: 'Failed' };

export function WebhooksPage() {
  const { data: me } = useMe();
  const client = useQueryClient();
  const isAdmin = me?.can.manageWebhooks === true;
  const endpoints = useQuery({
    queryKey: ['webhooks'],
    queryFn: () => call(api.GET('/api/v1/settings/webhooks', { params: { query: { limit: 200 } } })),
    enabled: isAdmin,
  });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...EVENTS]);
  const [secret, setSecret] = useState<{ title: string; value: string }>();
  const create = useMutation({
    mutationFn: () => call(api.POST('/api/v1/settings/webhooks', { body: { url, events: events as never } })),
    onSuccess: (e) => {
      setSecret({ title: `Signing secret for ${e.url}`, value: e.secret });
      setUrl('');
      return client.invalidateQueries({ queryKey: ['webhooks'] });
    },
  });
  if (!isAdmin) return <AdminOnlyPage title="Webhooks" may="see and manage the firm's webhook endpoints" />;
  return (
    <Stack>
      <PageTitle>Webhooks</PageTitle>
      <Text size="sm">
        Events are signed with the Standard Webhooks scheme and retried for about a day; an endpoint that keeps failing
        for 5 days is disabled.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
        aria-label="Add endpoint"
      >
        <Stack maw={720}>
          <TextInput
            label="Endpoint URL"
            placeholder="https://erp.example.in/hooks/valuation"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <Checkbox.Group label="Events" value={events} onChange={setEvents}>
            <Group mt={4}>
              {EVENTS.map((e) => (
                <Checkbox key={e} value={e} label={EVENT_LABELS[e]} title={e} />
              ))}
            </Group>
          </Checkbox.Group>
          <FormError error={create.error} title="Endpoint not added" />
          <Group>
            <Button type="submit" loading={create.isPending} disabled={!url || events.length === 0}>
              Add endpoint
            </Button>
          </Group>
        </Stack>
      </form>
      {secret && (
        <Alert
          color="yellow"
          title={`${secret.title}: copy it now, it will not be shown again`}
          data-testid="webhook-secret"
        >
          <Stack gap="xs">
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {secret.value}
            </Code>
            <CopyButton value={secret.value}>
              {({ copied, copy }) => (
                <Button size="xs" onClick={copy} w="fit-content">
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Alert>
      )}
      {endpoints.data?.map((e) => (
        <EndpointCard
          key={e.id}
          endpoint={e}
          onSecret={(v) => setSecret({ title: `New signing secret for ${e.url}`, value: v })}
        />
      ))}
    </Stack>
  );
}

function EndpointCard({ endpoint: e, onSecret }: { endpoint: Endpoint; onSecret: (s: string) => void }) {
  const client = useQueryClient();
  const deliveries = useQuery({
    queryKey: ['webhooks', e.id, 'deliveries'],
    queryFn: () =>
      call(
        api.GET('/api/v1/settings/webhooks/{webhookId}/deliveries', {
          params: { path: { webhookId: e.id }, query: { limit: 20 } },
        }),
      ),
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'PENDING') ? 1000 : false),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['webhooks'] });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      call(
        api.PATCH('/api/v1/settings/webhooks/{webhookId}', {
          params: { path: { webhookId: e.id } },
          body: { enabled },
        }),
      ),
    onSuccess: refresh,
  });
  const rotate = useMutation({
    mutationFn: () =>
      call(api.POST('/api/v1/settings/webhooks/{webhookId}/rotate-secret', { params: { path: { webhookId: e.id } } })),
    onSuccess: (r) => {
      onSecret(r.secret);
      return refresh();
    },
  });
  const test = useMutation({
    mutationFn: () =>
      call(api.POST('/api/v1/settings/webhooks/{webhookId}/test', { params: { path: { webhookId: e.id } } })),
    onSuccess: refresh,
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) =>
      call(
        api.POST('/api/v1/settings/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver', {
          params: { path: { webhookId: e.id, deliveryId } },
        }),
      ),
    onSuccess: refresh,
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="webhook-endpoint">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {e.url}
          </Text>
          <Switch
            label={e.enabled ? 'Enabled' : 'Disabled'}
            checked={e.enabled}
            onChange={(ev) => toggle.mutate(ev.currentTarget.checked)}
          />
        </Group>
        <Text size="sm" title={e.events.join(', ')}>
          {e.events.map((x) => EVENT_LABELS[x as keyof typeof EVENT_LABELS] ?? x).join('; ')}
        </Text>
        {e.disabledReason && <Alert color="red">Disabled: {e.disabledReason}</Alert>}
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => test.mutate()} loading={test.isPending}>
            Send test event
          </Button>
          <Button size="xs" variant="default" onClick={() => rotate.mutate()} loading={rotate.isPending}>
            Rotate secret
          </Button>
        </Group>
        <FormError error={toggle.error ?? rotate.error ?? test.error ?? redeliver.error} />
        <DataTable
          label={`Deliveries to ${e.url}`}
          minWidth={720}
          columns={['Event', 'Status', 'Attempts', 'Last response', 'Next retry', '']}
        >
          {deliveries.data?.map((d) => (
            <Table.Tr key={d.id} data-testid="delivery">
              <Table.Td>
                {d.eventType}
                <Text size="xs" c="gray.7">
                  {dateTime(d.createdAt)}
                  {d.redeliveryOf ? ' · redelivery' : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={d.status === 'DELIVERED' ? 'green.8' : d.status === 'FAILED' ? 'red.8' : 'blue.8'}>
                  {DELIVERY_STATUS_WORDS[d.status] ?? d.status}
                </Badge>
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{d.lastResponseStatus ?? (d.lastError ? d.lastError : '—')}</Table.Td>
              <Table.Td>{d.nextAttemptAt ? dateTime(d.nextAttemptAt) : '—'}</Table.Td>
              <Table.Td>
                {d.status !== 'PENDING' && (
                  <Button size="xs" variant="default" onClick={() => redeliver.mutate(d.id)}>
                    Redeliver
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Stack>
    </Paper>
  );
}
