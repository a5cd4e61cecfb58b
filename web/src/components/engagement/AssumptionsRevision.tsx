// A round returned for revision: the reason it came back, and what the new lock changes from the last version.
import { Alert, Text } from '@mantine/core';
import type { z } from 'zod';
import { lockAssumptionsBody } from '../../../../src/contract/lock-forms';
import { gateInWords, isGate } from '../../../../src/contract/stages';
import { type Schemas } from '../../api/client';
import { dateTime } from '../../lib/format';
import { Diff, type AssumptionSet } from './AssumptionsLocked';

export type Version = Schemas['AssumptionsVersion'];

/** Why the engagement came back: the gate, when, and the reviewer's reason, above the form. */
export function Returned({ version }: { version: Version }) {
  const r = version.revision!;
  // Who returned it: the API answers the member's name (the id where the member is gone).
  const by = r.by;
  return (
    <Alert
      color="orange"
      variant="light"
      title={`Returned for revision at ${isGate(r.gate) ? gateInWords(r.gate) : r.gate}${by ? ` by ${by}` : ''} on ${dateTime(r.at)}`}
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
    ...(v.marketApproach && { marketApproach: v.marketApproach }),
    ...(v.projectionsReasonableness && { projectionsReasonableness: v.projectionsReasonableness }),
  };
}

/** What the valuer has changed from the version returned, before locking: every input, old → new. */
export function Changes({ previous, values }: { previous: Version; values: LockValues }) {
  return (
    <Diff
      before={valuesOf(previous)}
      after={withoutEmptyWeights(values) as AssumptionSet}
      beforeName={`version ${previous.version}`}
      afterName="Now"
    />
  );
}

/** Weight fields left empty are not weights: drop them (and the whole map when none is filled). */
export function withoutEmptyWeights<T extends { methodWeights?: Record<string, number | undefined> }>(values: T): T {
  const filled = Object.entries(values.methodWeights ?? {}).filter(([, v]) => v !== undefined && v !== null);
  return { ...values, methodWeights: filled.length ? Object.fromEntries(filled) : undefined };
}
