// Conclusion of value, the compliance test of the proposed price, and the warnings.
import { priceWords } from './transaction-words.js';
import type { ReportInput } from '../report-input.js';
import { Decimal } from 'decimal.js';
import type { ValuationResult } from '../../domain/valuation/types.js';
import { formatDate, METHOD_TITLE, percent, purposeTitle, rupees } from '../format.js';
import { footballFieldSvg } from '../charts.js';
import { rupeesInWords } from '../../contract/money-format.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';
import { humanise } from './method-lines.js';
import { anyDiscountApplied, onceWithTheConclusion, discountSentences, discountWords } from './discount-words.js';

/** `priceLabel`: the transaction's price as the report names it, "Proposed price" or "Price" (priceWords). */
export function conclusion(w: Writer, v: ValuationResult, priceLabel = 'Proposed price'): void {
  w.section('Conclusion of value');
  const c = v.conclusion;
  const { doc } = w;
  const box = (label: string, value: string, sub?: string): void => {
    const h = sub ? 64 : 50;
    w.ensureSpace(h + 10);
    const y = doc.y;
    doc.rect(w.left, y, w.width, h).fill(COLOR.headerFill);
    doc.rect(w.left, y, 4, h).fill(COLOR.accent);
    doc
      .font('Regular')
      .fontSize(SIZE.body)
      .fillColor(COLOR.muted)
      .text(label, w.left + 16, y + 9, { width: w.width - 32 });
    doc
      .font('Bold')
      .fontSize(18)
      .fillColor(COLOR.accent)
      .text(value, w.left + 16, y + 23, { width: w.width - 32 });
    if (sub)
      doc
        .font('Regular')
        .fontSize(SIZE.small)
        .fillColor(COLOR.ink)
        .text(sub, w.left + 16, y + 46, { width: w.width - 32 });
    doc.y = y + h + 10;
    doc.fillColor(COLOR.ink);
  };

  if (c.valuePerShare !== null) {
    const bound =
      c.floorOrCeiling === 'FLOOR'
        ? 'a floor on the price'
        : c.floorOrCeiling === 'CEILING'
          ? 'a ceiling on the price'
          : undefined;
    const sub = [
      ...(anyDiscountApplied(c)
        ? [
            `After ${discountWords(c)}${c.discountsByMethod?.length ? ", applied method by method where the method's value takes it" : ''} (${rupees(c.valueBeforeDiscount ?? '0')} before ${discountWords(c).includes(' and ') ? 'them' : 'it'}).`,
          ]
        : []),
      ...(bound ? [`This value is ${bound}.`] : []),
    ].join(' ');
    box(`Value per equity share as at ${formatDate(v.valuationDate)}`, rupees(c.valuePerShare), sub || undefined);
    w.paragraph(`In words: ${rupeesInWords(c.valuePerShare)}.`, { bold: true, align: 'left' });
  } else if (c.fairValue || c.liquidationValue) {
    // IBC: the deliverable is the value of the corporate debtor's assets in total (per class in the methods),
    // gross as Regulation 2(1)(k) defines liquidation value; never a value per share, never net of claims.
    const realisable = !c.fairValue;
    const total = (x: { totalValue?: string; equityValue: string }) => rupees(x.totalValue ?? x.equityValue);
    w.table(
      [
        { header: 'Basis of value', width: 0.5 },
        { header: 'Total value of the assets', width: 0.5, align: 'right' },
      ],
      [
        ...(c.fairValue ? [['Fair value', total(c.fairValue)]] : []),
        ...(c.liquidationValue
          ? [[realisable ? 'Realisable value' : 'Liquidation value', total(c.liquidationValue)]]
          : []),
        ...(c.corporateDebtor
          ? [['Fair value of the corporate debtor as a whole', rupees(c.corporateDebtor.fairValue)]]
          : []),
      ],
      { fontSize: SIZE.body, boldFirstColumn: true },
    );
    w.paragraph(
      `Each value is that of the assets, gross: the estimated realisable value ${realisable ? 'in liquidation' : 'on the insolvency commencement date'}, before the costs of the ${realisable ? 'liquidation' : 'process'} and before any distribution to creditors or members under section 53 of the Code, neither of which this report computes.`,
      { size: SIZE.small, color: COLOR.muted, align: 'left' },
    );
  }
  w.labelled('Basis', c.weights?.length ? weightedBasis(c) : humanise(c.basis));
  // IBC values assets, not shares: no per-share chart; nor is one value (the prescribed NAV alone) a chart.
  if (v.statute !== 'IBC_LIQUIDATION' && (v.methods.length > 1 || v.sensitivity)) footballField(w, v, priceLabel);
  weightsAndPurposes(w, v);
}

function footballField(w: Writer, v: ValuationResult, priceLabel: string): void {
  const c = v.conclusion;
  const ffHeight = 70 + 34 * (v.methods.length + (v.sensitivity ? 1 : 0));
  w.chart(
    footballFieldSvg(v, w.width, ffHeight),
    ffHeight,
    `Football field: value per share by method (diamonds)${v.sensitivity ? ' and the DCF sensitivity range (bar)' : ''}${c.valuePerShare !== null ? `; the solid line is the concluded value, ${rupees(c.valuePerShare)}` : ''}${v.compliance ? `; the dashed red line is the ${priceLabel.toLowerCase()}, ${rupees(v.compliance.proposedPricePerShare)}` : ''}.`,
  );
}

function weightsAndPurposes(w: Writer, v: ValuationResult): void {
  const c = v.conclusion;
  if (c.weights?.length && c.discountsByMethod?.length && (c.controlDiscount || c.discount)) {
    discountedWeighting(w, c);
  } else if (c.weights && c.weights.length > 0) {
    w.subheading('Weighting of methods');
    const total = c.weights.reduce((sum, x) => sum + Number(x.weightPercent), 0);
    const difference = roundingDifference(c);
    w.table(
      [
        { header: 'Method', width: 0.34 },
        { header: 'Value per share', width: 0.22, align: 'right' },
        { header: 'Weight', width: 0.16, align: 'right' },
        { header: 'Weighted value', width: 0.28, align: 'right' },
      ],
      [
        ...c.weights.map((x) => [
          METHOD_TITLE[x.method] ?? x.method,
          rupees(x.valuePerShare),
          percent(x.weightPercent),
          rupees(x.weightedValuePerShare),
        ]),
        ...(difference ? [['Rounding difference', '', '', rupees(difference)]] : []),
        [
          c.valueBeforeDiscount ? 'Weighted value per share (before discount)' : 'Concluded value per share',
          '',
          percent(String(total)),
          c.valueBeforeDiscount
            ? rupees(c.valueBeforeDiscount)
            : c.valuePerShare !== null
              ? rupees(c.valuePerShare)
              : '—',
        ],
      ],
      { fontSize: SIZE.small + 0.5, boldRows: new Set([c.weights.length + (difference ? 1 : 0)]) },
    );
    w.paragraph(
      'The total is computed from the exact weighted values and rounded once; where the rounded parts do not add up to it, the difference is shown.',
      { size: SIZE.small, color: COLOR.muted, align: 'left' },
    );
  }
  if (c.weights && c.weights.length > 0) {
    w.labelled(
      c.weightsSetBy === 'VALUER' ? 'Weights set by the valuer' : 'Weights',
      c.weightsRationale ??
        (c.weightsSetBy === 'ENGINE_DEFAULT'
          ? 'The documented default weights were applied: the income approach leads (DCF 50%), the cost approach and, where peers apply, the market approach share the rest.'
          : 'As set by the valuer with the assumptions.'),
    );
  }
  if ((c.controlDiscount || c.discount) && c.discountsByMethod?.length) {
    if (c.controlDiscount) w.labelled('Rationale for the discount for lack of control', c.controlDiscount.rationale);
    if (c.discount)
      w.labelled(
        c.controlDiscount ? 'Rationale for the discount for lack of marketability' : 'Rationale for the discount',
        c.discount.rationale,
      );
  } else if (c.controlDiscount || c.discount) {
    // Lack of control first, then lack of marketability, each on the value before it (docs/valuation-method.md).
    const both = Boolean(c.controlDiscount && c.discount);
    w.subheading(
      both
        ? 'Discounts for lack of control and marketability'
        : c.controlDiscount
          ? 'Discount for lack of control'
          : 'Discount for lack of marketability',
    );
    const rows: string[][] = [
      [
        'Value before the discount' + (both ? 's' : ''),
        rupees(c.valueBeforeDiscount ?? (c.controlDiscount ?? c.discount)!.valueBeforeDiscount),
      ],
    ];
    if (c.controlDiscount) {
      rows.push([
        `Less: discount for lack of control at ${percent(c.controlDiscount.percent)}`,
        rupees(`-${c.controlDiscount.discountPerShare}`),
      ]);
      if (c.discount)
        rows.push(['Value after the discount for lack of control', rupees(c.controlDiscount.valueAfterDiscount)]);
    }
    if (c.discount)
      rows.push([
        `Less: discount for lack of marketability at ${percent(c.discount.percent)}`,
        rupees(`-${c.discount.discountPerShare}`),
      ]);
    rows.push(['Concluded value per share after the discount' + (both ? 's' : ''), rupees(c.valuePerShare ?? '0')]);
    w.table(
      [
        { header: 'Particulars', width: 0.6 },
        { header: 'Per equity share', width: 0.4, align: 'right' },
      ],
      rows,
      { fontSize: SIZE.small + 0.5, boldRows: new Set([rows.length - 1]) },
    );
    if (both)
      w.paragraph('Each discount applies to the exact value before it; the figures shown are rounded to the paisa.', {
        size: SIZE.small,
        color: COLOR.muted,
        align: 'left',
      });
    if (c.controlDiscount) w.labelled('Rationale for the discount for lack of control', c.controlDiscount.rationale);
    if (c.discount)
      w.labelled(
        c.controlDiscount ? 'Rationale for the discount for lack of marketability' : 'Rationale for the discount',
        c.discount.rationale,
      );
  }
  if (c.byPurpose && c.byPurpose.length > 0) {
    w.subheading(c.valuePerShare === null ? 'Value by purpose' : 'Purpose served', 120);
    w.table(
      [
        { header: 'Purpose', width: 0.27 },
        { header: 'Method', width: 0.16 },
        { header: 'Value per share', width: 0.15, align: 'right' },
        { header: 'Floor / ceiling', width: 0.12 },
        { header: 'Basis', width: 0.3 },
      ],
      c.byPurpose.map((p) => [
        purposeTitle(p.purpose, v.legalBasis?.act, v.legalBasis),
        METHOD_TITLE[p.method] ?? p.method,
        rupees(p.valuePerShare),
        p.floorOrCeiling === 'FLOOR' ? 'Floor' : p.floorOrCeiling === 'CEILING' ? 'Ceiling' : '—',
        p.basis,
      ]),
      { fontSize: SIZE.small },
    );
  }
}

type Concluded = ValuationResult['conclusion'];

/** "Weighted average of the methods: Discounted cash flow 50%, …; weights set by the valuer." */
function weightedBasis(c: Concluded): string {
  // A method given no weight is not part of the average: it is named after it, as the cross-check it is.
  const weights = c.weights ?? [];
  const unweighted = weights
    .filter((x) => Number(x.weightPercent) === 0)
    .map((x) => METHOD_TITLE[x.method] ?? x.method);
  const parts = weights
    .filter((x) => Number(x.weightPercent) !== 0)
    .map((x) => `${METHOD_TITLE[x.method] ?? x.method} ${percent(x.weightPercent)}`)
    .join(', ');
  const by = c.weightsSetBy === 'VALUER' ? 'weights set by the valuer' : 'the documented default weights';
  const discounts = anyDiscountApplied(c)
    ? `; ${discountWords(c)}, each applied to the value of every method whose basis takes it, before weighting (the table below)`
    : '';
  const crossCheck = unweighted.length
    ? ` ${unweighted.join(' and ')} ${unweighted.length === 1 ? 'is a cross-check and carries' : 'are cross-checks and carry'} no weight.`
    : '';
  return `Weighted average of the methods: ${parts}; ${by}${discounts}.${crossCheck}`;
}

const VALUE_BASIS: Record<string, string> = {
  CONTROL_MARKETABLE: 'Control, marketable',
  MINORITY_MARKETABLE: 'Minority, marketable',
  MINORITY_NON_MARKETABLE: 'Minority, non-marketable',
};

/**
 * The weighting when discounts apply method by method (docs/valuation-method.md, Discounts): each method's value,
 * the discounts its basis takes, its value after them, and its weight. The total is the concluded value; where the
 * printed weighted values do not add up to it, a rounding-difference line says by how much.
 */
function discountedWeighting(w: Writer, c: Concluded): void {
  const rows = c.discountsByMethod!.filter((m) => new Decimal(m.weightPercent).gt(0));
  const applied = (m: (typeof rows)[number]) =>
    [
      // A nil discount is no discount taken: stated once, with its reason, below the table, never as "0%".
      m.controlDiscountApplies &&
        c.controlDiscount &&
        !new Decimal(c.controlDiscount.percent).isZero() &&
        `control ${percent(c.controlDiscount.percent)}`,
      m.marketabilityDiscountApplies &&
        c.discount &&
        !new Decimal(c.discount.percent).isZero() &&
        `marketability ${percent(c.discount.percent)}`,
    ]
      .filter(Boolean)
      .join(', ') || 'None';
  // One rule (docs/reports.md, Figures and rounding): every figure is computed from the exact figures and printed
  // rounded once to the paisa, as the workpapers compute it; the rounding-difference line reconciles the total.
  const after = rows.map((m) => m.valueAfterDiscounts);
  const weighted = rows.map((m) => m.weightedValueAfterDiscounts);
  const diff = printedDifference(c.valuePerShare ?? '0', weighted);
  w.subheading('Weighting of methods, after the discounts each takes');
  w.table(
    [
      { header: 'Method', width: 0.21 },
      { header: 'Basis of its value', width: 0.15 },
      { header: 'Value per share', width: 0.12, align: 'right' },
      { header: 'Discounts', width: 0.16 },
      { header: 'After discounts', width: 0.12, align: 'right' },
      { header: 'Weight', width: 0.1, align: 'right' },
      { header: 'Weighted value', width: 0.14, align: 'right' },
    ],
    [
      ...rows.map((m, i) => [
        METHOD_TITLE[m.method] ?? m.method,
        VALUE_BASIS[m.basis] ?? m.basis,
        rupees(m.valueBeforeDiscounts),
        applied(m),
        rupees(after[i]),
        percent(m.weightPercent),
        rupees(weighted[i]),
      ]),
      ...(diff === null ? [] : [['Rounding difference', '', '', '', '', '', rupees(diff)]]),
      [
        'Concluded value per share',
        '',
        '',
        '',
        '',
        percent(String(rows.reduce((a, m) => a + Number(m.weightPercent), 0))),
        rupees(c.valuePerShare ?? '0'),
      ],
    ],
    { fontSize: SIZE.small, boldRows: new Set([rows.length + (diff === null ? 0 : 1)]) },
  );
  w.paragraph(
    `${discountSentences(c).join(' ')} Each value after discounts and each weighted value is computed from the exact figures and rounded once to the paisa, so it may differ by a paisa from the product of the rounded figures printed beside it.`,
    { size: SIZE.small, color: COLOR.muted, align: 'left' },
  );
}

/** The proposed price tested against the statute's rule (shown in the conclusion). */
export function complianceBlock(w: Writer, input: ReportInput): void {
  const v = input.valuation;
  const c = v.compliance;
  if (!c || c.tests.length === 0) return;
  const price = priceWords(input);
  w.subheading(`${price.label} and its test`);
  w.paragraph(
    `${price.sentence(rupees(c.proposedPricePerShare))} It is tested below against the rule that applies to it.`,
  );
  w.table(
    [
      { header: 'Rule and test', width: 0.36 },
      { header: 'Line', width: 0.14, align: 'right' },
      { header: price.label, width: 0.14, align: 'right' },
      { header: 'Margin', width: 0.18, align: 'right' },
      { header: 'Result', width: 0.18 },
    ],
    c.tests.map((t) => [
      `${t.purpose ? `${purposeTitle(t.purpose, v.legalBasis?.act, v.legalBasis)}: ` : ''}${t.rule}; ${t.test}`,
      rupees(t.linePerShare),
      rupees(t.proposedPricePerShare),
      `${rupees(t.margin)} (${t.marginPercent.replace(/^-/, '\u2212')}%)`,
      `${t.passes ? 'Meets the test' : 'Does not meet the test'}${t.applies ? '' : ' (provision not applicable for the date)'}`,
    ]),
    { fontSize: SIZE.small },
  );
  for (const t of c.tests) w.bullet(t.note);
}

/**
 * Warnings the API gives its clients but a valuer's report does not state: in an IBC valuation the claims against the
 * assets, and so any shortfall under the s.53 order of payment, are the resolution professional's or the liquidator's
 * work, not the valuer's (docs/ibc-valuation.md).
 */
const NOT_THE_VALUERS: ReadonlySet<string> = new Set(['CLAIMS_EXCEED_ASSETS']);

export function warnings(w: Writer, v: ValuationResult): void {
  w.section("Matters for the reader's attention");
  const shown = v.warnings.filter((x) => !NOT_THE_VALUERS.has(x.code));
  if (shown.length === 0) {
    w.paragraph(
      "The computation raised no matter for the reader's attention beyond those stated elsewhere in this report.",
    );
    return;
  }
  // Sentences only: the warning's code is for the firm's support, not the reader (it stays in the workpapers). A
  // discount's reason is printed once, with the conclusion: here the matter refers to it.
  for (const x of shown) w.bullet(humanise(onceWithTheConclusion(x, v)));
}

/** The printed total less the sum of the printed parts (each rounded to the paisa), or null when they agree. */
export function roundingDifference(c: ValuationResult['conclusion']): string | null {
  if (!c.weights?.length) return null;
  const total = c.valueBeforeDiscount ?? c.valuePerShare;
  if (total === null || total === undefined) return null;
  return printedDifference(
    total,
    c.weights.map((x) => x.weightedValuePerShare),
  );
}

/** A printed total less the sum of its printed parts, in rupees to the paisa, or null when they agree. */
function printedDifference(total: string, parts: readonly string[]): string | null {
  const paise = (s: string) => BigInt(new Decimal(s).times(100).toFixed(0));
  const diff = paise(total) - parts.reduce((sum, x) => sum + paise(x), 0n);
  if (diff === 0n) return null;
  return new Decimal(diff.toString()).div(100).toFixed(2);
}
