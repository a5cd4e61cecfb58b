// The prescribed net asset value's schedules (docs/reports.md, Annexures): each immovable property at the value adopted
// or assessable for stamp duty, and the quoted shares scrip by scrip. The workings of A and L are in the computation
// section, line by line; this annexure refers to them and does not repeat them.
import { Decimal } from 'decimal.js';
import { grouped } from '../../contract/money-format.js';
import { formatDate, rupees } from '../format.js';
import { SIZE, type Writer } from '../pdf/layout.js';
import { type ReportInput } from '../report-input.js';
import { chooseUnit, inUnit, unitLabel } from './units.js';
import { footing, noteText } from './annexure-helpers.js';

export function navSchedulesAnnexure(w: Writer, input: ReportInput): void {
  const sources = input.financials!.navAdjustmentSources!;
  // The formula's lines are printed with the method, in the section on approaches and methods.
  const workings = w.sections.find((s) => /^\d+\. Valuation approaches and methods/.test(s.title));
  w.paragraph(
    `The workings of A (the assets) and L (the liabilities) of the formula, line by line, are in ${workings ? `section ${workings.title.split('.')[0]} (Valuation approaches and methods)` : 'the section on the valuation approaches and methods'}. This annexure gives the schedules behind D (immovable property at its stamp-duty value) and C (shares and securities at their fair market value) as the company gave them.`,
  );
  const properties = sources.immovableProperties ?? [];
  if (properties.length > 0) {
    const unit = chooseUnit(properties.map((p) => p.stampDutyValue));
    w.subheading('Immovable property');
    const rows = properties.map((p, i) => [
      String(i + 1),
      p.description,
      p.surveyNumber ?? 'not given',
      p.area ?? 'not given',
      inUnit(p.stampDutyValue, unit),
      p.authority,
    ]);
    const closing = footing(
      'Total stamp-duty value (D)',
      properties.map((p) => p.stampDutyValue),
      unit,
    ).map(([label, value]) => ['', label, '', '', value, '']);
    w.table(
      [
        { header: 'No.', width: 0.05 },
        { header: 'Description and address', width: 0.27 },
        { header: 'Survey or CTS number', width: 0.14 },
        { header: 'Area', width: 0.14 },
        { header: `Stamp-duty value (${unitLabel(unit)})`, width: 0.14, align: 'right' },
        { header: 'Authority', width: 0.26 },
      ],
      [...rows, ...closing],
      { fontSize: SIZE.small, boldRows: new Set([rows.length + closing.length - 1]) },
    );
    // The legend only where a particular is marked.
    const unmarked = properties.every((p) => p.surveyNumber !== undefined && p.area !== undefined);
    noteText(
      w,
      `The value adopted or assessed, or assessable, by the stamp-duty authority for each property, as the ready reckoner or the authority gives it.${unmarked ? '' : ' "not given" marks a particular the data provided did not include.'}`,
    );
  }
  const scrips = sources.quotedInvestments ?? [];
  if (scrips.length > 0) {
    const values = scrips.map((q) => new Decimal(q.quantity).times(q.pricePerShare).toFixed(2));
    const unit = chooseUnit(values);
    w.subheading('Shares and securities, scrip by scrip');
    const rows = scrips.map((q, i) => [
      String(i + 1),
      q.scrip,
      grouped(q.quantity).body,
      rupees(new Decimal(q.pricePerShare).toFixed(2)),
      formatDate(q.priceDate),
      q.exchange,
      inUnit(values[i], unit),
    ]);
    const closing = footing('Total value', values, unit).map(([label, value]) => ['', label, '', '', '', '', value]);
    w.table(
      [
        { header: 'No.', width: 0.05 },
        { header: 'Scrip', width: 0.26 },
        { header: 'Quantity', width: 0.1, align: 'right' },
        { header: 'Price per share or unit', width: 0.13, align: 'right' },
        { header: 'Price date', width: 0.13 },
        { header: 'Exchange or price', width: 0.18 },
        { header: `Value (${unitLabel(unit)})`, width: 0.15, align: 'right' },
      ],
      [...rows, ...closing],
      { fontSize: SIZE.small, boldRows: new Set([rows.length + closing.length - 1]) },
    );
    // Whether the schedule is the whole of C, as the computation's line gives it.
    const cLine = input.valuation.methods
      .flatMap((m) => m.lines)
      .find((l) => l.label.startsWith('C: shares and securities'));
    const total = values.reduce((a, v) => a.plus(v), new Decimal(0));
    const whole = cLine !== undefined && new Decimal(cLine.value).eq(total);
    noteText(
      w,
      `Value = quantity × the price of the scrip on the price date: for quoted shares the lowest price on the recognised stock exchanges on that date (the exchange named), for a fund's units the repurchase price the fund declared. ${whole ? 'Their total is C, the fair market value of the shares and securities in the computation.' : 'These are part of C, the fair market value of the shares and securities in the computation; any unquoted ones make up the rest.'}`,
    );
  }
  contingentLiabilities(w, input);
}

/** Item (vi) of L: each contingent liability the notes disclose, with its amount and note, and why it is not in L. */
function contingentLiabilities(w: Writer, input: ReportInput): void {
  const items = input.financials!.navAdjustmentSources!.contingentLiabilities ?? [];
  if (items.length === 0) return;
  const unit = chooseUnit(items.map((c) => c.amount));
  w.subheading('Contingent liabilities disclosed, not in L');
  w.table(
    [
      { header: 'No.', width: 0.05 },
      { header: 'Contingent liability', width: 0.35 },
      { header: `Amount (${unitLabel(unit)})`, width: 0.15, align: 'right' },
      { header: 'Source', width: 0.45 },
    ],
    items.map((c, i) => [String(i + 1), c.description, inUnit(c.amount, unit), c.source]),
    { fontSize: SIZE.small },
  );
  noteText(
    w,
    'Item (vi) of L excludes contingent liabilities, other than arrears of dividends on cumulative preference shares, from the liabilities deducted: a contingent liability is not in the balance sheet, so its book value is nil and nothing is deducted for it. Each is stated so that the reader sees it was considered.',
  );
}
