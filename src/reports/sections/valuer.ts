// Identity of the valuer, other experts, independence and interest (Rule 8 of the Companies
// (Registered Valuers and Valuation) Rules, 2017; docs/statutes.md).
import { type Writer } from '../pdf/layout.js';
import { firmName, signatoryCapacity, type ReportInput } from '../report-input.js';

export function valuer(w: Writer, input: ReportInput): void {
  w.section('Identity of the valuer, other experts, independence and interest');
  const c = input.certificate;
  const capacity = c ? signatoryCapacity(c) : null;
  const who = c
    ? `${c.signedBy}${c.designation ? `, ${c.designation}` : ''}, signing as ${capacity!.toLowerCase().replace('sebi', 'SEBI')}${c.registrations?.length ? ` (${c.registrations.join('; ')})` : ''}, for ${firmName(input)}`
    : `${firmName(input)}; the signatory is named in the FINAL report`;
  // The firm's registration as a registered valuer entity is its own qualification where a registered valuer signs;
  // a certificate signed in another capacity (a chartered accountant's FEMA certificate) does not rest on it.
  const firmRegistration =
    input.firm.registration && (capacity === null || capacity === 'Registered valuer')
      ? ` The firm is registered as a registered valuer entity under ${input.firm.registration}.`
      : capacity === 'Chartered accountant' && input.firm.icaiFrn
        ? ` The firm's ICAI Firm Registration Number is ${input.firm.icaiFrn}.`
        : '';
  w.labelled('Valuer', `${who}.${firmRegistration}`);
  w.labelled(
    'Other experts',
    "No other expert was engaged; no part of this valuation relies on another expert's work.",
  );
  w.labelled(
    'Independence and interest',
    'The valuer has no present or prospective interest in the company or its securities, is not related to it, its promoters or its directors, and has no conflict of interest in this engagement. The fee does not depend on the value concluded.',
  );
}
