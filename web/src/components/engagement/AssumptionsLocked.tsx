// The locked assumptions read-only, every input they hold (the WACC build-up with its source and each
// premium, the weights, the discounts, the market approach to the peers), and what a relock after a
// return for revision changed, input by input, old → new (docs/valuation-method.md, Cost of capital).
import { Paper, Table, Text } from '@mantine/core';
import { type Schemas } from '../../api/client';
import { costOfCapitalFigures, type CostOfCapitalParts } from '../../../../src/contract/cost-of-capital';
import { METHOD_TITLES } from '../../../../src/contract/vocabulary';
import { ScrollX } from '../ScrollX';
import { date } from '../../lib/format';

type Version = Schemas['AssumptionsVersion'];
/** What a locked set, a version or the lock form's values hold (the form's may be incomplete). */
export type AssumptionSet = Partial<
  Pick<
    Version,
    | 'wacc'
    | 'terminalGrowthRate'
    | 'rationale'
    | 'midYear'
    | 'weightsRationale'
    | 'dlomPercent'
    | 'dlomRationale'
    | 'dlocPercent'
    | 'dlocRationale'
    | 'marketApproach'
  >
> & {
  methodWeights?: Record<string, number | undefined>;
  costOfCapital?: Partial<Version['costOfCapital'] & object>;
};

export interface Row {
  key: string;
  label: string;
  value: string;
  /** Written judgement, shown whole with its line breaks. */
  text?: boolean;
}

const pct = (n: number | undefined | null) => (n === undefined || n === null ? '' : `${n} %`);
const MULTIPLES: Record<string, string> = {
  evToEbitda: 'EV/EBITDA',
  evToRevenue: 'EV/Revenue',
  peRatio: 'P/E',
  priceToBook: 'Price to book',
};
const statistic = (s: string | undefined, p: number | undefined) =>
  s === 'PERCENTILE' ? `Percentile ${p ?? ''}`.trim() : s === 'MEAN' ? 'Mean' : s === 'MEDIAN' ? 'Median' : '';

const COMPLETE = ['riskFreeRate', 'equityRiskPremium', 'beta', 'debtToEquity', 'taxRate', 'preTaxCostOfDebt'];

/** Every input of a set, in the order the form asks for them; blank ones left out. */
export function assumptionRows(a: AssumptionSet): Row[] {
  const rows: Row[] = [];
  const add = (key: string, label: string, value: string | undefined, text = false) => {
    if (value !== undefined && value !== '') rows.push({ key, label, value, text });
  };
  add('wacc', 'WACC', pct(a.wacc));
  add('terminalGrowthRate', 'Terminal growth', pct(a.terminalGrowthRate));
  // No discounting convention where no rates were locked (a prescribed NAV has no DCF).
  const discounting = a.midYear === undefined || a.wacc === undefined ? undefined : a.midYear;
  add('midYear', 'Discounting', discounting === undefined ? undefined : discounting ? 'Mid-year' : 'End of year');
  add('rationale', 'Rationale', a.rationale, true);
  const c = a.costOfCapital;
  if (c) {
    add('coc.source', 'Build-up: source of the figures', c.source, true);
    add('coc.sourceDate', 'Build-up: figures read on', c.sourceDate ? date(c.sourceDate) : undefined);
    add('coc.riskFreeRate', 'Risk-free rate', pct(c.riskFreeRate));
    add('coc.equityRiskPremium', 'Equity risk premium', pct(c.equityRiskPremium));
    add(
      'coc.beta',
      c.betaBasis === 'LEVERED' ? 'Beta (levered, as given)' : 'Beta (unlevered, relevered)',
      c.beta === undefined ? undefined : String(c.beta),
    );
    add('coc.debtToEquity', 'Debt to equity', c.debtToEquity === undefined ? undefined : String(c.debtToEquity));
    add('coc.taxRate', 'Tax rate', pct(c.taxRate));
    add('coc.preTaxCostOfDebt', 'Pre-tax cost of debt', pct(c.preTaxCostOfDebt));
    add('coc.sizePremium', 'Size premium', pct(c.sizePremium));
    add('coc.companySpecificPremium', 'Company-specific premium', pct(c.companySpecificPremium));
    if (COMPLETE.every((k) => typeof c[k as keyof typeof c] === 'number')) {
      const f = costOfCapitalFigures({ betaBasis: 'UNLEVERED', ...c } as CostOfCapitalParts);
      add('coc.leveredBeta', 'Relevered beta βL', f.leveredBeta.toFixed(4));
      add('coc.costOfEquity', 'Cost of equity Ke', `${f.costOfEquity.toFixed(4)} %`);
      add('coc.costOfDebtAfterTax', 'Cost of debt after tax', `${f.costOfDebtAfterTax.toFixed(4)} %`);
      add('coc.equityWeight', 'Weight of equity E/V', f.equityWeight.toFixed(4));
      add('coc.debtWeight', 'Weight of debt D/V', f.debtWeight.toFixed(4));
    }
  }
  for (const [m, w] of Object.entries(a.methodWeights ?? {})) {
    if (w !== undefined && w !== null) add(`weight.${m}`, `Weight: ${METHOD_TITLES[m] ?? m}`, pct(w));
  }
  add('weightsRationale', 'Why these weights', a.weightsRationale, true);
  add('dlocPercent', 'Discount for lack of control', pct(a.dlocPercent));
  add('dlocRationale', 'Why this discount for lack of control', a.dlocRationale, true);
  add('dlomPercent', 'Discount for lack of marketability', pct(a.dlomPercent));
  add('dlomRationale', 'Why this discount for lack of marketability', a.dlomRationale, true);
  const m = a.marketApproach;
  if (m) {
    add('market.multiples', "Peers' multiples applied", m.multiples?.map((x) => MULTIPLES[x] ?? x).join(', '));
    add('market.statistic', "Across the peers' multiples", statistic(m.statistic, m.percentile));
    add('market.discountPercent', "Discount to the peers' multiples", pct(m.discountPercent));
    add('market.discountRationale', 'Why this discount to the peers', m.discountRationale, true);
    add(
      'market.acceptBasisMismatch',
      'Trailing and forward multiples mixed',
      m.acceptBasisMismatch === undefined ? undefined : m.acceptBasisMismatch ? 'Yes, by choice' : 'No',
    );
    add(
      'market.transactionStatistic',
      "Across the comparable transactions' multiples",
      statistic(m.transactionStatistic, m.transactionPercentile),
    );
  }
  return rows;
}

const cell = (r: Row | undefined) =>
  r ? (
    <Text span size="sm" style={r.text ? { whiteSpace: 'pre-wrap' } : undefined}>
      {r.value}
    </Text>
  ) : (
    <Text span size="sm" c="gray.7">
      (blank)
    </Text>
  );

/** The locked set, read-only: one row per input. */
export function LockedRows({ set }: { set: AssumptionSet }) {
  return (
    <>
      {assumptionRows(set).map((r) => (
        <Table.Tr key={r.key}>
          <Table.Th scope="row" w={220}>
            {r.label}
          </Table.Th>
          <Table.Td data-testid={`locked-${r.key}`}>{cell(r)}</Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

/** Every input that differs between two sets, old → new, written judgement in full. */
export function Diff({
  before,
  after,
  beforeName,
  afterName,
  testId = 'revision-diff',
}: {
  before: AssumptionSet;
  after: AssumptionSet;
  beforeName: string;
  afterName: string;
  testId?: string;
}) {
  const old = new Map(assumptionRows(before).map((r) => [r.key, r]));
  const now = new Map(assumptionRows(after).map((r) => [r.key, r]));
  const keys = [...new Set([...old.keys(), ...now.keys()])].filter((k) => old.get(k)?.value !== now.get(k)?.value);
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text fw={600} size="sm">
        Changes from {beforeName}
      </Text>
      {keys.length === 0 ? (
        <Text size="sm" c="gray.7">
          None yet: the values are those of {beforeName}.
        </Text>
      ) : (
        <ScrollX minWidth={560} label="Changes (scrolls sideways)">
          <Table aria-label={`Changes from ${beforeName}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Assumption</Table.Th>
                <Table.Th>{beforeName.charAt(0).toUpperCase() + beforeName.slice(1)}</Table.Th>
                <Table.Th aria-hidden>→</Table.Th>
                <Table.Th>{afterName}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((k) => (
                <Table.Tr key={k} data-testid={`diff-${k}`}>
                  <Table.Th scope="row" fw={500}>
                    {(now.get(k) ?? old.get(k))!.label}
                  </Table.Th>
                  <Table.Td>{cell(old.get(k))}</Table.Td>
                  <Table.Td aria-hidden>→</Table.Td>
                  <Table.Td>{cell(now.get(k))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollX>
      )}
    </Paper>
  );
}
