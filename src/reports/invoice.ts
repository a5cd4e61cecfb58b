// The tax invoice for a captured payment (docs/decisions.md, Tax invoices): supplier and recipient with
// their GSTINs, the invoice number of the financial year's series, the SAC code, the taxable value, the
// tax as CGST + SGST or IGST, and the total in figures and in words.
import type { InvoiceRow } from '../domain/payments/invoice.js';
import { rupeesInWords } from '../contract/money-format.js';
import { stateOfSupply } from '../contract/gst-states.js';
import { formatDayInIndia, rupees, STATUTE_SHORT } from './format.js';
import { openDocument } from './pdf/document.js';
import { COLOR, SIZE } from './pdf/layout.js';
import type { Statute } from '../domain/valuation/types.js';

export interface InvoiceInput extends InvoiceRow {
  sacCode: string;
  engagement: { id: string; targetEntity: string; statute: string } | null;
}

const amount = (paise: string | number) => (Number(paise) / 100).toFixed(2);

export async function renderInvoice(i: InvoiceInput): Promise<Buffer> {
  const { doc, w, finish } = openDocument(
    { Title: `Tax invoice ${i.number}`, Author: i.supplier.name, Subject: `Tax invoice for payment ${i.payment_id}` },
    new Date(i.issued_at),
  );
  doc.font('Bold').fontSize(18).fillColor(COLOR.accent).text('Tax invoice', w.left, doc.y);
  doc.moveDown(0.6);
  doc.fillColor(COLOR.ink);
  w.facts(
    [
      ['Invoice number', i.number],
      ['Invoice date', formatDayInIndia(new Date(i.issued_at).toISOString())],
      ['Financial year', i.financial_year],
      [
        'Place of supply',
        i.recipient.state
          ? stateOfSupply(i.recipient.state)
          : `${stateOfSupply(i.supplier.state ?? '')}, the supplier's (no recipient GSTIN)`,
      ],
    ],
    0.3,
  );
  // Each party by name, address and GSTIN, with what is said where one is missing.
  const party = (heading: string, p: typeof i.supplier, noAddress: string, noGstin: string) => {
    w.subheading(heading);
    w.facts(
      [
        ['Name', p.name],
        ['Address', p.address ?? noAddress],
        ['GSTIN', p.gstin ?? noGstin],
      ],
      0.3,
    );
  };
  party('Supplier', i.supplier, 'Not configured', 'Not configured');
  party('Recipient', i.recipient, 'Not given in Firm settings', 'Unregistered (not given in Firm settings)');
  w.subheading('Supply');
  const description = i.engagement
    ? `Valuation report under ${STATUTE_SHORT[i.engagement.statute as Statute] ?? i.engagement.statute}: ${i.engagement.targetEntity} (engagement ${i.engagement.id})`
    : `Valuation service (payment ${i.payment_id})`;
  const interState = Number(i.igst_paise) > 0;
  const half = i.rate_percent / 2;
  w.table(
    [
      { header: 'Description', width: 0.5 },
      { header: 'SAC', width: 0.14 },
      { header: 'Amount (₹)', width: 0.36, align: 'right' },
    ],
    [
      [description, i.sacCode, rupees(amount(i.taxable_paise))],
      ...(interState
        ? [['IGST at ' + i.rate_percent + '%', '', rupees(amount(i.igst_paise))]]
        : [
            [`CGST at ${half}%`, '', rupees(amount(i.cgst_paise))],
            [`SGST at ${half}%`, '', rupees(amount(i.sgst_paise))],
          ]),
      ['Total', '', rupees(amount(i.total_paise))],
    ],
    { fontSize: SIZE.body, boldRows: new Set([interState ? 2 : 3]) },
  );
  w.paragraph(
    `Taxable value ${rupees(amount(i.taxable_paise))}; ${interState ? 'inter-state supply: IGST' : 'intra-state supply: CGST and SGST'}.`,
    { size: SIZE.small, color: COLOR.muted, align: 'left' },
  );
  const tax = Number(i.cgst_paise) + Number(i.sgst_paise) + Number(i.igst_paise);
  w.paragraph(
    `Fee ${rupees(amount(i.taxable_paise))} + ${rupees(amount(tax))} GST = ${rupees(amount(i.total_paise))}, the amount paid.`,
    { bold: true, align: 'left' },
  );
  w.paragraph(`Total in words: ${rupeesInWords(amount(i.total_paise))}.`, { bold: true, align: 'left' });
  w.paragraph('This is a computer-generated invoice.', {
    size: SIZE.small,
    color: COLOR.muted,
    align: 'left',
  });
  return finish();
}
