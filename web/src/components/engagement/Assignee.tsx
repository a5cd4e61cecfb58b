// Who the engagement is assigned to, and, for an ADMIN or the assignee, a choice of the firm's active
// valuers (VALUER or ADMIN) to hand it to, with a summary to confirm before it changes. The service applies the
// same rule and writes the change to the trail.
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { FormError } from '../FormError';
import { flash } from '../../lib/flash';
import { useMe } from '../../lib/session';

type Engagement = Schemas['EngagementDetail'];
type Member = Schemas['TeamMember'];

/** The members an engagement may be assigned to, as the service answers for each. */
export const assignable = (team: Member[] | undefined) => (team ?? []).filter((m) => m.assignable);

export function Assignee({ engagement, team }: { engagement: Engagement; team: Member[] | undefined }) {
  const client = useQueryClient();
  const [opened, modal] = useDisclosure(false);
  const [chosen, choose] = useState<string | null>(null);
  const me = useMe().data?.user?.id;
  const current = engagement.assignedValuer;
  const mayChange = engagement.myActions.actions.reassign.allowed;
  const save = useMutation({
    mutationFn: (assignedValuerId: string) =>
      call(
        api.PATCH('/api/v1/engagements/{id}', { params: { path: { id: engagement.id } }, body: { assignedValuerId } }),
      ),
    onSuccess: async (_, assignedValuerId) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['engagement', engagement.id] }),
        client.invalidateQueries({ queryKey: ['engagements'] }),
      ]);
      const name = nameOf(assignedValuerId);
      flash(
        assignedValuerId === me
          ? 'The engagement is now assigned to you.'
          : `The engagement is now assigned to ${name}; ${name} is told by e-mail and in the bell.`,
      );
      close();
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
  function nameOf(id: string) {
    return options.find((o) => o.value === id)?.label ?? 'the member';
  }
  function close() {
    choose(null);
    modal.close();
  }
  const next = chosen && chosen !== current?.id ? chosen : null;
  return (
    <Group gap="xs">
      <Text size="sm" data-testid="assignee">
        Assigned to {current ? current.name : 'nobody'}
      </Text>
      <Button size="xs" variant="light" onClick={modal.open}>
        Reassign
      </Button>
      <Modal opened={opened} onClose={close} title="Reassign the engagement">
        <Stack>
          <Select
            label="Assigned to"
            description="The valuer whose work it is: they lock the assumptions, and hear when it is returned for revision"
            data={options}
            value={chosen ?? current?.id ?? null}
            allowDeselect={false}
            disabled={save.isPending}
            onChange={(v) => choose(v)}
            data-testid="assignee-select"
            comboboxProps={{ withinPortal: false }}
          />
          {next && (
            <Text size="sm" data-testid="reassign-summary">
              {`${current ? `From ${current.name} to` : 'To'} ${nameOf(next)}. `}
              {next === me
                ? 'You will lock the assumptions and hear when the work is returned for revision.'
                : `${nameOf(next)} will lock the assumptions and hear when the work is returned for revision, and is told of this by e-mail and in the bell.`}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
            <Button disabled={!next} loading={save.isPending} onClick={() => next && save.mutate(next)}>
              {next ? `Reassign to ${nameOf(next)}` : 'Reassign'}
            </Button>
          </Group>
          <FormError error={save.error} title="Not reassigned" />
        </Stack>
      </Modal>
    </Group>
  );
}
