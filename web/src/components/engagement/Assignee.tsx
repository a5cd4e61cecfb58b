// Who the engagement is assigned to, and, for an ADMIN or the assignee, a choice of the firm's active
// valuers (VALUER or ADMIN) to hand it to. The service applies the same rule and writes the change to the trail.
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { FormError } from '../FormError';

type Engagement = Schemas['EngagementDetail'];
type Member = Schemas['TeamMember'];

/** The members an engagement may be assigned to, as the service answers for each. */
export const assignable = (team: Member[] | undefined) => (team ?? []).filter((m) => m.assignable);

export function Assignee({ engagement, team }: { engagement: Engagement; team: Member[] | undefined }) {
  const client = useQueryClient();
  const [opened, modal] = useDisclosure(false);
  const current = engagement.assignedValuer;
  const mayChange = engagement.myActions.actions.reassign.allowed;
  const save = useMutation({
    mutationFn: (assignedValuerId: string) =>
      call(
        api.PATCH('/api/v1/engagements/{id}', { params: { path: { id: engagement.id } }, body: { assignedValuerId } }),
      ),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['engagement', engagement.id] }),
        client.invalidateQueries({ queryKey: ['engagements'] }),
      ]);
      modal.close();
    },
  });
  if (!mayChange) {
    return (
      <Text size="sm" data-testid="assignee">
        Assigned to {current ? current.name : 'nobody'}
      </Text>
    );
  }
  const options = assignable(team).map((m) => ({ value: m.id, label: m.name }));
  if (current && !options.some((o) => o.value === current.id)) options.push({ value: current.id, label: current.name });
  return (
    <Group gap="xs">
      <Text size="sm" data-testid="assignee">
        Assigned to {current ? current.name : 'nobody'}
      </Text>
      <Button size="xs" variant="light" onClick={modal.open}>
        Reassign
      </Button>
      <Modal opened={opened} onClose={modal.close} title="Reassign the engagement">
        <Stack>
          <Select
            label="Assigned to"
            description="The valuer whose work it is: they lock the assumptions, and hear when it is returned for revision"
            data={options}
            value={current?.id ?? null}
            allowDeselect={false}
            disabled={save.isPending}
            onChange={(v) => v && v !== current?.id && save.mutate(v)}
            data-testid="assignee-select"
            comboboxProps={{ withinPortal: false }}
          />
          <FormError error={save.error} title="Not reassigned" />
        </Stack>
      </Modal>
    </Group>
  );
}
