// The firm's saved cost-of-capital build-ups inside the lock form's build-up (docs/decisions.md, Firm defaults): pick
// one to fill the figures, its source and date, then adjust; or save the figures as they stand for the firm.
import { useState } from 'react';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { lockAssumptionsBody } from '../../../../src/contract/lock-forms';
import { api, call } from '../../api/client';
import { date } from '../../lib/format';
import { useMe } from '../../lib/session';
import { FormError } from '../FormError';

type LockForm = UseFormReturn<z.input<typeof lockAssumptionsBody>>;
const savedKey = ['saved-cost-of-capital'] as const;

export function SavedBuildUps({ form, complete }: { form: LockForm; complete: boolean }) {
  const client = useQueryClient();
  const maySave = useMe().data?.can.saveCostOfCapital ?? false;
  const saved = useQuery({ queryKey: savedKey, queryFn: () => call(api.GET('/api/v1/settings/cost-of-capital')) });
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/v1/settings/cost-of-capital', {
          body: { name: name.trim(), buildUp: form.getValues('costOfCapital') as never },
        }),
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: savedKey });
      setName('');
    },
  });
  const options = (saved.data ?? []).map((s) => ({
    value: s.id,
    label: `${s.name}${s.buildUp.sourceDate ? ` (figures of ${date(s.buildUp.sourceDate)})` : ''}`,
  }));
  return (
    <>
      {options.length > 0 && (
        <Select
          label="Start from a saved build-up"
          description="Fills the figures, their source and date; adjust them for this company"
          placeholder="Choose one of the firm's build-ups"
          data={options}
          value={picked}
          onChange={(id) => {
            setPicked(id);
            const chosen = saved.data?.find((s) => s.id === id);
            if (chosen) form.setValue('costOfCapital', { ...chosen.buildUp }, { shouldValidate: true });
          }}
          comboboxProps={{ withinPortal: false }}
          data-testid="saved-build-ups"
        />
      )}
      {maySave && complete && (
        <Group align="end">
          <TextInput
            label="Save these figures for the firm as"
            placeholder="Listed auto-component peers, Oct 2026"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button variant="light" onClick={() => save.mutate()} loading={save.isPending} disabled={!name.trim()}>
            Save build-up
          </Button>
        </Group>
      )}
      {save.isSuccess && (
        <Text size="sm" c="green.8" role="status">
          Saved for the firm as “{save.data.name}”.
        </Text>
      )}
      <FormError error={save.error} title="Not saved" />
    </>
  );
}
