// The WACC built up from its parts inside the lock form: the figures are computed live with the engine's
// own formula (src/contract/cost-of-capital.ts) and the WACC field is filled with the result to 4 decimals,
// which the API requires a build-up to match.
import { useEffect, useState } from 'react';
import { Checkbox, Group, Paper, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { lockAssumptionsBody } from '../../../../src/contract/lock-forms';
import { costOfCapitalFigures, statedWaccOf, type CostOfCapitalParts } from '../../../../src/contract/cost-of-capital';
import { NumberField } from '../NumberField';
import { DateField } from '../DateField';
import { SavedBuildUps } from './SavedBuildUps';

type LockForm = UseFormReturn<z.input<typeof lockAssumptionsBody>>;

const FIELDS: [keyof CostOfCapitalParts, string, string][] = [
  ['riskFreeRate', 'Risk-free rate (%)', '10-year G-Sec yield at the valuation date'],
  ['equityRiskPremium', 'Equity risk premium (%)', ''],
  ['beta', 'Beta', ''],
  ['debtToEquity', 'Debt to equity (ratio)', '0.25 means 25 % debt to equity'],
  ['taxRate', 'Tax rate (%)', ''],
  ['preTaxCostOfDebt', 'Pre-tax cost of debt (%)', ''],
  ['sizePremium', 'Size premium (%)', 'Optional'],
  ['companySpecificPremium', 'Company-specific premium (%)', 'Optional'],
];

const complete = (c: Partial<CostOfCapitalParts> | undefined): c is CostOfCapitalParts =>
  !!c &&
  ['riskFreeRate', 'equityRiskPremium', 'beta', 'debtToEquity', 'taxRate', 'preTaxCostOfDebt'].every(
    (k) => typeof c[k as keyof CostOfCapitalParts] === 'number',
  );

export function CostOfCapitalBuildUp({ form }: { form: LockForm }) {
  // Open when the form starts from a version that was locked with a build-up (a revision).
  const [enabled, setEnabled] = useState(() => form.getValues('costOfCapital') !== undefined);
  const parts = useWatch({ control: form.control, name: 'costOfCapital' }) as Partial<CostOfCapitalParts> | undefined;
  const ready = enabled && complete(parts);
  const figures = ready ? costOfCapitalFigures(parts) : null;
  const stated = ready ? statedWaccOf(parts) : null;
  useEffect(() => {
    if (stated !== null) form.setValue('wacc', Number(stated), { shouldValidate: true });
  }, [stated, form]);
  // "Required" and the other refusals show once a field was left (touched) or the form submitted, not when
  // the build-up is first opened.
  const { errors, touchedFields, isSubmitted } = form.formState;
  const touched = (touchedFields.costOfCapital ?? {}) as Record<string, boolean | undefined>;
  const all = (errors.costOfCapital ?? {}) as Record<string, { message?: string } | undefined>;
  const err = Object.fromEntries(Object.entries(all).filter(([k]) => isSubmitted || touched[k])) as Record<
    string,
    { message?: string } | undefined
  >;
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Checkbox
          label="Build up the WACC from its parts (the report prints the build-up)"
          checked={enabled}
          onChange={(e) => {
            setEnabled(e.currentTarget.checked);
            form.setValue(
              'costOfCapital',
              e.currentTarget.checked ? ({ betaBasis: 'UNLEVERED', source: '' } as never) : undefined,
              // Closing it clears its refusals at once; opening it refuses nothing until a field is left.
              { shouldValidate: !e.currentTarget.checked },
            );
          }}
        />
        {enabled && (
          <>
            <SavedBuildUps form={form} complete={complete(parts)} />
            <Controller
              control={form.control}
              name="costOfCapital.betaBasis"
              render={({ field }) => (
                <SegmentedControl
                  aria-label="Beta basis"
                  value={field.value ?? 'UNLEVERED'}
                  onChange={field.onChange}
                  data={[
                    { value: 'UNLEVERED', label: 'Unlevered beta (relevered)' },
                    { value: 'LEVERED', label: 'Levered beta (as given)' },
                  ]}
                  w="fit-content"
                />
              )}
            />
            {[FIELDS.slice(0, 4), FIELDS.slice(4)].map((row) => (
              <Group key={row[0][0]} grow align="start">
                {row.map(([key, label, description]) => (
                  <NumberField
                    key={key}
                    control={form.control}
                    name={`costOfCapital.${key}` as never}
                    label={label}
                    description={description}
                    decimalScale={4}
                    error={err[key]?.message}
                    onLeave={() => void form.trigger(`costOfCapital.${key}` as never)}
                  />
                ))}
              </Group>
            ))}
            <Textarea
              label="Source of the figures"
              description="e.g. 10-year G-Sec yield 6.52 % on 31-10-2026 (FBIL); beta: median of four listed peers"
              autosize
              minRows={1}
              {...form.register('costOfCapital.source', {
                onBlur: () => void form.trigger('costOfCapital.source'),
              })}
              error={err.source?.message}
            />
            <DateField
              control={form.control}
              name="costOfCapital.sourceDate"
              label="Date the figures were read"
              description="Optional. Under FEMA, more than 30 days from the valuation date is warned of in the report"
              w="fit-content"
              error={(err as Record<string, { message?: string } | undefined>).sourceDate?.message}
            />
            {figures && (
              <Table aria-label="WACC build-up" data-testid="wacc-build-up">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">Relevered beta βL</Table.Th>
                    <Table.Td ta="right">{figures.leveredBeta.toFixed(6)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">Cost of equity Ke</Table.Th>
                    <Table.Td ta="right">{figures.costOfEquity.toFixed(6)} %</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">Cost of debt after tax</Table.Th>
                    <Table.Td ta="right">{figures.costOfDebtAfterTax.toFixed(6)} %</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">E/V · D/V</Table.Th>
                    <Table.Td ta="right">
                      {figures.equityWeight.toFixed(4)} · {figures.debtWeight.toFixed(4)}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">WACC</Table.Th>
                    <Table.Td ta="right" fw={600}>
                      {figures.wacc.toFixed(6)} % → {stated} % filled in above
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            )}
            {!figures && (
              <Text size="sm" c="gray.7">
                Fill in the rates, beta and debt to equity to see the WACC.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
