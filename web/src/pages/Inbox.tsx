// Waiting for me: what the signed-in person can act on now, each with why it is theirs and a link.
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useInbox } from '../lib/inbox';
import { FormError } from '../components/FormError';
import { DataTable } from '../components/DataTable';
import { PageTitle } from '../components/PageTitle';

const ACTION_TAB: Record<string, string> = {
  DECIDE_GATE_1: 'review',
  DECIDE_GATE_2: 'review',
  SIGN_OFF: 'review',
  PAY: 'review',
  LOCK_ASSUMPTIONS: 'assumptions',
  RELOCK_AFTER_REVISION: 'assumptions',
  SIGN_WITH_DSC: 'review',
};

export function InboxPage() {
  const inbox = useInbox();
  return (
    <Stack>
      <PageTitle>Waiting for me</PageTitle>
      <FormError error={inbox.error} />
      {inbox.data?.count === 0 && <Text c="gray.7">Nothing is waiting for you.</Text>}
      {inbox.data && inbox.data.count > 0 && (
        <DataTable label="Waiting for me" minWidth={560} columns={['Engagement', 'What is waiting']}>
          {inbox.data.items.map((i) => (
            <Table.Tr key={`${i.engagementId}-${i.action}`} data-testid="inbox-item">
              <Table.Td>
                <Anchor component={Link} to={`/engagements/${i.engagementId}?tab=${ACTION_TAB[i.action] ?? 'review'}`}>
                  {i.targetEntity}
                </Anchor>
              </Table.Td>
              <Table.Td>{i.why}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
