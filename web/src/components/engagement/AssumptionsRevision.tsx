// A round returned for revision: the reason it came back, and what the new lock changes from the last version.
import { Alert, Paper, Table, Text } from '@mantine/core';
import type { z } from 'zod';
import { lockAssumptionsBody } from '../../../../src/contract/engagement-forms';
import { type Schemas } from '../../api/client';
import { dateTime } from '../../lib/format';
import { ScrollX } from '../ScrollX';

export type Version = Schemas['AssumptionsVersion'];
const GATE_NAMES: Record<string, string> = { GATE_1: 'Gate 1', GATE_2: 'Gate 2', GATE_3: 'Gate 3' };

/** Why the engagement came back: the gate, when, and the reviewer's reason, above the form. */
export function Returned({ version }: { version: Version }) {
  const r = version.revision!;
  return (
    <Alert
      color="orange"
      variant="light"
      title={`Returned for revision at ${GATE_NAMES[r.gate] ?? r.gate} on ${dateTime(r.at)}`}
      data-testid="revision-reason"
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {r.reason}
      </Text>
      <Text size="xs" c="gray.7" mt={4}>
        The form starts from version {version.version}, as it was locked; change what the review asked for and lock
        again.
      </Text>
    </Alert>
  );
}

export type LockValues = z.input<typeof lockAssumptionsBody>;

/** A version's values as the form's starting point (the judgement it held included). */
export function valuesOf(v: Version): LockValues {
  return {
    wacc: v.wacc,
    terminalGrowthRate: v.terminalGrowthRate,
    rationale: v.rationale,
    midYear: v.midYear,
    ...(v.methodWeights && { methodWeights: v.methodWeights as LockValues['methodWeights'] }),
    ...(v.weightsRationale && { weightsRationale: v.weightsRationale }),
    ...(v.dlomPercent !== undefined && { dlomPercent: v.dlomPercent }),
    ...(v.dlomRationale && { dlomRationale: v.dlomRationale }),
    ...(v.dlocPercent !== undefined && { dlocPercent: v.dlocPercent }),
    ...(v.dlocRationale && { dlocRationale: v.dlocRationale }),
    ...(v.costOfCapital && { costOfCapital: v.costOfCapital }),
  };
}

const DIFF_LABELS: Record<string, string> = {
  wacc: 'WACC (%)',
  terminalGrowthRate: 'Terminal growth (%)',
  rationale: 'Rationale',
  midYear: 'Mid-year discounting',
  methodWeights: 'Method weights',
  weightsRationale: 'Why these weights',
  dlomPercent: 'Discount for lack of marketability (%)',
  dlomRationale: 'Why this discount',
};
const shown = (v: unknown): string => {
  if (v === undefined || v === null || v === '') return '(blank)';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'object')
    return (
      Object.entries(v as Record<string, unknown>)
        .filter(([, w]) => w !== undefined && w !== null)
        .map(([m, w]) => `${m} ${String(w)} %`)
        .join(', ') || '(none)'
    );
  const s = String(v);
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

/** What the valuer has changed from the version returned, before locking. */
export function Changes({ previous, values }: { previous: Version; values: LockValues }) {
  const before = valuesOf(previous) as Record<string, unknown>;
  const now = withoutEmptyWeights(values) as Record<string, unknown>;
  const rows = Object.keys(DIFF_LABELS).filter(
    (k) => shown(before[k]) !== shown(now[k]) || (k === 'rationale' && before[k] !== now[k]),
  );
  return (
    <Paper withBorder p="sm" radius="md" data-testid="revision-diff">
      <Text fw={600} size="sm">
        Changes from version {previous.version}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="gray.7">
          None yet: the values are those of version {previous.version}.
        </Text>
      ) : (
        <ScrollX minWidth={480} label="Changes (scrolls sideways)">
          <Table aria-label={`Changes from version ${previous.version}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Assumption</Table.Th>
                <Table.Th>Version {previous.version}</Table.Th>
                <Table.Th>Now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((k) => (
                <Table.Tr key={k}>
                  <Table.Th scope="row" fw={500}>
                    {DIFF_LABELS[k]}
                  </Table.Th>
                  <Table.Td>{shown(before[k])}</Table.Td>
                  <Table.Td>{shown(now[k])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollX>
      )}
      {previous.dlocPercent !== undefined && (
        <Text size="xs" c="gray.7" mt={4}>
          Carried over unchanged from version {previous.version}: the discount for lack of control (
          {previous.dlocPercent} %).
        </Text>
      )}
    </Paper>
  );
}

/** Weight fields left empty are not weights: drop them (and the whole map when none is filled). */
export function withoutEmptyWeights<T extends { methodWeights?: Record<string, number | undefined> }>(values: T): T {
  const filled = Object.entries(values.methodWeights ?? {}).filter(([, v]) => v !== undefined && v !== null);
  return { ...values, methodWeights: filled.length ? Object.fromEntries(filled) : undefined };
}
