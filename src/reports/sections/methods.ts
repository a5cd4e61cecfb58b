// Valuation approaches and methods: each method with every intermediate figure.
import type { MethodResult, Purpose, ValuationResult } from '../../domain/valuation/types.js';
import { formatLineValue, rupees } from '../format.js';
import { perShareBases } from './per-share-basis.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';
import { emphasisedRows, grossAssetLines, humanise, lineRows, multiplesTable } from './method-lines.js';
import { chooseUnit, inUnit, unitLabel } from './units.js';
import { methodsConsidered } from './methods-considered.js';
import type { ReportInput } from '../report-input.js';
import { classApproachTable, ibcApproachReasons } from './ibc-statements.js';
import { wholeValueSection } from './ibc-whole.js';
import { annexureRef } from './annexures.js';

/**
 * A method shown for information only: under Rule 11UA one that serves another purpose than the engagement's, or
 * under a weighted statute one the valuer gave no weight. It is set out, but never described as used.
 */
/** A small count as a reader says it: "two methods", not "2 methods". */
const inWords = (n: number) => ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'][n] ?? String(n);

export function forInformation(v: ValuationResult, m: MethodResult): boolean {
  if (v.statute === 'RULE_11UA' && v.purpose && m.purposes) return !m.purposes.includes(v.purpose as Purpose);
  const weight = v.conclusion.weights?.find((x) => x.method === m.method)?.weightPercent;
  return weight !== undefined && Number(weight) === 0;
}

const IBC_APPROACH_COLUMNS = [
  { header: 'Approach', width: 0.17 },
  { header: 'Used', width: 0.13 },
  { header: 'Why', width: 0.7, plain: true },
];
const METHODS_CONSIDERED_COLUMNS = [
  { header: 'Approach', width: 0.14 },
  { header: 'Method', width: 0.22 },
  { header: 'Adopted', width: 0.12 },
  { header: 'Why', width: 0.52, plain: true },
];
/** The heading's own height with the space around it, for keeping it with its lead-in and table. */
const SECTION_HEADING_HEIGHT = 40;

export function methods(w: Writer, v: ValuationResult, input?: ReportInput): void {
  const ibc = v.statute === 'IBC_LIQUIDATION';
  const leadIn = ibc
    ? 'ICAI Valuation Standard 103 recognises three approaches: the income approach, the market approach and the cost (asset) approach. Which were used here, and why:'
    : 'ICAI Valuation Standard 103 recognises three approaches: the income approach, the market approach and the cost (asset) approach. Each method considered under them, whether it was adopted, and why:';
  const columns = ibc ? IBC_APPROACH_COLUMNS : METHODS_CONSIDERED_COLUMNS;
  const rows = !ibc
    ? methodsConsidered(v, (m) => forInformation(v, m))
    : input
      ? ibcApproachReasons(input, v.conclusion.corporateDebtor?.enterpriseValue != null)
      : approachReasons(v);
  const tableOptions = { fontSize: SIZE.small + 0.5, boldFirstColumn: true };
  // The heading, its lead-in and the table of methods on one page (the table is short): never a heading alone.
  w.keepTogether(SECTION_HEADING_HEIGHT + w.paragraphHeight(leadIn) + w.tableHeight(columns, rows, tableOptions));
  w.section('Valuation approaches and methods');
  w.paragraph(leadIn);
  w.table(columns, rows, tableOptions);
  if (ibc && input) classApproachTable(w, input);
  const shownOnly = v.methods.filter((m) => forInformation(v, m));
  const informational = shownOnly.length;
  // Net asset value at nil weight beside the income and market methods is a cross-check, and is called so.
  const asWhat = shownOnly.every((m) => m.method === 'NAV') ? 'as a cross-check' : 'for information only';
  const used = v.methods.length - informational;
  // IBC: each basis the regulations ask for is its own value, never a weighing of methods (docs/ibc-valuation.md).
  if (ibc)
    w.paragraph(
      v.purpose === 'LIQUIDATION_REALISABLE_VALUE'
        ? "The realisable value is set out below, class by class and in total, with each class's figure taken from its asset-wise workings in the annexure."
        : `The fair value and the liquidation value are set out below, class by class and in total, each class's figures from its asset-wise workings in the annexure${v.conclusion.corporateDebtor ? '; then the fair value of the corporate debtor as a whole, computed by the coordinating valuer' : ''}. Each is a value in its own right, not a weighing of methods.`,
    );
  else
    w.paragraph(
      `${used === 1 ? 'The value rests on one method' : `The value rests on ${inWords(used)} methods, weighed as the conclusion states`}${informational > 0 ? `; ${inWords(informational)} more ${informational === 1 ? 'is' : 'are'} shown ${asWhat} and ${informational === 1 ? 'does' : 'do'} not enter it` : ''}. ${used + informational === 1 ? 'It is' : 'Each is'} set out below with its intermediate figures${v.methods.some((m) => m.method === 'DCF') ? "; the discounted cash flow's years are tabled in the computation" : ''}.`,
    );
  v.methods.forEach((m, i) => {
    const unit = chooseUnit(
      m.lines.filter((l) => l.kind === 'AMOUNT' && /^[-+]?\d+(\.\d+)?$/.test(l.value)).map((l) => l.value),
    );
    w.subheading(`${String.fromCharCode(65 + i)}. ${humanise(m.title)}`);
    const summary: [string, string][] = [];
    // IBC values the corporate debtor's assets (per class and in total, gross), never a share.
    const gross = v.statute === 'IBC_LIQUIDATION' ? grossAssetLines(m) : null;
    const ibc = gross !== null;
    const shown = gross?.method ?? m;
    if (gross) {
      summary.push([`Total value of the assets, gross (${unitLabel(unit)})`, inUnit(gross.total, unit)]);
    } else {
      if (m.enterpriseValue !== undefined)
        summary.push([`Enterprise value (${unitLabel(unit)})`, inUnit(m.enterpriseValue, unit)]);
      const bases = perShareBases(m, v.methods);
      if (bases.length === 0) {
        summary.push([`Equity value (${unitLabel(unit)})`, inUnit(m.equityValue, unit)]);
        summary.push(['Value per equity share (₹)', rupees(m.valuePerShare)]);
      }
      // One basis per row: each per-share figure under the equity value and the share count it divides.
      for (const b of bases) {
        const diluted = b.basis === 'fully diluted';
        summary.push([
          `${diluted ? 'Fully diluted equity value' : 'Equity value'} (${unitLabel(unit)})`,
          inUnit(b.equity, unit),
        ]);
        summary.push([`Equity shares (${b.basis})`, formatLineValue(b.shares, 'COUNT')]);
        summary.push([`Value per equity share, ${b.basis} (₹)`, rupees(b.perShare)]);
      }
    }
    if (forInformation(v, m))
      w.paragraph(
        m.method === 'NAV'
          ? 'A cross-check at book value: this method carries no weight and does not enter the concluded value.'
          : 'Shown for information only: this method does not enter the concluded value.',
        {
          size: SIZE.small + 0.5,
          color: COLOR.muted,
          align: 'left',
        },
      );
    // Only where the methods serve different purposes (a Rule 11UA issue beside a transfer): where all serve the same
    // one, the floor or ceiling belongs with the concluded value, not with each method's figure.
    else if (m.servesPurpose && new Set(v.methods.flatMap((x) => x.purposes ?? [])).size > 1)
      w.paragraph(`Purpose served: ${humanise(m.servesPurpose)}`, {
        size: SIZE.small + 0.5,
        color: COLOR.muted,
        align: 'left',
      });
    w.table(
      [
        { header: 'Result', width: 0.5 },
        { header: 'Value', width: 0.5, align: 'right' },
      ],
      summary,
      { fontSize: SIZE.small + 0.5, boldRows: new Set([summary.length - 1]) },
    );
    const multiples = multiplesTable(m);
    if (multiples) {
      const peerWidth = 0.4;
      w.table(
        [
          { header: m.method === 'TRANSACTIONS' ? 'Deal (date)' : 'Peer', width: peerWidth },
          ...multiples.headers.map((h) => ({
            header: h,
            width: (1 - peerWidth) / multiples.headers.length,
            align: 'right' as const,
          })),
        ],
        multiples.rows,
        { fontSize: SIZE.small + 0.5 },
      );
      w.paragraph(
        "A multiple that is missing, zero or negative is left out of that multiple's statistic. Each implied enterprise value is taken to equity through the same equity bridge as the discounted cash flow.",
        { size: SIZE.small, color: COLOR.muted, align: 'left' },
      );
    }
    w.table(
      [
        { header: 'Particulars', width: 0.5 },
        {
          header: ibc ? `Amount (${unitLabel(unit)})` : `Amount (${unitLabel(unit)}; per share in ₹)`,
          width: 0.22,
          align: 'right',
        },
        { header: 'Note', width: 0.28, plain: true },
      ],
      lineRows(shown, unit),
      { boldRows: emphasisedRows(shown) },
    );
  });
  const costOfCapital = input ? annexureRef(input, 'costOfCapital') : null;
  wholeValueSection(
    w,
    v,
    String.fromCharCode(65 + v.methods.length),
    input?.assumptions.rationale,
    `the key assumptions${costOfCapital ? ` and ${costOfCapital}` : ''}`,
  );
}

/** Each approach of ICAI VS 103, whether this valuation used it, and why. */
function approachReasons(v: ValuationResult): string[][] {
  const has = (p: (code: string) => boolean) => v.methods.some((m) => p(m.method) && !forInformation(v, m));
  const shownOnly = (p: (code: string) => boolean) => !has(p) && v.methods.some((m) => p(m.method));
  const prescribed = v.statute === 'RULE_11UA';
  const ibc = v.statute === 'IBC_LIQUIDATION';
  const income = has((c) => c === 'DCF');
  const market = has((c) => c === 'COMPARABLES' || c === 'TRANSACTIONS' || c === 'RECENT_ROUND');
  const cost = has((c) => c.startsWith('NAV') || c === 'FAIR_VALUE' || c === 'LIQUIDATION_VALUE');
  const incomeShown = shownOnly((c) => c === 'DCF');
  return [
    [
      'Income',
      income ? 'Yes' : incomeShown ? 'For information' : 'No',
      income
        ? "Management's projections of the business's cash flows were available; the discounted cash flow captures the value of its future earnings."
        : incomeShown
          ? 'The discounted cash flow is set out for information only: the value for this purpose is the one the rule prescribes, and the discounted cash flow does not enter it.'
          : ibc
            ? 'The regulations ask for the realisable value of the assets, not the value of future earnings.'
            : prescribed
              ? 'The rule prescribes the formula for this purpose; an income approach is not an alternative under it.'
              : 'No projections were relied upon for this valuation.',
    ],
    [
      'Market',
      market ? 'Yes' : 'No',
      market
        ? "Listed companies comparable in business were identified; their trading multiples, applied to the company's figures, give a market view."
        : prescribed
          ? 'The rule prescribes the formula for this purpose; a market approach is not an alternative under it.'
          : ibc
            ? 'Asset-class estimates by registered valuers are the basis of value.'
            : 'No sufficiently comparable listed companies or transactions were given.',
    ],
    [
      'Cost (asset)',
      cost ? 'Yes' : 'No',
      cost
        ? prescribed
          ? 'The rule prescribes a net asset value formula, applied as written.'
          : ibc
            ? 'The assets are valued class by class, at fair value and liquidation value.'
            : 'The net assets in the balance sheet give the value of what the company owns, a floor for a going concern.'
        : "The company's value lies in its earnings rather than its net assets.",
    ],
  ];
}
