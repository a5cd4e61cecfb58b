// The assumptions lock form, validated live with the API's own schema; a round returned for revision opens
// with the last version's values and lists what changes.
import { INCOME_TAX_ACT_2025_FROM, ratesNeeded } from '../../../../src/contract/vocabulary';
import { Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { sentenceResolver } from '../../lib/messages';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lockAssumptionsBody } from '../../../../src/contract/lock-forms';
import { METHOD_TITLES } from '../../../../src/contract/vocabulary';
import { api, call, type Schemas } from '../../api/client';
import { FormError, applyFieldErrors } from '../FormError';
import { WarningList } from '../WarningList';
import { CostOfCapitalBuildUp } from './CostOfCapitalBuildUp';
import { Changes, valuesOf, withoutEmptyWeights, type Version } from './AssumptionsRevision';
import { NumberField } from '../NumberField';

type Engagement = Schemas['Engagement'];

/** The methods a statute's valuation produces, for the valuer's weights (the API refuses any other). */
function weightableMethods(e: Engagement): string[] {
  if (e.statute === 'COMPANIES_ACT_SEC_62') return ['DCF', 'NAV', 'COMPARABLES'];
  // NDI Rule 21: any internationally accepted pricing methodology, weighed as for s.62.
  if (e.statute === 'FEMA_RBI') return ['DCF', 'NAV', 'COMPARABLES'];
  // From 1 April 2026 (Income-tax Act, 2025) Rule 57 Sl. No. 4 is the only formula.
  if (e.statute === 'RULE_11UA' && e.transactionDate >= INCOME_TAX_ACT_2025_FROM)
    return e.purpose === 'TRANSFER_OR_RECEIPT' ? ['NAV_RULE_57'] : [];
  if (e.statute === 'RULE_11UA') return e.purpose === 'TRANSFER_OR_RECEIPT' ? ['NAV_11UA_1CB'] : ['NAV_11UA_2A', 'DCF'];
  return [];
}

/**
 * Whether the valuation may adopt a DCF, so the lock asks for the note on the projections' reasonableness: s.62 and
 * FEMA, and a Rule 11UA issue before Rule 57 (the API requires it where the DCF is adopted; docs/reports.md, Annexures).
 */
function dcfMayBeAdopted(e: Engagement): boolean {
  if (e.statute === 'COMPANIES_ACT_SEC_62' || e.statute === 'FEMA_RBI') return true;
  return (
    e.statute === 'RULE_11UA' && e.purpose !== 'TRANSFER_OR_RECEIPT' && e.transactionDate < INCOME_TAX_ACT_2025_FROM
  );
}

export function Warnings({ warnings }: { warnings?: { code: string; message: string }[] }) {
  return <WarningList warnings={warnings} title="Check these before relying on the valuation" testId="lock-warnings" />;
}

/** The lock's schema as this engagement needs it: the rates required where the valuation has a DCF (ratesNeeded). */
const withRates = lockAssumptionsBody.superRefine((body, ctx) => {
  for (const key of ['wacc', 'terminalGrowthRate'] as const)
    if (body[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'is required' });
});

export function LockForm({ engagement, previous }: { engagement: Engagement; previous?: Version }) {
  const id = engagement.id;
  const methods = weightableMethods(engagement);
  // A prescribed NAV (a Rule 11UA transfer or receipt, Rule 57) has no DCF: the form asks for no rates at all.
  const rates = ratesNeeded(engagement);
  const client = useQueryClient();
  const form = useForm<z.input<typeof lockAssumptionsBody>>({
    resolver: sentenceResolver(rates ? withRates : lockAssumptionsBody, withoutEmptyWeights),
    mode: 'onChange',
    defaultValues: previous ? valuesOf(previous) : { midYear: false, rationale: '' },
  });
  const lock = useMutation({
    mutationFn: (body: z.output<typeof lockAssumptionsBody>) =>
      call(api.POST('/api/v1/engagements/{id}/assumptions/lock', { params: { path: { id } }, body })),
    onSuccess: (data) => {
      // The lock response's rate warnings stay on the page after it switches to the locked view.
      client.setQueryData(['lock-warnings', id], data.warnings ?? []);
      return client.invalidateQueries({ queryKey: ['engagement', id] });
    },
    onError: (e) => applyFieldErrors(e, form.setError as never),
  });
  // The lock asks before acting (docs/decisions.md, Confirm before acting): the summary of what is locked.
  const [confirming, setConfirming] = useState<z.output<typeof lockAssumptionsBody> | null>(null);
  const err = form.formState.errors as Record<string, { message?: string } | undefined>;
  const weightErr = (m: string) =>
    (form.formState.errors.methodWeights as Record<string, { message?: string }> | undefined)?.[m]?.message;
  return (
    <form onSubmit={form.handleSubmit((v) => setConfirming(v))} noValidate aria-label="Lock assumptions">
      <Stack maw={640}>
        {rates && (
          <Group grow align="start">
            <NumberField
              control={form.control}
              name="wacc"
              withBlur
              onValue={() => void form.trigger('terminalGrowthRate')}
              label="WACC (%)"
              description="12.5 means 12.5 %"
              withAsterisk
              decimalScale={4}
              error={err.wacc?.message}
            />
            <NumberField
              control={form.control}
              name="terminalGrowthRate"
              withBlur
              label="Terminal growth (%)"
              description="Must be below WACC"
              withAsterisk
              decimalScale={4}
              error={err.terminalGrowthRate?.message}
            />
          </Group>
        )}
        {rates && <CostOfCapitalBuildUp form={form} />}
        <Textarea
          label="Rationale"
          description={
            rates
              ? 'Why these rates: sources, beta, risk premia (at least 20 characters)'
              : 'The basis of the valuation: the prescribed formula and the figures it takes (at least 20 characters)'
          }
          withAsterisk
          autosize
          minRows={3}
          {...form.register('rationale')}
          error={err.rationale?.message}
        />
        {dcfMayBeAdopted(engagement) && (
          <Textarea
            label="Reasonableness of the projections"
            description="Where a DCF is adopted: why the revenue growth, margins, capital expenditure and working capital are reasonable against the history and the industry (50–3000 characters); printed beside the projections in the report"
            autosize
            minRows={3}
            {...form.register('projectionsReasonableness', { setValueAs: (v: string) => v || undefined })}
            error={err.projectionsReasonableness?.message}
          />
        )}
        {rates && <Checkbox label="Mid-year discounting" {...form.register('midYear')} />}
        {methods.length > 1 && (
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Method weights (optional; percent, adding up to 100)
              </Text>
              <Group grow align="start">
                {methods.map((m) => (
                  <NumberField
                    key={m}
                    control={form.control}
                    name={`methodWeights.${m}` as never}
                    label={m === 'DCF' || m === 'NAV' ? m : (METHOD_TITLES[m] ?? m)}
                    decimalScale={2}
                    error={weightErr(m)}
                  />
                ))}
              </Group>
              <Textarea
                label="Why these weights"
                description="At least 20 characters; required with weights"
                autosize
                minRows={2}
                {...form.register('weightsRationale', { setValueAs: (v: string) => v || undefined })}
                error={err.weightsRationale?.message ?? err.methodWeights?.message}
              />
            </Stack>
          </Paper>
        )}
        {/* No discount on a prescribed formula (the API refuses one) nor under the IBC. */}
        {rates && engagement.statute !== 'IBC_LIQUIDATION' && (
          <Group grow align="start">
            <NumberField
              control={form.control}
              name="dlomPercent"
              label="Discount for lack of marketability (%)"
              description="Optional, 0–50; not for a prescribed NAV formula"
              decimalScale={2}
              error={err.dlomPercent?.message}
            />
            <Textarea
              label="Why this discount"
              description="Required with a discount"
              autosize
              minRows={1}
              {...form.register('dlomRationale', { setValueAs: (v: string) => v || undefined })}
              error={err.dlomRationale?.message}
            />
          </Group>
        )}
        {previous && <Changes previous={previous} values={form.watch()} />}
        <Warnings warnings={lock.data?.warnings} />
        <FormError
          error={lock.error}
          title="Could not lock the assumptions"
          fieldsShown={[
            'wacc',
            'terminalGrowthRate',
            'rationale',
            'methodWeights',
            'weightsRationale',
            'dlomPercent',
            'dlomRationale',
            'projectionsReasonableness',
          ]}
        />
        {confirming ? (
          <LockSummary
            values={confirming}
            pending={lock.isPending}
            onConfirm={() => lock.mutate(confirming, { onSettled: () => setConfirming(null) })}
            onCancel={() => setConfirming(null)}
          />
        ) : (
          <Group>
            <Button type="submit" loading={lock.isPending}>
              Lock assumptions
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

const pct = (n: number | undefined) => (n === undefined ? null : `${n} %`);

/** What the lock fixes, said once more before it is made; the valuation runs as soon as it is confirmed. */
function LockSummary({
  values,
  pending,
  onConfirm,
  onCancel,
}: {
  values: z.output<typeof lockAssumptionsBody>;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const weights = Object.entries(values.methodWeights ?? {}).filter(([, w]) => w !== undefined);
  const rows: [string, string | null][] = [
    ['WACC', pct(values.wacc)],
    ['Terminal growth', pct(values.terminalGrowthRate)],
    [
      'Method weights',
      weights.length
        ? weights.map(([m, w]) => `${m === 'DCF' || m === 'NAV' ? m : (METHOD_TITLES[m] ?? m)} ${w} %`).join(', ')
        : null,
    ],
    ['Discount for lack of marketability', pct(values.dlomPercent)],
    ['Discount for lack of control', pct(values.dlocPercent)],
    ['Mid-year discounting', values.midYear ? 'Yes' : null],
  ];
  return (
    <Paper withBorder p="sm" radius="md" data-testid="lock-summary" role="region" aria-label="Confirm the lock">
      <Stack gap="xs">
        <Text fw={600}>Lock these assumptions?</Text>
        {rows
          .filter(([, v]) => v !== null)
          .map(([k, v]) => (
            <Text size="sm" key={k}>
              {k}: {v}
            </Text>
          ))}
        <Text size="sm" c="gray.7">
          The service values the company as soon as they are locked, and the figures go to Gate 1 (review of the data
          and assumptions). Changing them afterwards needs a return for revision. No one is e-mailed about the lock.
        </Text>
        <Group>
          <Button onClick={onConfirm} loading={pending} data-testid="confirm-lock">
            Lock and value
          </Button>
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Go back
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
