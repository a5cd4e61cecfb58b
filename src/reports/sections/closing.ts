// The closing parts of the report: management representations, caveats and disclaimers, and the signature block
// with its one line of verification. The firm's reviews (who did what and when, the rounds) are its working file,
// kept in the review record, never in the client's report.
import { financialLabel } from '../../contract/financial-labels.js';
import { formatDayInIndia } from '../format.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';
import { IBC_CLASS_LABELS } from '../../contract/ibc-valuer-set.js';
import { firmName, firmNumberFor, signatoryCapacity, usesProjections, type ReportInput } from '../report-input.js';
import { scopeParagraphs } from '../statute-text.js';
import { ownExclusionsDeclaration } from './ibc-statements.js';
import { ibcRegistrationClass } from '../../domain/identity/signatory.js';

export function representations(w: Writer, input: ReportInput): void {
  const ibc = input.engagement.statute === 'IBC_LIQUIDATION';
  const projections = usesProjections(input);
  w.section(ibc ? 'Representations' : 'Management representations');
  // Under the IBC the resolution professional or the liquidator runs the corporate debtor (the board is suspended) and represents.
  const officer =
    input.engagement.purpose === 'LIQUIDATION_REALISABLE_VALUE' ? 'liquidator' : 'resolution professional';
  w.paragraph(
    ibc
      ? `The ${officer}, who ${officer === 'liquidator' ? 'holds the assets and the records of' : 'manages the affairs of'} ${input.engagement.targetEntity} (the corporate debtor) under ${officer === 'liquidator' ? 'sections 34 and 35' : 'sections 17 and 23'} of the Code, has represented that:`
      : `The management of ${input.engagement.targetEntity} has represented that:`,
  );
  for (const r of [
    `the financial statements${projections ? ', projections' : ''} and other information provided are complete and accurate, and nothing that would affect the valuation has been withheld;`,
    ...(projections
      ? [
          "the projections are its best estimate of the company's future performance, prepared with due care, on assumptions it believes reasonable;",
        ]
      : []),
    ...(ibc
      ? [
          'the registered valuers were given access to the assets for their physical verification, and the asset registers provided are complete;',
        ]
      : []),
    `the ${ibc ? 'corporate debtor' : 'company'} has clear title to its assets, and no contingent liability, litigation or commitment beyond those disclosed exists;`,
    `no event after the ${ibc ? 'commencement date' : 'balance-sheet date'} up to the date of this report materially affects the values reported, other than those disclosed.`,
  ])
    w.bullet(r);
}

export function caveats(w: Writer, input: ReportInput): void {
  w.section('Caveats, limitations and disclaimers');
  for (const p of scopeParagraphs(
    input.engagement.statute,
    usesProjections(input),
    [],
    input.engagement.purpose,
  ).filter(
    (p) =>
      p.heading !== 'Scope of work' && p.heading !== 'Inspections and investigations' && p.heading !== 'Independence',
  )) {
    w.labelled(p.heading, p.text);
  }
}

export function signatureBlock(w: Writer, input: ReportInput): void {
  // The signature stays on one page with its heading.
  if (w.doc.y + 300 > w.bottom) w.doc.addPage();
  w.section('Signature');
  const c = input.certificate;
  w.doc.moveDown(0.6);
  if (!c) {
    w.paragraph(
      'DRAFT: not signed, and not to be relied upon. The report is signed on completion by a signatory holding the registration the statute requires; name, capacity, registration, place, date and, for a chartered accountant, the UDIN are printed here in the FINAL report.',
      { color: COLOR.draft, bold: true },
    );
    return;
  }
  // A chartered accountant signs for the firm under its ICAI Firm Registration Number (docs/statutes.md, Who may sign).
  const firmNumber = firmNumberFor(input);
  w.paragraph(`For ${firmName(input)}${firmNumber ? ` (${firmNumber})` : ''}`, {
    bold: true,
    align: 'left',
  });
  w.doc.moveDown(1.2);
  w.facts(
    [
      ['Signed by', c.signedBy + (c.designation ? `, ${c.designation}` : '')],
      ['Signs as', signatoryCapacity(c)],
      ...(c.registrations ?? []).map((r, i): [string, string] => [
        i === 0 ? 'Registration' : '',
        r + (c.demo ? ' [DEMO: not a real registration]' : ''),
      ]),
      ['Place', c.place ?? 'Not recorded'],
      ['Date', formatDayInIndia(c.signedAt)],
      ...(c.udin ? ([['UDIN', c.udin]] as [string, string][]) : []),
    ],
    0.25,
  );
  if (c.classSignatories?.length) classValuerBlocks(w, c.classSignatories, c.demo === true, input);
  // The partner's own DSC is what signs (docs/report-signatures.md, 2); the firm's seal marks the issued copy.
  w.paragraph(signatureWords(c.signedBy, !!c.classSignatories?.length), {
    size: SIZE.small,
    color: COLOR.muted,
    align: 'left',
  });
  w.paragraph(verificationLine(input.reference, c.verifyUrl), { size: SIZE.small, align: 'left' });
}

/**
 * What signs the report, in the client's words (docs/report-signatures.md): the signatory's own digital signature,
 * each class valuer's where a set signs; the firm's seal marks the issued copy.
 */
export const signatureWords = (signedBy: string, classValuers: boolean): string =>
  `${classValuers ? 'Each registered valuer named above signs their part for the firm with their own digital signature on this report' : `${signedBy} signs this report for the firm with their own digital signature`}; the firm's electronic seal on this page marks the copy the firm issued.`;

type ClassSignatories = NonNullable<NonNullable<ReportInput['certificate']>['classSignatories']>;

/**
 * IBC: a signature block per valuer of the set, with their registration and the class whose estimate they sign, and
 * the coordinating valuer named, who approves the report as a whole (docs/statutes.md, IBC: the set of valuers).
 */
function classValuerBlocks(w: Writer, signatories: ClassSignatories, demo: boolean, input: ReportInput): void {
  // The asset registers each registration class takes in (inventories under Plant and Machinery).
  const valued = (input.financials?.liquidation?.assets ?? []).map((a) => a.assetClass);
  const registersOf = (registrationClass: string) =>
    valued
      .filter((a) => ibcRegistrationClass(a) === registrationClass)
      .map((a) => financialLabel(a).toLowerCase())
      .join(', ');
  const byValuer = new Map<string, ClassSignatories>();
  for (const s of signatories) {
    const key = s.userId ?? s.name;
    byValuer.set(key, [...(byValuer.get(key) ?? []), s]);
  }
  const coordinating = signatories.find((s) => s.coordinating);
  w.subheading('Registered valuers, each signing the estimate of their asset class', 60 + 80 * byValuer.size);
  w.paragraph(
    coordinating
      ? `Each registered valuer of the set signs the estimate of the asset class they are registered for, after their own physical verification of its assets. ${coordinating.name} is the coordinating valuer, who values the corporate debtor as a whole and approves this report as a whole.`
      : 'Each asset class is signed by a registered valuer holding an IBBI registration for that class.',
    { align: 'left' },
  );
  // One block per valuer, headed by their name: the class they sign, their registration, what they sign.
  for (const parts of byValuer.values()) {
    const first = parts[0]!;
    const classes = parts.map((p) => ibcClassName(p.assetClass)).join(' and ');
    w.doc.moveDown(0.4);
    w.table(
      [
        { header: first.name + (first.coordinating ? ', coordinating valuer' : ''), width: 0.3 },
        { header: `Registered valuer for ${classes}`, width: 0.7 },
      ],
      [
        ...[...new Set(parts.map((p) => p.registration))].map((r, i): [string, string] => [
          i === 0 ? 'Registration' : '',
          r + (demo ? ' [DEMO: not a real registration]' : ''),
        ]),
        [
          'Signs',
          `The ${classes} estimate${
            parts.some((p) => registersOf(p.assetClass))
              ? ` (${parts
                  .map((p) => registersOf(p.assetClass))
                  .filter(Boolean)
                  .join('; ')})`
              : ''
          }${first.coordinating ? ', and the report as a whole as the coordinating valuer' : ''}`,
        ],
        ['Declares', ownExclusionsDeclaration(input)],
      ],
      { fontSize: SIZE.small + 0.5, boldFirstColumn: true },
    );
  }
}

/** IBBI's name of a registration class ("Land and Building"); another asset class by its label. */
const ibcClassName = (assetClass: string): string =>
  (IBC_CLASS_LABELS as Record<string, string>)[assetClass] ?? financialLabel(assetClass);

/** The one line a reader needs to check the file: where to drop it (docs/report-signatures.md). */
export const verificationLine = (reference: string | null | undefined, verifyUrl: string): string =>
  `Verify this report${reference ? ` (${reference})` : ''} at ${verifyUrl}, which confirms whether a copy is the report as issued and signed.`;
