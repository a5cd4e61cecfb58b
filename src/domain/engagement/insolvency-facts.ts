// The insolvency facts' dates, in the order the Code and the regulations put them (docs/statutes.md, IBC: the
// insolvency facts). Pure rules; dates are ISO 'YYYY-MM-DD' text, so they compare as strings.
//   admission order (= the insolvency commencement date, s.5(12)) ≤ committee of creditors constituted (s.21)
//   ≤ resolution professional appointed by it (s.22(2)) ≤ valuers appointed (CIRP Reg 27(1)) ≤ methodology meeting
//   (CIRP Reg 35(1)) ≤ the report. In liquidation the admission order precedes the liquidation commencement date.
import type { InsolvencyFacts } from '../../contract/ibc-insolvency-facts.js';
import type { AppointingOfficer } from '../../contract/ibc-valuer-set.js';
import type { FieldError } from './ibc-set.js';
import { dayShort } from '../../contract/dates-in-words.js';

const LIQUIDATION = 'LIQUIDATION_REALISABLE_VALUE';
const P = '/insolvencyFacts';

export interface InsolvencyContext {
  purpose: string | null | undefined;
  /** The engagement's valuation date: the insolvency (CIRP) or liquidation commencement date. */
  valuationDate: string;
  /** The valuers' appointment (engagement appointmentDate), when recorded. */
  appointmentDate: string | null | undefined;
  /** The resolution professional or liquidator who appointed the valuers, when recorded. */
  officer: AppointingOfficer | null | undefined;
}

/** Each date after the one it follows: 400 at set-up naming the field. */
export function insolvencyFactsErrors(f: InsolvencyFacts | null | undefined, c: InsolvencyContext): FieldError[] {
  if (!f) return [];
  const errors: FieldError[] = [];
  const liquidation = c.purpose === LIQUIDATION;
  const admitted = f.admissionOrderDate;
  if (!liquidation && admitted !== c.valuationDate) {
    errors.push({
      path: `${P}/admissionOrderDate`,
      message: `The admission order's date is the insolvency commencement date (s.5(12) of the Code), the valuation date of a CIRP valuation (${dayShort(c.valuationDate)}); this order is dated ${dayShort(admitted)}`,
    });
  } else if (liquidation && admitted > c.valuationDate) {
    errors.push({
      path: `${P}/admissionOrderDate`,
      message: `The admission order (${dayShort(admitted)}) opens the process the liquidation follows: it cannot be after the liquidation commencement date ${dayShort(c.valuationDate)}`,
    });
  }
  const coc = f.cocConstitutedOn;
  if (!coc && !liquidation) {
    errors.push({
      path: `${P}/cocConstitutedOn`,
      message:
        'Give the date the committee of creditors was constituted (s.21): in a CIRP it appoints the resolution professional who appoints the valuers',
    });
  }
  if (coc && coc < admitted) {
    errors.push({
      path: `${P}/cocConstitutedOn`,
      message: `The committee of creditors (${dayShort(coc)}) is constituted after the admission order of ${dayShort(admitted)}, from the claims the interim resolution professional collates (s.21)`,
    });
  } else if (coc && !liquidation && c.appointmentDate && c.appointmentDate < coc) {
    errors.push({
      path: `${P}/cocConstitutedOn`,
      message: `The valuers were appointed on ${dayShort(c.appointmentDate)}, before the committee of creditors was constituted (${dayShort(coc)}): the resolution professional who appoints them is the committee's appointee (s.22(2); CIRP Reg 27(1))`,
    });
  } else if (coc && !liquidation && c.officer && c.officer.appointedOn < coc) {
    errors.push({
      path: '/appointingOfficer/appointedOn',
      message: `The resolution professional is appointed by the committee of creditors at its first meeting (s.22(2)), so not before its constitution on ${dayShort(coc)}; this appointment is dated ${dayShort(c.officer.appointedOn)}`,
    });
  } else if (coc && liquidation && coc > c.valuationDate) {
    errors.push({
      path: `${P}/cocConstitutedOn`,
      message: `The committee of creditors of the CIRP (${dayShort(coc)}) precedes the liquidation commencement date ${dayShort(c.valuationDate)}`,
    });
  }
  const announced = f.publicAnnouncementOn;
  if (announced && (announced < admitted || (coc && announced > coc))) {
    errors.push({
      path: `${P}/publicAnnouncementOn`,
      message: `The public announcement (${dayShort(announced)}) follows the admission order of ${dayShort(admitted)} (CIRP Reg 6) and invites the claims from which the committee of creditors is constituted${coc ? ` (${dayShort(coc)})` : ''}`,
    });
  }
  const admissionRefused = errors.length > 0;
  if (!admissionRefused && c.officer && c.officer.appointedOn < admitted) {
    errors.push({
      path: '/appointingOfficer/appointedOn',
      message: `No resolution professional or liquidator is in office before the admission order of ${dayShort(admitted)}`,
    });
  }
  const meeting = f.methodologyMeeting?.heldOn;
  if (meeting && c.appointmentDate && meeting < c.appointmentDate) {
    errors.push({
      path: `${P}/methodologyMeeting/heldOn`,
      message: `The valuers explain their methodology after they are appointed (${dayShort(c.appointmentDate)}); this meeting is dated ${dayShort(meeting)}`,
    });
  } else if (meeting && meeting < c.valuationDate) {
    errors.push({
      path: `${P}/methodologyMeeting/heldOn`,
      message: `The methodology meeting (${dayShort(meeting)}) falls before the commencement date ${dayShort(c.valuationDate)}`,
    });
  }
  return errors;
}

/** At the lock: a methodology meeting not yet held cannot be reported as held. */
export function methodologyMeetingLockErrors(f: InsolvencyFacts | null | undefined, reportDate: string): FieldError[] {
  const meeting = f?.methodologyMeeting?.heldOn;
  return meeting && meeting > reportDate
    ? [
        {
          path: `${P}/methodologyMeeting/heldOn`,
          message: `The methodology meeting on ${dayShort(meeting)} is after the report (${dayShort(reportDate)}): a meeting not yet held`,
        },
      ]
    : [];
}
