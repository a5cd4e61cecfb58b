// Identity of the valuer, other experts, independence and interest (Rule 8 of the Companies
// (Registered Valuers and Valuation) Rules, 2017; docs/statutes.md).
import { type Writer } from '../pdf/layout.js';
import { draftCapacity, firmName, signatoryCapacity, type ReportInput } from '../report-input.js';
import { IBC_CLASS_LABELS } from '../../contract/ibc-valuer-set.js';
import { exclusionsDeclaration } from './ibc-statements.js';

export function valuer(w: Writer, input: ReportInput): void {
  w.section('Identity of the valuer, other experts, independence and interest');
  const c = input.certificate;
  const capacity = c ? signatoryCapacity(c) : draftCapacity(input);
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
  w.labelled('Other experts', otherExperts(c?.classSignatories, opinionsReliedOn(input)));
  w.labelled(
    'Independence and interest',
    input.engagement.statute === 'IBC_LIQUIDATION'
      ? 'Each registered valuer of this report has no present or prospective interest in the corporate debtor, its assets or its securities, is not related to it, its promoters, its directors or its creditors, does not intend to bid for or buy any of its assets, and has no conflict of interest in this engagement. The fees do not depend on the values concluded.'
      : 'The valuer has no present or prospective interest in the company or its securities, is not related to it, its promoters or its directors, and has no conflict of interest in this engagement. The fee does not depend on the value concluded.',
  );
  if (input.engagement.statute === 'IBC_LIQUIDATION') w.labelled('Exclusions declared', exclusionsDeclaration(input));
}

/**
 * IBC: a set of registered valuers, one per asset class, whose reports on their classes the coordinating valuer
 * relies on (CIRP Regulations, Reg 35(1), as amended from 25 February 2026; docs/statutes.md, The set of valuers).
 * Otherwise the valuer relied on no other expert.
 */
function otherExperts(
  classSignatories: NonNullable<ReportInput['certificate']>['classSignatories'],
  opinions: string[],
): string {
  const others = (classSignatories ?? []).filter((s) => !s.coordinating);
  const coordinating = classSignatories?.find((s) => s.coordinating);
  if (others.length === 0 && opinions.length > 0)
    return `No other expert was engaged by the valuer. The valuation relies on another person's opinion for the probability with which ${opinions.length === 1 ? 'a contingent liability is' : 'contingent liabilities are'} deducted: ${opinions.join('; ')}. The valuer has read ${opinions.length === 1 ? 'the opinion' : 'each opinion'} (listed under the sources of information), considers it reasonable to rely on, and has not verified it.`;
  if (others.length === 0)
    return "No other expert was engaged; no part of this valuation relies on another expert's work.";
  // The registration number alone: its description repeats the class.
  const named = others
    .map((s) => `${s.name} (${s.registration.replace(/ \(.*$/, '')}) for ${classWords(s.assetClass)}`)
    .join('; ');
  return `Each asset class is valued by the registered valuer ${coordinating ? 'of the set registered for it' : 'registered with IBBI for it'}, after their own physical verification: ${named}${coordinating ? `; ${coordinating.name} for ${classWords(coordinating.assetClass)}, as coordinating valuer` : ''}. ${coordinating ? `The coordinating valuer relies on the other valuers' estimates of their classes, each signed by them, and` : 'The report'} consolidates them; ${coordinating ? 'no expert outside the set' : 'no other expert'} was engaged.`;
}

/**
 * The contingent liabilities deducted at a probability of payment: the probability is another person's opinion (a
 * counsel's, say), which the report names as relied on (Rule 8 of the 2017 Rules, item on other experts).
 */
function opinionsReliedOn(input: ReportInput): string[] {
  const seen = new Set<string>();
  for (const m of input.valuation.methods)
    for (const l of m.lines) {
      const hit = /^Less: contingent liability, (.*) \(expected\)$/.exec(l.label);
      // "Disputed GST demand …" reads "the disputed GST demand …" inside the sentence.
      if (hit) seen.add(/^[A-Z][a-z]/.test(hit[1]) ? `the ${hit[1][0].toLowerCase()}${hit[1].slice(1)}` : hit[1]);
    }
  return [...seen];
}

const classWords = (c: string) => IBC_CLASS_LABELS[c as keyof typeof IBC_CLASS_LABELS] ?? c;
