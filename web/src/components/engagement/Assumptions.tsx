// The assumptions lock form (validated live with the API's own schema), then a read-only view.
import { Alert, Button, Checkbox, Group, NumberInput, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { sentenceResolver } from '../../lib/messages';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lockAssumptionsBody } from '../../../../src/contract/engagement-forms';
import { api, call, type Schemas } from '../../api/client';
import { dateTime } from '../../lib/format';
import { FormError, applyFieldErrors } from '../FormError';
import { WarningList } from '../WarningList';
import { ScrollX } from '../ScrollX';
import { CostOfCapitalBuildUp } from './CostOfCapitalBuildUp';
import { INPUT_STAGES, inStages } from '../../../../src/contract/stages';

type Engagement = Schemas['Engagement'];

/** The methods a statute's valuation produces, for the valuer's weights (the API refuses any other). */
function weightableMethods(e: Engagement): string[] {
  if (e.statute === 'COMPANIES_ACT_SEC_62') return ['DCF', 'NAV', 'COMPARABLES'];
  // NDI Rule 21: any internationally accepted pricing methodology, weighed as for s.62.
  if (e.statute === 'FEMA_RBI') return ['DCF', 'NAV', 'COMPARABLES'];
  // From 1 April 2026 (Income-tax Act, 2025) Rule 57 Sl. No. 4 is the only formula.
  if (e.statute === 'RULE_11UA' && e.transactionDate >= '2026-04-01')
    return e.purpose === 'TRANSFER_OR_RECEIPT' ? ['NAV_RULE_57'] : [];
  if (e.statute === 'RULE_11UA') return e.purpose === 'TRANSFER_OR_RECEIPT' ? ['NAV_11UA_1CB'] : ['NAV_11UA_2A', 'DCF'];
  return [];
}

function Warnings({ warnings }: { warnings?: { code: string; message: string }[] }) {
  return <WarningList warnings={warnings} title="Check these before relying on the valuation" testId="lock-warnings" />;
}

export function Assumptions({ engagement, canWrite }: { engagement: Engagement; canWrite: boolean }) {
  const a = useQuery({
    queryKey: ['engagement', engagement.id, 'assumptions', engagement.assumptionsLocked],
    queryFn: () => call(api.GET('/api/v1/engagements/{id}/assumptions', { params: { path: { id: engagement.id } } })),
  });
  const history = useQuery({
    queryKey: ['engagement', engagement.id, 'assumptions-history', engagement.status],
    queryFn: () =>
      call(api.GET('/api/v1/engagements/{id}/assumptions/history', { params: { path: { id: engagement.id } } })),
    enabled: !a.data?.locked,
  });
  const client = useQueryClient();
  if (a.data?.locked) {
    return (
      <Stack>
        <Title order={2} size="h3">
          Assumptions (locked)
        </Title>
        <Warnings
          warnings={client.getQueryData<{ code: string; message: string }[]>(['lock-warnings', engagement.id])}
        />
        <Table aria-label="Locked assumptions">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w={200}>
                WACC
              </Table.Th>
              <Table.Td data-testid="locked-wacc">{a.data.wacc} %</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Terminal growth</Table.Th>
              <Table.Td>{a.data.terminalGrowthRate} %</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Discounting</Table.Th>
              <Table.Td>{a.data.midYear ? 'Mid-year' : 'End of year'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Rationale</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{a.data.rationale}</Table.Td>
            </Table.Tr>
            {a.data.methodWeights && (
              <Table.Tr>
                <Table.Th scope="row">Method weights</Table.Th>
                <Table.Td>
                  {Object.entries(a.data.methodWeights)
                    .map(([m, w]) => `${m} ${w}%`)
                    .join(' · ')}
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {a.data.weightsRationale}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {a.data.dlomPercent !== undefined && (
              <Table.Tr>
                <Table.Th scope="row">Discount (DLOM)</Table.Th>
                <Table.Td>
                  {a.data.dlomPercent}%
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {a.data.dlomRationale}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {a.data.version && a.data.version > 1 && (
              <Table.Tr>
                <Table.Th scope="row">Round</Table.Th>
                <Table.Td>Version {a.data.version} (earlier rounds returned for revision)</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row">Locked</Table.Th>
              <Table.Td>{dateTime(a.data.lockedAt)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    );
  }
  // The last version returned for revision, if this round follows one: the form starts from it.
  const returned = [...(history.data ?? [])].reverse().find((v) => v.status === 'SUPERSEDED');
  return (
    <Stack>
      <Title order={2} size="h3">
        Assumptions
      </Title>
      {returned?.revision && <Returned version={returned} />}
      {!canWrite ? (
        <Text c="gray.7">Not locked yet. Locking needs the VALUER or ADMIN role.</Text>
      ) : !inStages(INPUT_STAGES, engagement.status) ? (
        <Text c="gray.7">Assumptions can no longer be locked: the engagement is {engagement.status}.</Text>
      ) : history.isPending ? null : (
        <LockForm key={returned?.version ?? 0} engagement={engagement} previous={returned} />
      )}
    </Stack>
  );
}

type Version = Schemas['AssumptionsVersion'];
const GATE_NAMES: Record<string, string> = { GATE_1: 'Gate 1', GATE_2: 'Gate 2', GATE_3: 'Gate 3' };

/** Why the engagement came back: the gate, when, and the reviewer's reason, above the form. */
function Returned({ version }: { version: Version }) {
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

type LockValues = z.input<typeof lockAssumptionsBody>;

/** A version's values as the form's starting point (the judgement it held included). */
function valuesOf(v: Version): LockValues {
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
function Changes({ previous, values }: { previous: Version; values: LockValues }) {
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
function withoutEmptyWeights<T extends { methodWeights?: Record<string, number | undefined> }>(values: T): T {
  const filled = Object.entries(values.methodWeights ?? {}).filter(([, v]) => v !== undefined && v !== null);
  return { ...values, methodWeights: filled.length ? Object.fromEntries(filled) : undefined };
}

function LockForm({ engagement, previous }: { engagement: Engagement; previous?: Version }) {
  const id = engagement.id;
  const methods = weightableMethods(engagement);
  const client = useQueryClient();
  const form = useForm<z.input<typeof lockAssumptionsBody>>({
    resolver: sentenceResolver(lockAssumptionsBody, withoutEmptyWeights),
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
  const err = form.formState.errors as Record<string, { message?: string } | undefined>;
  const weightErr = (m: string) =>
    (form.formState.errors.methodWeights as Record<string, { message?: string }> | undefined)?.[m]?.message;
  return (
    <form onSubmit={form.handleSubmit((v) => lock.mutate(v))} noValidate aria-label="Lock assumptions">
      <Stack maw={640}>
        <Group grow align="start">
          <Controller
            control={form.control}
            name="wacc"
            render={({ field }) => (
              <NumberInput
                label="WACC (%)"
                description="12.5 means 12.5 %"
                withAsterisk
                decimalScale={4}
                value={field.value ?? ''}
                onChange={(v) => {
                  field.onChange(v === '' ? undefined : Number(v));
                  void form.trigger('terminalGrowthRate');
                }}
                onBlur={field.onBlur}
                error={err.wacc?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="terminalGrowthRate"
            render={({ field }) => (
              <NumberInput
                label="Terminal growth (%)"
                description="Must be below WACC"
                withAsterisk
                decimalScale={4}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
                onBlur={field.onBlur}
                error={err.terminalGrowthRate?.message}
              />
            )}
          />
        </Group>
        <CostOfCapitalBuildUp form={form} />
        <Textarea
          label="Rationale"
          description="Why these rates: sources, beta, risk premia (at least 20 characters)"
          withAsterisk
          autosize
          minRows={3}
          {...form.register('rationale')}
          error={err.rationale?.message}
        />
        <Checkbox label="Mid-year discounting" {...form.register('midYear')} />
        {methods.length > 1 && (
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Method weights (optional; percent, adding up to 100)
              </Text>
              <Group grow align="start">
                {methods.map((m) => (
                  <Controller
                    key={m}
                    control={form.control}
                    name={`methodWeights.${m}` as never}
                    render={({ field }) => (
                      <NumberInput
                        label={m}
                        decimalScale={2}
                        value={(field.value as number | undefined) ?? ''}
                        onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
                        error={weightErr(m)}
                      />
                    )}
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
        {!['IBC_LIQUIDATION'].includes(engagement.statute) && (
          <Group grow align="start">
            <Controller
              control={form.control}
              name="dlomPercent"
              render={({ field }) => (
                <NumberInput
                  label="Discount for lack of marketability (%)"
                  description="Optional, 0–50; not for a prescribed NAV formula"
                  decimalScale={2}
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
                  error={err.dlomPercent?.message}
                />
              )}
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
          ]}
        />
        <Group>
          <Button type="submit" loading={lock.isPending}>
            Lock assumptions
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
