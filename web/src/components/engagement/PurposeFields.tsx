// The purpose and the proposed price of an engagement, as the new-engagement form and the Details tab ask for them.
import { Select, TextInput } from '@mantine/core';
import { Controller, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { createEngagementBody } from '../../../../src/contract/engagement-forms';
import { PURPOSE_LABELS } from '../../lib/format';

/** The purposes the statute allows (none: no field). */
export function PurposeSelect({
  control,
  purposes,
  error,
}: {
  control: Control<z.input<typeof createEngagementBody>>;
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
