// Who the engagement is assigned to, and, for an ADMIN or the assignee, a choice of the firm's active
// valuers (VALUER or ADMIN) to hand it to. The service applies the same rule and writes the change to the trail.
import { Group, Select, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import type { Me } from '../../lib/session';
import { FormError } from '../FormError';

type Engagement = Schemas['Engagement'];
type Member = Schemas['TeamMember'];

/** The members an engagement may be assigned to: active VALUERs and ADMINs. */
export const assignable = (team: Member[] | undefined) =>
  (team ?? []).filter((m) => m.status === 'ACTIVE' && (m.role === 'VALUER' || m.role === 'ADMIN'));

export function Assignee({ engagement, me, team }: { engagement: Engagement; me: Me | undefined; team: Member[] | undefined }) {
  const client = useQueryClient();
  const current = engagement.assignedValuer;
  const mayChange = me?.kind === 'user' && (me.role === 'ADMIN' || (!!current && me.user?.id === current.id));
  const save = useMutation({
    mutationFn: (assignedValuerId: string) => call(api.PATCH('/api/v1/engagements/{id}', { params: { path: { id: engagement.id } }, body: { assignedValuerId } })),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['engagement', engagement.id] }),
        client.invalidateQueries({ queryKey: ['engagements'] }),
      ]);
    },
  });
  if (!mayChange) {
    return <Text size="sm" data-testid="assignee">Assigned to {current ? current.name : 'nobody'}</Text>;
  }
  const options = assignable(team).map((m) => ({ value: m.id, label: m.name }));
  if (current && !options.some((o) => o.value === current.id)) options.push({ value: current.id, label: current.name });
  return (
    <Group gap="xs" align="end">
      <Select
        label="Assigned to"
        size="xs"
        data={options}
        value={current?.id ?? null}
        allowDeselect={false}
        disabled={save.isPending}
        onChange={(v) => v && v !== current?.id && save.mutate(v)}
        data-testid="assignee-select"
        miw={200}
      />
      <FormError error={save.error} title="Not reassigned" />
    </Group>
  );
}
