// The valuation: conclusion, each method with every line, the sensitivity grid as a heat map, and a
// chart comparing the methods' values per share (echarts, loaded only when this view opens).
import { Busy } from '../Busy';
import { ScrollX } from '../ScrollX';
import { WarningList } from '../WarningList';
import { lazy, Suspense } from 'react';
import { Accordion, Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { saveBlob } from '../../lib/download';
import { engagementFileName } from '../../../../src/contract/file-names';
import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { Decimal } from 'decimal.js';
import { codeWords, groupIndian, rupees, dateTime } from '../../lib/format';
import { VALUED_STAGES, inStages } from '../../../../src/contract/stages';
import { DataTable } from '../DataTable';

const MethodsChart = lazy(() => import('./MethodsChart'));
const ACT_LABELS: Record<string, string> = {
  INCOME_TAX_ACT_2025: 'Income-tax Act, 2025',
  INCOME_TAX_ACT_1961: 'Income-tax Act, 1961',
  COMPANIES_ACT_2013: 'Companies Act, 2013',
  FOREIGN_EXCHANGE_MANAGEMENT_ACT_1999: 'Foreign Exchange Management Act, 1999',
  INSOLVENCY_AND_BANKRUPTCY_CODE_2016: 'Insolvency and Bankruptcy Code, 2016',
};
type Valuation = Schemas['Valuation'];

export function useValuation(engagement: Schemas['Engagement']) {
  return useQuery({
    queryKey: ['engagement', engagement.id, 'valuation'],
    queryFn: () => call(api.GET('/api/v1/engagements/{id}/valuation', { params: { path: { id: engagement.id } } })),
    enabled: inStages(VALUED_STAGES, engagement.status),
  });
}

type Unit = 'LAKH' | 'CRORE';
/**
 * As the report's tables: crore when the largest amount reaches ₹100 crore, else lakh (src/reports/sections/units.ts).
 * One unit per screen: every table of the valuation, and the IBC headline, use the unit of the largest amount in any.
 */
export function unitOf(lines: { value: string; kind: string }[]): Unit {
  const amounts = lines
    .filter((l) => l.kind === 'AMOUNT' && NUMBER.test(l.value))
    .map((l) => new Decimal(l.value).abs());
  return amounts.some((a) => a.gte(1_000_000_000)) ? 'CRORE' : 'LAKH';
}
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Amounts in the table's unit (₹ lakh or crore, said in its heading), per-share values in ₹ with paise, counts grouped the Indian way. */
function formatLine(value: string, kind: string, unit: Unit) {
  if (!NUMBER.test(value)) return value;
  if (kind === 'AMOUNT') return rupees(unitAmount(value, unit)).replace('₹', '');
  if (kind === 'PER_SHARE') return rupees(new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
  if (kind === 'PERCENT') return `${value}%`;
  if (kind === 'MULTIPLE') return `${value}×`;
  if (kind === 'COUNT') {
    const [int, frac] = value.replace('-', '').split('.');
    return `${value.startsWith('-') ? '−' : ''}${groupIndian(int!)}${frac ? `.${frac}` : ''}`;
  }
  return value;
}
const UNIT_LABEL: Record<Unit, string> = { LAKH: '₹ lakh', CRORE: '₹ crore' };

/** An amount in rupees in the unit, two decimals, rounded half-up: "503.00" for ₹503 crore. */
const unitAmount = (value: string, unit: Unit): string =>
  new Decimal(value)
    .div(unit === 'CRORE' ? 10_000_000 : 100_000)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);

/** An amount in rupees said in the screen's unit: "₹503.00 crore". */
export function inUnit(value: string, unit: Unit): string {
  if (!NUMBER.test(value)) return value;
  return `${rupees(unitAmount(value, unit))} ${unit === 'CRORE' ? 'crore' : 'lakh'}`;
}

export function ValuationView({ engagement }: { engagement: Schemas['Engagement'] }) {
  const v = useValuation(engagement);
  if (!inStages(VALUED_STAGES, engagement.status)) {
    return (
      <Text c="gray.7">
        {engagement.status === 'COMPUTING'
          ? 'Computing the valuation…'
          : 'The valuation appears here once the financials are ready and the assumptions are locked.'}
      </Text>
    );
  }
  if (!v.data) return v.isPending ? <Busy label="Loading valuation" /> : <Alert color="red">{v.error?.message}</Alert>;
  const val = v.data;
  const unit = unitOf(val.methods.flatMap((m) => m.lines));
  const ibc = val.statute === 'IBC_LIQUIDATION';
  // An IBC method's figure is the assets' total on its basis, as the conclusion states it.
  const ibcTotal = (method: string) =>
    method === 'FAIR_VALUE' ? val.conclusion.fairValue?.totalValue : val.conclusion.liquidationValue?.totalValue;
  return (
    <Stack>
      <Title order={2} size="h3">
        Valuation
      </Title>
      <Conclusion val={val} />
      <Group>
        <Button variant="default" size="xs" onClick={() => void downloadWorkpapers(engagement)}>
          Download live workpapers (XLSX)
        </Button>
      </Group>
      {val.compliance && <Compliance c={val.compliance} />}
      <WarningList warnings={val.warnings} title="Warnings" testId="valuation-warnings" />
      {/* IBC values the corporate debtor's assets, never its shares: no chart of values per share. */}
      {!ibc && (
        <Suspense fallback={<Busy label="Loading chart" />}>
          <MethodsChart
            methods={val.methods.map((m) => ({ label: m.title, value: m.valuePerShare }))}
            concluded={val.conclusion.valuePerShare ?? undefined}
          />
        </Suspense>
      )}
      <Accordion multiple variant="separated">
        {val.methods.map((m) => (
          <Accordion.Item key={m.method} value={m.method}>
            <Accordion.Control>
              <Group justify="space-between" wrap="wrap" pr="sm">
                <Text fw={600}>{m.title}</Text>
                <Text ff="monospace">
                  {ibc
                    ? `${inUnit(ibcTotal(m.method) ?? m.equityValue, unit)} in total`
                    : `${rupees(m.valuePerShare)} per share`}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" c="gray.7" data-testid="method-unit">
                Amounts in {UNIT_LABEL[unit]}
                {ibc ? '' : '; values per share in ₹'}
              </Text>
              <ScrollX minWidth={420}>
                <Table aria-label={`${m.title} lines (amounts in ${UNIT_LABEL[unit]})`} striped>
                  <Table.Tbody>
                    {m.lines.map((l, i) => (
                      <Table.Tr key={i}>
                        <Table.Td>
                          {l.label}
                          {l.note && (
                            <Text size="xs" c="gray.7">
                              {l.note}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                          {formatLine(l.value, l.kind, unit)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollX>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {val.sensitivity && <Sensitivity s={val.sensitivity} />}
      <Text size="xs" c="gray.7">
        Engine {val.engineVersion} · computed {dateTime(val.computedAt)} · {codeWords(val.conventions.rounding)}
      </Text>
    </Stack>
  );
}

function Conclusion({ val }: { val: Valuation }) {
  const c = val.conclusion;
  const unit = unitOf(val.methods.flatMap((m) => m.lines));
  return (
    <Paper withBorder p="md" radius="md" bg="indigo.0">
      <Stack gap={4}>
        {c.valuePerShare && (
          <Group gap="xs" align="baseline" wrap="wrap">
            <Text fw={600}>Concluded value per share</Text>
            <Text fz={28} fw={800} c="indigo.9" data-testid="concluded-value">
              {rupees(c.valuePerShare)}
            </Text>
            {c.floorOrCeiling && <Badge color="grape">{c.floorOrCeiling}</Badge>}
          </Group>
        )}
        {/* IBC: the assets' value in total is the headline, never a value per share. */}
        {c.fairValue && (
          <Text>
            <strong>Fair value of the assets:</strong>{' '}
            <span data-testid="concluded-value">{inUnit(c.fairValue.totalValue ?? c.fairValue.equityValue, unit)}</span>{' '}
            (left for equity after creditors and preference capital: {inUnit(c.fairValue.equityValue, unit)})
          </Text>
        )}
        {c.liquidationValue && (
          <Text>
            <strong>{c.fairValue ? 'Liquidation value' : 'Realisable value'} of the assets:</strong>{' '}
            <span data-testid={c.fairValue ? undefined : 'concluded-value'}>
              {inUnit(c.liquidationValue.totalValue ?? c.liquidationValue.equityValue, unit)}
            </span>{' '}
            (left for equity: {inUnit(c.liquidationValue.equityValue, unit)})
          </Text>
        )}
        {val.statute === 'IBC_LIQUIDATION' && val.purpose !== 'LIQUIDATION_REALISABLE_VALUE' && (
          <Text size="sm" c="gray.7">
            Confidential (CIRP Regulations, Reg 35(2)): shared with the committee of creditors only after resolution
            plans are received, against a confidentiality undertaking.
          </Text>
        )}
        {c.byPurpose?.map((p) => (
          <Text key={p.purpose + p.method}>
            <strong>{codeWords(p.purpose)}</strong> ({codeWords(p.method)}):{' '}
            <span data-testid="concluded-value">{rupees(p.valuePerShare)}</span>
            {p.floorOrCeiling ? ` · ${codeWords(p.floorOrCeiling)}` : ''}
          </Text>
        ))}
        <Text size="sm">{codeWords(c.basis)}</Text>
        {val.legalBasis && (
          <Text size="sm" data-testid="legal-basis">
            <strong>Legal basis:</strong> {ACT_LABELS[val.legalBasis.act] ?? val.legalBasis.act}
            {val.legalBasis.provisions.length ? `: ${val.legalBasis.provisions.join(', ')}` : ''};{' '}
            {val.legalBasis.rules.join('; ')}
          </Text>
        )}
        {c.weightsSetBy && (
          <Text size="sm">
            <strong>Weights:</strong> {c.weightsSetBy === 'VALUER' ? 'set by the valuer' : 'the engine default'}
            {c.weightsRationale ? ` — ${c.weightsRationale}` : ''}
          </Text>
        )}
        {c.discount && (
          <Text size="sm" data-testid="discount">
            <strong>Discount for lack of marketability {c.discount.percent}%:</strong>{' '}
            {rupees(c.discount.valueBeforeDiscount)} before, less {rupees(c.discount.discountPerShare)},{' '}
            {rupees(c.discount.valueAfterDiscount)} after — {c.discount.rationale}
          </Text>
        )}
        {c.fairValue?.shortfall && (
          <Text size="sm" c="red.9">
            Shortfall to creditors (fair value): {rupees(c.fairValue.shortfall)}; equity receives nil.
          </Text>
        )}
        {c.liquidationValue?.shortfall && (
          <Text size="sm" c="red.9">
            Shortfall to creditors (liquidation value): {rupees(c.liquidationValue.shortfall)}; equity receives nil.
          </Text>
        )}
        {c.weights && (
          <Table aria-label="Method weights" mt="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Method</Table.Th>
                <Table.Th ta="right">Weight</Table.Th>
                <Table.Th ta="right">Value per share</Table.Th>
                <Table.Th ta="right">Weighted</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.weights.map((w) => (
                <Table.Tr key={w.method}>
                  <Table.Td>{codeWords(w.method)}</Table.Td>
                  <Table.Td ta="right">{w.weightPercent}%</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {rupees(w.valuePerShare)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {rupees(w.weightedValuePerShare)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

async function downloadWorkpapers(engagement: Schemas['Engagement']) {
  const { data, response } = await api.GET('/api/v1/engagements/{id}/valuation/workpapers.xlsx', {
    params: { path: { id: engagement.id } },
    parseAs: 'blob',
  });
  if (response.ok && data) saveBlob(data as unknown as Blob, engagementFileName(engagement, 'Workpapers', 'xlsx'));
}

/** The proposed price tested against the rule the statute sets, per purpose. */
function Compliance({ c }: { c: NonNullable<Valuation['compliance']> }) {
  return (
    <Stack gap="xs" data-testid="compliance">
      <Title order={3} size="h4">
        Proposed price {rupees(c.proposedPricePerShare)} per share
      </Title>
      <DataTable
        label="Price compliance"
        minWidth={640}
        columns={[
          'Rule',
          'Test',
          { label: 'Line', ta: 'right' },
          { label: 'Margin', ta: 'right' },
          { label: 'Result', miw: 130 },
        ]}
      >
        {c.tests.map((t, i) => (
          <Table.Tr key={i}>
            <Table.Td>
              {t.rule}
              {t.purpose ? (
                <Text size="xs" c="gray.7">
                  {codeWords(t.purpose)}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              {t.test}
              <Text size="xs" c="gray.7">
                {t.note}
              </Text>
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {rupees(t.linePerShare)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {rupees(t.margin)} ({t.marginPercent}%)
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {!t.applies ? (
                <Badge color="gray.7">not applicable</Badge>
              ) : t.passes ? (
                <Badge color="green.8">passes</Badge>
              ) : (
                <Badge color="red.9">fails</Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}

/** Heat map: each cell tinted by its value between the grid's lowest and highest (text stays dark for contrast). */
function Sensitivity({ s }: { s: NonNullable<Valuation['sensitivity']> }) {
  const nums = s.grid
    .flat()
    .filter((x): x is string => x !== null)
    .map(Number);
  const lo = Math.min(...nums);
  const hi = Math.max(...nums);
  const tint = (v: string | null) => {
    if (v === null) return '#f1f3f5';
    const t = hi === lo ? 0.5 : (Number(v) - lo) / (hi - lo);
    return `hsl(${Math.round(t * 120)}, 70%, ${88 - t * 6}%)`;
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Sensitivity: DCF value per share
      </Title>
      <Text size="sm">
        Rows: WACC; columns: terminal growth. Red is lowest, green highest; “–” where growth ≥ WACC.
      </Text>
      <ScrollX minWidth={520}>
        <Table withTableBorder withColumnBorders aria-label="Sensitivity grid" data-testid="sensitivity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>WACC \ g</Table.Th>
              {s.growthValues.map((g) => (
                <Table.Th key={g} ta="right">
                  {g}%
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.grid.map((row, i) => (
              <Table.Tr key={s.waccValues[i]}>
                <Table.Th scope="row">{s.waccValues[i]}%</Table.Th>
                {row.map((cell, j) => (
                  <Table.Td
                    key={j}
                    ta="right"
                    ff="monospace"
                    style={{ background: tint(cell), color: '#1a1b1e', whiteSpace: 'nowrap' }}
                  >
                    {cell === null ? '–' : rupees(cell)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollX>
    </Stack>
  );
}
