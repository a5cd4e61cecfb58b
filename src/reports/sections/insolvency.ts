// IBC: the insolvency facts, in the background of the corporate debtor (docs/ibc-valuation.md, The
// insolvency facts): the bench, the petition and who filed it, the admission order (the insolvency commencement
// date), the interim resolution professional, the committee of creditors, the resolution professional or the
// liquidator, and the meeting at which the valuers explained their methodology, where one was held.
import { formatDate } from '../format.js';
import { COLOR, type Writer } from '../pdf/layout.js';
import type { ReportInput } from '../report-input.js';
import { APPLICANT_KIND_LABELS } from '../../contract/ibc-insolvency-facts.js';

const LIQUIDATION = 'LIQUIDATION_REALISABLE_VALUE';
/** CIRP Reg 12(1): claims are submitted by the 14th day from the insolvency commencement date. */
const CLAIMS_DAYS = 14;
const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function insolvencySection(w: Writer, input: ReportInput): void {
  if (input.engagement.statute !== 'IBC_LIQUIDATION') return;
  const liquidation = input.engagement.purpose === LIQUIDATION;
  w.subheading(liquidation ? 'The insolvency and the liquidation' : 'The corporate insolvency resolution process', 220);
  const f = input.facts?.ibc?.insolvency;
  if (!f) {
    w.paragraph(
      'The insolvency facts (the bench, the petition, the admission order and the committee of creditors) have not been recorded for this engagement.',
      { color: COLOR.muted },
    );
    return;
  }
  const officer = input.facts?.ibc?.officer;
  const valuersOn = input.facts?.appointmentDate;
  const rows: [string, string][] = [
    ['Adjudicating Authority', f.bench],
    ['Company petition', f.petitionNumber],
    ['Applicant', `${f.applicant.name}, ${APPLICANT_KIND_LABELS[f.applicant.kind]}`],
    [
      'Admission order (insolvency commencement date)',
      `${formatDate(f.admissionOrderDate)}${liquidation ? '' : ', the valuation date'}`,
    ],
    [
      'Interim resolution professional',
      `${f.interimResolutionProfessional.name} (${f.interimResolutionProfessional.ibbiRegistration}), appointed by the admission order`,
    ],
    ...(f.publicAnnouncementOn
      ? ([
          ['Public announcement (Regulation 6)', formatDate(f.publicAnnouncementOn)],
          [
            'Last date for submission of claims (Regulation 12(1))',
            `${formatDate(addDays(f.admissionOrderDate, CLAIMS_DAYS))}, the 14th day from the insolvency commencement date`,
          ],
        ] as [string, string][])
      : []),
    ...(f.cocConstitutedOn
      ? ([['Committee of creditors constituted', formatDate(f.cocConstitutedOn)]] as [string, string][])
      : []),
    ...(liquidation
      ? ([
          [
            'Liquidation order (liquidation commencement date)',
            `${formatDate(input.engagement.valuationDate)}, the valuation date: the Adjudicating Authority ordered the corporate debtor liquidated under section 33 of the Code, no resolution plan having been approved, and appointed the liquidator`,
          ],
        ] as [string, string][])
      : []),
    ...(officer
      ? ([
          [
            liquidation ? 'Liquidator' : 'Resolution professional',
            !liquidation && officer.name === f.interimResolutionProfessional.name
              ? `${officer.name} (${officer.ibbiRegistration}), the interim resolution professional, confirmed as resolution professional by the committee of creditors at its first meeting (section 22(2) of the Code) on ${formatDate(officer.appointedOn)}`
              : !liquidation
                ? `${officer.name} (${officer.ibbiRegistration}), appointed in place of the interim resolution professional (section 22 of the Code), in office from ${formatDate(officer.appointedOn)}`
                : `${officer.name} (${officer.ibbiRegistration}), appointed by the liquidation order, in office from ${formatDate(officer.appointedOn)}`,
          ],
        ] as [string, string][])
      : []),
    ...(valuersOn ? ([['Registered valuers appointed', formatDate(valuersOn)]] as [string, string][]) : []),
    [liquidation ? 'Methodology meeting' : 'Methodology meeting with the committee of creditors', meeting(f)],
  ];
  w.facts(rows, 0.36);
  w.paragraph(
    liquidation
      ? 'On the liquidator’s appointment the powers of the board of directors and key managerial personnel vest in the liquidator (section 34(2) of the Code); the liquidator appointed the registered valuers of this report.'
      : 'From the insolvency commencement date the powers of the board of directors are suspended and the affairs of the corporate debtor are managed by the interim resolution professional and then the resolution professional (sections 17 and 23 of the Code), who appointed the registered valuers of this report; the report is addressed to the resolution professional.',
  );
}

function meeting(f: NonNullable<NonNullable<NonNullable<ReportInput['facts']>['ibc']>['insolvency']>): string {
  const m = f.methodologyMeeting;
  if (!m) return 'None held by the date of this report';
  return `Held on ${formatDate(m.heldOn)}, at which the registered valuers explained their methodology${m.note ? `: ${m.note.charAt(0).toLowerCase()}${m.note.slice(1).replace(/\.?$/, '')}` : ''}`;
}
