// Who may sign this valuation (from GATE_1 on): the rule, the registrations that qualify, and who in the firm holds one.
import { ROLE_LABELS, type Role } from '../../../../src/contract/roles';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import type { Schemas } from '../../api/client';

export function Signatory({ signatory }: { signatory: NonNullable<Schemas['EngagementDetail']['signatory']> }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="signatory-requirement">
      <Stack gap={4}>
        <Text fw={700}>Who may sign</Text>
        <Text size="sm">
          {signatory.rule}: {signatory.needs}.
        </Text>
        {signatory.qualifiedMembers.length > 0 ? (
          <Text size="sm">
            Qualified in this firm:{' '}
            {signatory.qualifiedMembers
              .map((m) => `${m.name} (${ROLE_LABELS[m.role as Role] ?? m.role}; ${m.registrations.join(', ')})`)
              .join('; ')}
            .
          </Text>
        ) : (
          <Alert color="red" title="Nobody in the firm can sign this report">
            No member holds {signatory.needs}. Add the registration to a partner's profile before paying: payment is
            refused until someone can sign.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
