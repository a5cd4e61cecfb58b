// An engagement's assumptions: the lock form while they are open, then a read-only view of what was locked.
import { Stack, Table, Text, Title } from '@mantine/core';
import { Diff, LockedRows } from './AssumptionsLocked';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { dateTime } from '../../lib/format';
import { LockForm, Warnings } from './AssumptionsLockForm';
import { Returned } from './AssumptionsRevision';

type Engagement = Schemas['EngagementDetail'];

export function Assumptions({ engagement }: { engagement: Engagement }) {
  const a = useQuery({
    queryKey: ['engagement', engagement.id, 'assumptions', engagement.assumptionsLocked],
    queryFn: () => call(api.GET('/api/v1/engagements/{id}/assumptions', { params: { path: { id: engagement.id } } })),
  });
  const history = useQuery({
    queryKey: ['engagement', engagement.id, 'assumptions-history', engagement.status],
    queryFn: () =>
      call(api.GET('/api/v1/engagements/{id}/assumptions/history', { params: { path: { id: engagement.id } } })),
    // Once locked after a return for revision, the history gives the version it replaced, for the diff.
    enabled: !!a.data && (!a.data.locked || (a.data.version ?? 1) > 1),
  });
  const client = useQueryClient();
  // The last version returned for revision, if this round follows one: the form starts from it.
  const returned = [...(history.data ?? [])].reverse().find((v) => v.status === 'SUPERSEDED');
  if (a.data?.locked) {
    return (
      <Stack>
        <Title order={2} size="h3">
          Assumptions (locked)
        </Title>
        <Warnings
          warnings={client.getQueryData<{ code: string; message: string }[]>(['lock-warnings', engagement.id])}
        />
        <Table aria-label="Locked assumptions" data-testid="locked-assumptions">
          <Table.Tbody>
            <LockedRows set={a.data} />
            {a.data.version && a.data.version > 1 && (
              <Table.Tr>
                <Table.Th scope="row">Round</Table.Th>
                <Table.Td>Version {a.data.version} (earlier rounds returned for revision)</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row">Locked</Table.Th>
              <Table.Td>{dateTime(a.data.lockedAt)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {returned && (
          <Diff
            before={returned}
            after={a.data}
            beforeName={`version ${returned.version}`}
            afterName={`Version ${a.data.version ?? returned.version + 1} (locked)`}
          />
        )}
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={2} size="h3">
        Assumptions
      </Title>
      {returned?.revision && <Returned version={returned} />}
      {!engagement.myActions.actions.lockAssumptions.allowed ? (
        <Text c="gray.7">Not locked yet. {engagement.myActions.actions.lockAssumptions.blockedBecause}.</Text>
      ) : history.isPending ? null : (
        <LockForm key={returned?.version ?? 0} engagement={engagement} previous={returned} />
      )}
    </Stack>
  );
}
