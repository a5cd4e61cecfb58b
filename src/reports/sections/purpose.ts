// Purpose, appointing authority and statutory framework.
import { legalBasisSentence, statuteText } from '../statute-text.js';
import { formatDate } from '../format.js';
import { SIZE, type Writer } from '../pdf/layout.js';
import { addresseeOf, type ReportInput } from '../report-input.js';

export function purposeAndStatute(w: Writer, input: ReportInput): void {
  w.section('Purpose, appointing authority and statutory framework', true);
  const f = input.facts;
  w.labelled(
    'Appointing authority',
    f?.appointingAuthority
      ? `${f.appointingAuthority} appointed the valuer${f.appointmentDate ? ` on ${formatDate(f.appointmentDate)}` : ''}${addresseeOf(input) && addresseeOf(input) !== f.appointingAuthority ? `; this report is addressed to ${addresseeOf(input)}` : ''}.`
      : 'Not recorded.',
  );
  if (f?.appointmentBasis) w.labelled('Basis of appointment', f.appointmentBasis.replace(/\.?$/, '.'));
  const basis = input.valuation.legalBasis;
  const text = statuteText(
    input.engagement.statute,
    input.engagement.purpose,
    input.engagement.valuationDate,
    basis,
    input.valuation.transactionDate ?? input.facts?.transactionDate ?? input.engagement.valuationDate,
  );
  for (const p of text.paragraphs) w.paragraph(p);
  if (basis) w.labelled('Legal basis', legalBasisSentence(basis));
  if (text.table) {
    w.table(
      text.table.header.map((h, i) => ({ header: h, width: [0.52, 0.13, 0.35][i] })),
      text.table.rows,
      { fontSize: SIZE.small + 0.5 },
    );
  }
}
