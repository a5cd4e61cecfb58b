// The ingested financials as the valuation reads them: balance sheet, history and projections, under
// the valuer's own labels.
import type { ReactNode } from 'react';
import { ScrollX } from '../ScrollX';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import { date, groupIndian, rupees } from '../../lib/format';
import { rupeesIn, UNIT_WORDS } from '../../../../src/contract/money-format';
import { financialLabel } from '../../../../src/contract/financial-labels';
import { EQUITY_AND_LIABILITY_FIELDS, type ShareholdingLine } from '../../../../src/contract/balance-sheet';
import { FormError } from '../FormError';
import { DataTable } from '../DataTable';

// The generated type says unknown for the decimal strings (a custom check in the schema): every amount is one.
type Row = Record<string, string> & { year: string };
type Financials = {
  sourceUnit: string;
  balanceSheetDate: string;
  shares: { equitySharesOutstanding: string; faceValuePerShare: string };
  balanceSheet: Record<string, string>;
  navAdjustments: Record<string, string | undefined>;
  projections: Row[];
  nonOperatingAssets: string;
  equityBridge?: {
    nonOperatingAssets?: { name: string; fairValue: string }[];
    leaseLiabilities?: string;
    minorityInterest?: string;
    surplusCash?: string;
    cashAdjustmentSinceBalanceSheet?: string;
    contingentLiabilities?: { description: string; amount: string; probability: string }[];
  };
  peers: { name: string; evToEbitda?: string; evToRevenue?: string; peRatio?: string; priceToBook?: string }[];
  liquidation?: {
    assets: {
      assetClass: string;
      description?: string;
      bookValue: string;
      fairValue?: string;
      liquidationValue?: string;
      estimates?: unknown[];
    }[];
    liquidationCosts: string;
    liabilities?: string;
  };
  history?: Row[];
  shareholding?: ShareholdingLine[];
};

const LIABILITY_KEYS = new Set<string>(EQUITY_AND_LIABILITY_FIELDS);

/** A label column and amount columns; every table scrolls inside its own box. */
function FigureTable({
  label,
  head,
  rows,
}: {
  label: string;
  head?: string[];
  rows: { key: string; label: string; cells: string[] }[];
}) {
  if (rows.length === 0) return null;
  const cols = head?.length ?? rows[0].cells.length;
  return (
    <ScrollX minWidth={cols > 2 ? 560 : 320} label={`${label} (scrolls sideways)`}>
      <Table aria-label={label} striped>
        {head ? (
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{label}</Table.Th>
              {head.map((h) => (
                <Table.Th key={h} ta="right">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        ) : null}
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Th scope="row" fw={500}>
                {r.label}
              </Table.Th>
              {r.cells.map((c, i) => (
                <Table.Td key={i} ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollX>
  );
}

/** A heading over its table. */
const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <>
    <Title order={4} size="h5">
      {title}
    </Title>
    {children}
  </>
);

const times = (v: string | undefined) => (v === undefined ? '—' : `${v}×`);

export function FinancialsPreview({ id }: { id: string }) {
  const fin = useQuery({
    queryKey: ['engagement', id, 'financials'],
    queryFn: async () =>
      (await call(api.GET('/api/v1/engagements/{id}/financials', { params: { path: { id } } })))
        .financials as unknown as Financials,
  });
  const f = fin.data;
  if (!f) return <FormError error={fin.error} title="Could not load the ingested financials" />;
  const unit = f.sourceUnit;
  const amount = (v: string) => rupeesIn(v, unit);
  // The document's own unit in every table (lakh, crore), the heading saying which.
  const inWords = UNIT_WORDS[unit] ? `₹ ${UNIT_WORDS[unit]}` : '₹';
  const lines = (o: Record<string, string | undefined>, keep: (k: string) => boolean = () => true) =>
    Object.entries(o)
      .filter(([k, v]) => v !== undefined && keep(k))
      .map(([k, v]) => ({ key: k, label: financialLabel(k), cells: [amount(v!)] }));
  const perYear = (years: Record<string, string>[]) => {
    const keys = years.length ? Object.keys(years[0]).filter((k) => k !== 'year') : [];
    return keys.map((k) => ({
      key: k,
      label: financialLabel(k),
      cells: years.map((y) => (k === 'taxRate' ? `${y[k]} %` : amount(y[k]))),
    }));
  };
  const history = f.history ?? [];
  const shareholding = f.shareholding ?? [];
  const bridge = f.equityBridge;
  return (
    <Stack gap="sm" data-testid="financials-preview">
      <Title order={3} size="h4">
        Ingested financials
      </Title>
      <Text size="sm">
        Balance sheet at {date(f.balanceSheetDate)}. Amounts in {inWords}, as in the document.{' '}
        {groupIndian(f.shares.equitySharesOutstanding.replace(/\.0+$/, ''))} equity shares of{' '}
        {rupeesIn(f.shares.faceValuePerShare, 'RUPEES')} each.
      </Text>
      <Title order={4} size="h5">
        Balance sheet
      </Title>
      <FigureTable
        label="Equity and liabilities"
        head={[inWords]}
        rows={lines(f.balanceSheet, (k) => LIABILITY_KEYS.has(k))}
      />
      <FigureTable label="Assets" head={[inWords]} rows={lines(f.balanceSheet, (k) => !LIABILITY_KEYS.has(k))} />
      {f.projections.length > 0 && (
        <Section title="Projections">
          <FigureTable
            label={`Projections (${inWords})`}
            head={f.projections.map((p) => p.year)}
            rows={perYear(f.projections)}
          />
        </Section>
      )}
      {history.length > 0 && (
        <Section title="Historical performance">
          <FigureTable label={`History (${inWords})`} head={history.map((y) => y.year)} rows={perYear(history)} />
        </Section>
      )}
      {Object.values(f.navAdjustments).some((v) => v !== undefined && !/^0+(\.0+)?$/.test(v)) && (
        <Section title="Net asset value adjustments (Rule 11UA)">
          <FigureTable
            label="Adjustments"
            head={[inWords]}
            rows={lines(f.navAdjustments, (k) => !/^0+(\.0+)?$/.test(f.navAdjustments[k] ?? '0'))}
          />
        </Section>
      )}
      {(!/^0+(\.0+)?$/.test(f.nonOperatingAssets) || bridge) && (
        <Section title="Equity bridge">
          <FigureTable
            label="Equity bridge"
            head={[inWords]}
            rows={[
              ...(bridge?.nonOperatingAssets ?? []).map((a, i) => ({
                key: `noa-${i}`,
                label: `Non-operating asset: ${a.name}`,
                cells: [amount(a.fairValue)],
              })),
              ...(!bridge?.nonOperatingAssets?.length
                ? [{ key: 'noa', label: 'Non-operating assets', cells: [amount(f.nonOperatingAssets)] }]
                : []),
              ...lines({
                leaseLiabilities: bridge?.leaseLiabilities,
                minorityInterest: bridge?.minorityInterest,
                surplusCash: bridge?.surplusCash,
                cashAdjustmentSinceBalanceSheet: bridge?.cashAdjustmentSinceBalanceSheet,
              }),
              ...(bridge?.contingentLiabilities ?? []).map((c, i) => ({
                key: `cl-${i}`,
                label: `Contingent liability: ${c.description} (${c.probability} % likely)`,
                cells: [amount(c.amount)],
              })),
            ]}
          />
        </Section>
      )}
      {shareholding.length > 0 && (
        <Section title="Shareholding">
          <DataTable
            label="Shareholding"
            minWidth={560}
            scrollLabel="Shareholding (scrolls sideways)"
            columns={[
              'Holder',
              'Instrument',
              { label: 'Number', ta: 'right' },
              { label: 'Face value (₹)', ta: 'right' },
              { label: 'Terms', ta: 'right' },
            ]}
          >
            {shareholding.map((r, i) => (
              <Table.Tr key={i}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.holder}</Table.Td>
                <Table.Td>{financialLabel(r.instrument)}</Table.Td>
                <Table.Td ta="right">{groupIndian(r.number.replace(/\.0+$/, ''))}</Table.Td>
                <Table.Td ta="right">{rupeesIn(r.faceValue, 'RUPEES')}</Table.Td>
                <Table.Td ta="right">
                  {r.conversionRatio
                    ? `converts at ${r.conversionRatio} : 1`
                    : r.exercisePrice
                      ? `exercise price ${rupees(r.exercisePrice)}`
                      : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Section>
      )}
      {f.peers.length > 0 && (
        <Section title="Comparable companies">
          <FigureTable
            label="Peers"
            head={['EV / EBITDA', 'EV / Revenue', 'Price / Earnings', 'Price / Book value']}
            rows={f.peers.map((p, i) => ({
              key: `${i}`,
              label: p.name,
              cells: [times(p.evToEbitda), times(p.evToRevenue), times(p.peRatio), times(p.priceToBook)],
            }))}
          />
        </Section>
      )}
      {f.liquidation && (
        <Section title="Assets on liquidation">
          <FigureTable
            label={`Liquidation (${inWords})`}
            head={['Book value', 'Fair value', 'Liquidation value']}
            rows={[
              ...f.liquidation.assets.map((a, i) => ({
                key: `a-${i}`,
                label: `${financialLabel(a.assetClass)}${a.description ? `: ${a.description}` : ''}`,
                cells: [
                  amount(a.bookValue),
                  a.fairValue ? amount(a.fairValue) : a.estimates ? `${a.estimates.length} estimates` : '—',
                  a.liquidationValue
                    ? amount(a.liquidationValue)
                    : a.estimates
                      ? `${a.estimates.length} estimates`
                      : '—',
                ],
              })),
              { key: 'costs', label: 'Costs of liquidation', cells: ['', '', amount(f.liquidation.liquidationCosts)] },
              ...(f.liquidation.liabilities
                ? [{ key: 'liab', label: 'Liabilities', cells: ['', '', amount(f.liquidation.liabilities)] }]
                : []),
            ]}
          />
        </Section>
      )}
    </Stack>
  );
}
