// Correcting an engagement's details (target entity, CIN, purpose, dates, proposed price) while the
// API allows it: until the computation starts (CREATED, DATA_INGESTING, DATA_READY). The form checks
// what the New engagement form checks (the same schema, with the engagement's statute fixed), sends
// only what changed (PATCH; the service writes one audit entry with every field from → to), and says
// why it is read-only once the valuation has started.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { sentenceResolver } from '../../lib/messages';
import type { z } from 'zod';
import { createEngagementForm } from '../../../../src/contract/engagement-forms';
import { concludesPerShare, PURPOSES_BY_STATUTE } from '../../../../src/contract/vocabulary';
import { api, call, type Schemas } from '../../api/client';
import { FormError, applyFieldErrors } from '../FormError';
import { DateField } from '../DateField';
import { CinInput, ProposedPriceInput, PurposeSelect, TargetEntityInput } from './PurposeFields';

type Engagement = Schemas['EngagementDetail'];
type Form = z.input<typeof createEngagementForm>;

/** Why the details can no longer change, or null while they can. */
/** Why the details can no longer change (the service's answer for this person), or null while they can. */
export function detailsLockedReason(e: Engagement): string | null {
  return e.myActions.actions.editDetails.blockedBecause;
}

const formOf = (e: Engagement): Form => ({
  statute: e.statute as Form['statute'],
  targetEntity: e.targetEntity,
  cin: e.cin ?? undefined,
  purpose: (e.purpose ?? undefined) as Form['purpose'],
  valuationDate: e.valuationDate,
  transactionDate: e.transactionDate !== e.valuationDate ? e.transactionDate : undefined,
  proposedPricePerShare: e.proposedPricePerShare ?? undefined,
});

export function EditDetails({ engagement }: { engagement: Engagement }) {
  const [opened, modal] = useDisclosure(false);
  const locked = detailsLockedReason(engagement);
  if (locked)
    return (
      <Text size="xs" c="gray.7" data-testid="details-locked">
        {locked}
      </Text>
    );
  return (
    <>
      <Button size="xs" variant="light" onClick={modal.open}>
        Edit details
      </Button>
      <Modal opened={opened} onClose={modal.close} title="Edit details" size="lg">
        {opened ? <DetailsForm engagement={engagement} onDone={modal.close} /> : null}
      </Modal>
    </>
  );
}

function DetailsForm({ engagement, onDone }: { engagement: Engagement; onDone: () => void }) {
  const client = useQueryClient();
  const initial = formOf(engagement);
  const form = useForm<Form>({
    resolver: sentenceResolver(createEngagementForm),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const purposes = PURPOSES_BY_STATUTE[engagement.statute as Form['statute']] as readonly string[];
  const save = useMutation({
    mutationFn: (v: z.output<typeof createEngagementForm>) => {
      // Only what changed; a cleared optional field is sent as null (the transaction date then follows the valuation date).
      const body: Record<string, unknown> = {};
      const keys = [
        'targetEntity',
        'cin',
        'purpose',
        'valuationDate',
        'transactionDate',
        'proposedPricePerShare',
      ] as const;
      for (const k of keys) {
        const before = initial[k] === undefined ? undefined : String(initial[k]);
        const after = v[k] === undefined || v[k] === '' ? undefined : String(v[k]);
        if (before !== after) body[k] = after ?? null;
      }
      if (body.valuationDate === null) delete body.valuationDate;
      return call(api.PATCH('/api/v1/engagements/{id}', { params: { path: { id: engagement.id } }, body }));
    },
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['engagement', engagement.id] }),
        client.invalidateQueries({ queryKey: ['engagements'] }),
      ]);
      onDone();
    },
    onError: (e) => applyFieldErrors(e, form.setError as never),
  });
  const err = form.formState.errors;
  const blank = (v: string) => v || undefined;
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
      <Stack>
        <Text size="sm" c="gray.7">
          These can be corrected until the valuation is computed. Each change is recorded in the trail.
        </Text>
        <TargetEntityInput {...form.register('targetEntity')} error={err.targetEntity?.message} />
        <CinInput {...form.register('cin', { setValueAs: blank })} error={err.cin?.message} />
        <PurposeSelect control={form.control} purposes={purposes} error={err.purpose?.message} />
        {concludesPerShare(engagement.statute as Form['statute']) ? (
          <ProposedPriceInput
            {...form.register('proposedPricePerShare', { setValueAs: blank })}
            error={err.proposedPricePerShare?.message}
          />
        ) : null}
        <Group grow align="flex-start">
          <DateField
            control={form.control}
            name="valuationDate"
            label="Valuation date"
            error={err.valuationDate?.message}
          />
          <DateField
            control={form.control}
            name="transactionDate"
            label="Transaction date"
            description="The valuation date when left blank"
            error={err.transactionDate?.message}
          />
        </Group>
        <FormError
          error={save.error}
          title="Not saved"
          fieldsShown={['targetEntity', 'cin', 'purpose', 'proposedPricePerShare', 'valuationDate', 'transactionDate']}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
