// The fields of an engagement that the new-engagement form and the Details tab both ask for: the company, its CIN,
// the purpose and the proposed price.
import { Select, TextInput } from '@mantine/core';
import { Controller, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { createEngagementForm } from '../../../../src/contract/engagement-forms';
import { PURPOSE_LABELS } from '../../lib/format';

/** The purposes the statute allows (none: no field). */
export function PurposeSelect({
  control,
  purposes,
  error,
}: {
  control: Control<z.input<typeof createEngagementForm>>;
  purposes: readonly string[];
  error?: string;
}) {
  if (purposes.length === 0) return null;
  return (
    <Controller
      control={control}
      name="purpose"
      render={({ field }) => (
        <Select
          label="Purpose"
          description="Needed for a single concluded value"
          clearable
          data={purposes.map((p) => ({ value: p, label: PURPOSE_LABELS[p] ?? p }))}
          value={field.value ?? null}
          onChange={(v) => field.onChange(v ?? undefined)}
          error={error}
        />
      )}
    />
  );
}

/** The price the transaction proposes, registered with the form by the caller. */
export function ProposedPriceInput({ error, ...registered }: UseFormRegisterReturn & { error?: string }) {
  return (
    <TextInput
      label="Proposed price per share (₹, optional)"
      description="Tested against the statute's rule in the valuation"
      placeholder="245.50"
      {...registered}
      error={error}
    />
  );
}

type Registered = UseFormRegisterReturn & { error?: string };

/** The company valued, registered with the form by the caller. */
export function TargetEntityInput({ error, ...registered }: Registered) {
  return <TextInput label="Target entity" withAsterisk {...registered} error={error} />;
}

/** The company's CIN, registered with the form by the caller. */
export function CinInput({ error, ...registered }: Registered) {
  return (
    <TextInput label="CIN" description="21 characters, e.g. U72200KA2015PTC081234" {...registered} error={error} />
  );
}
