// The firm's team: members with role and status, invite, pending invitations (resend, cancel), change a
// role, deactivate. ADMIN acts; others read, and are told why they cannot act.
import { useState } from 'react';
import { Alert, Badge, Button, CopyButton, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, Controller } from 'react-hook-form';
import { api, call, type Schemas } from '../api/client';
import { useMe } from '../lib/session';
import { dateTime } from '../lib/format';
import { FormError } from '../components/FormError';
import { ROLES, ROLE_LABELS, type Role } from '../../../src/contract/roles';

/** The roles as a person reads them; the value sent is the API's. */
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
/** A member's status as a person reads it. */
const MEMBER_STATUS_LABELS: Record<string, string> = {
  ACTIVE: 'Active',
  INVITED: 'Invited',
  DEACTIVATED: 'Deactivated',
};
import { DataTable } from '../components/DataTable';
import { PageTitle } from '../components/PageTitle';

export function TeamPage() {
  const { data: me } = useMe();
  const client = useQueryClient();
  const isAdmin = me?.can.manageTeam === true;
  const team = useQuery({
    queryKey: ['team'],
    queryFn: () => call(api.GET('/api/v1/team', { params: { query: { limit: 200 } } })),
  });
  const invites = useQuery({
    queryKey: ['invitations'],
    queryFn: () => call(api.GET('/api/v1/invitations')),
    enabled: isAdmin,
  });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['team'] }),
      client.invalidateQueries({ queryKey: ['invitations'] }),
    ]);
  const [error, setError] = useState<unknown>();
  // A resent invitation's new link, when no mail server can deliver it.
  const [resentLink, setResentLink] = useState<{ email: string; acceptPath: string }>();
  const resend = useMutation({
    mutationFn: (invitationId: string) =>
      call(api.POST('/api/v1/invitations/{invitationId}/resend', { params: { path: { invitationId } } })),
    onMutate: () => {
      setError(undefined);
      setResentLink(undefined);
    },
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'acceptPath' in answer)
        setResentLink({ email: answer.email, acceptPath: answer.acceptPath });
      return refresh();
    },
    onError: setError,
  });
  const act = useMutation({
    mutationFn: (f: () => Promise<unknown>) => f(),
    onMutate: () => setError(undefined),
    onSuccess: refresh,
    onError: setError,
  });
  // The address a password reset link was mailed to (never the link: it goes only to the member).
  const [resetSentTo, setResetSentTo] = useState<string>();
  const sendReset = useMutation({
    mutationFn: (userId: string) =>
      call(api.POST('/api/v1/team/{userId}/password-reset', { params: { path: { userId } } })),
    onMutate: () => {
      setError(undefined);
      setResetSentTo(undefined);
    },
    onSuccess: (answer) => setResetSentTo(answer.email),
    onError: setError,
  });
  const members = (team.data ?? []).filter((m) => m.status !== 'INVITED');
  const lastAdminReason =
    'The last administrator can be neither demoted nor deactivated: make someone else an administrator first.';

  return (
    <Stack>
      <PageTitle>Team</PageTitle>
      {!isAdmin && (
        <Alert color="gray">
          Only an administrator can invite people or change roles; you can see who is on the team.
        </Alert>
      )}
      <FormError error={error ?? team.error} title="Not done" />
      {resetSentTo && (
        <Alert color="green" role="status" data-testid="reset-link-sent">
          A link to choose a new password was e-mailed to {resetSentTo}. It works once, for 30 minutes; their password
          stays as it is until they use it.
        </Alert>
      )}
      <DataTable label="Members" minWidth={640} columns={['Name', 'E-mail', 'Role', 'Status', isAdmin && 'Actions']}>
        {members.map((m) => {
          const lastAdmin = m.lastActiveAdmin === true;
          return (
            <Table.Tr key={m.id} data-testid={`member-${m.email}`}>
              <Table.Td>
                {m.name}
                {m.id === me?.user?.id ? ' (you)' : ''}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.email}</Table.Td>
              <Table.Td>
                {isAdmin && m.status === 'ACTIVE' ? (
                  <Select
                    aria-label={`Role of ${m.name}`}
                    data={ROLE_OPTIONS}
                    value={m.role}
                    allowDeselect={false}
                    w={130}
                    disabled={lastAdmin}
                    title={lastAdmin ? lastAdminReason : undefined}
                    onChange={(role) =>
                      role &&
                      role !== m.role &&
                      act.mutate(() =>
                        call(
                          api.PATCH('/api/v1/team/{userId}', {
                            params: { path: { userId: m.id } },
                            body: { role: role as Role },
                          }),
                        ),
                      )
                    }
                  />
                ) : (
                  <Badge color="gray.8" tt="none">
                    {ROLE_LABELS[m.role]}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={m.status === 'ACTIVE' ? 'green.8' : 'gray.6'} tt="none">
                  {MEMBER_STATUS_LABELS[m.status] ?? m.status}
                </Badge>
              </Table.Td>
              {isAdmin && (
                <Table.Td>
                  {m.status === 'ACTIVE' && m.id !== me?.user?.id && (
                    <Button
                      size="xs"
                      variant="default"
                      mr="xs"
                      mb={4}
                      loading={sendReset.isPending && sendReset.variables === m.id}
                      onClick={() => sendReset.mutate(m.id)}
                      aria-label={`Send password reset to ${m.name}`}
                    >
                      Send password reset
                    </Button>
                  )}
                  {m.status === 'ACTIVE' &&
                    (lastAdmin ? (
                      <Text size="xs" c="gray.7">
                        {lastAdminReason}
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        color="red.9"
                        variant="outline"
                        onClick={() =>
                          window.confirm(`Deactivate ${m.name}? They are signed out at once.`) &&
                          act.mutate(() =>
                            call(api.POST('/api/v1/team/{userId}/deactivate', { params: { path: { userId: m.id } } })),
                          )
                        }
                      >
                        Deactivate
                      </Button>
                    ))}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </DataTable>
      {isAdmin && (
        <>
          <Title order={2} size="h3">
            Invite someone
          </Title>
          <InviteForm onInvited={refresh} />
          <Title order={2} size="h3">
            Pending invitations
          </Title>
          {resentLink && (
            <PassOnLink
              testId="resent-link"
              title="New link: pass it on yourself"
              lead={`A new link for ${resentLink.email}, valid 7 days and shown only now. The link sent before no longer works. This service has no mail server configured, so send it yourself:`}
              acceptPath={resentLink.acceptPath}
            />
          )}
          {invites.data?.length === 0 && (
            <Text size="sm" c="gray.7">
              None.
            </Text>
          )}
          {invites.data && invites.data.length > 0 && (
            <DataTable label="Pending invitations" minWidth={640} columns={['Invitee', 'Role', 'Expires', 'Actions']}>
              {invites.data.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    {i.name}
                    <Text size="xs" c="gray.7">
                      {i.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{ROLE_LABELS[i.role]}</Table.Td>
                  <Table.Td>{i.expired ? <Badge color="red.9">expired</Badge> : dateTime(i.expiresAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        loading={resend.isPending && resend.variables === i.id}
                        onClick={() => resend.mutate(i.id)}
                      >
                        Resend
                      </Button>
                      <Button
                        size="xs"
                        color="red.9"
                        variant="outline"
                        onClick={() =>
                          act.mutate(() =>
                            call(
                              api.DELETE('/api/v1/invitations/{invitationId}', {
                                params: { path: { invitationId: i.id } },
                              }),
                            ),
                          )
                        }
                      >
                        Cancel
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
        </>
      )}
    </Stack>
  );
}

function InviteForm({ onInvited }: { onInvited: () => unknown }) {
  const form = useForm<{ email: string; name: string; role: Role }>({
    defaultValues: { email: '', name: '', role: 'VALUER' },
  });
  const invite = useMutation({
    mutationFn: (body: { email: string; name: string; role: Role }) => call(api.POST('/api/v1/team/invite', { body })),
    onSuccess: () => {
      form.reset();
      return onInvited();
    },
  });
  return (
    <form onSubmit={form.handleSubmit((v) => invite.mutate(v))} noValidate aria-label="Invite">
      <Stack maw={720}>
        <Group grow align="start" wrap="wrap">
          <TextInput label="E-mail" type="email" {...form.register('email')} miw={200} />
          <TextInput label="Name" {...form.register('name')} miw={160} />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label="Role"
                data={ROLE_OPTIONS}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                allowDeselect={false}
                miw={120}
              />
            )}
          />
        </Group>
        <FormError error={invite.error} title="Not invited" />
        {invite.isSuccess && invite.data.delivery === 'EMAILED' && (
          <Alert color="green" role="status">
            Invitation e-mailed to {invite.data.email}.
          </Alert>
        )}
        {invite.isSuccess && invite.data.delivery === 'LINK_SHOWN' && invite.data.acceptPath && (
          <PassOnLink
            testId="invite-link"
            title="Pass this link on yourself"
            lead={`This service has no mail server configured, so no e-mail reaches ${invite.data.email}. Send them this link (valid 7 days, shown only now):`}
            acceptPath={invite.data.acceptPath}
          />
        )}
        <Group>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export type Member = Schemas['TeamMember'];

/** An invitation link the ADMIN must pass on (no mail server), with a button to copy it. */
function PassOnLink({
  testId,
  title,
  lead,
  acceptPath,
}: {
  testId: string;
  title: string;
  lead: string;
  acceptPath: string;
}) {
  const url = `${window.location.origin}${acceptPath}`;
  return (
    <Alert color="yellow" role="status" title={title} data-testid={testId}>
      <Stack gap={6}>
        <Text size="sm">{lead}</Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid={`${testId}-url`}>
            {url}
          </Text>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy} style={{ flexShrink: 0 }}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
