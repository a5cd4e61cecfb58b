// An IBC engagement as one set's work (docs/statutes.md, IBC: the set of valuers). Pure rules: who may hold a class,
// who appointed the set and when, the regulations' days for the appointment, and the physical verification of
// each class by its own valuer. Dates are ISO 'YYYY-MM-DD' text, so they compare as strings.
import type { Registration } from '../../contract/registrations.js';
import {
  APPOINTING_ROLE_LABELS,
  IBC_CLASS_LABELS,
  type AppointingOfficer,
  type ValuerSet,
} from '../../contract/ibc-valuer-set.js';
import { ibcRegistrationClasses } from '../identity/signatory.js';

export interface FieldError {
  path: string;
  message: string;
}

export interface SetMember {
  id: string;
  name: string;
  status: string;
  registrations: readonly Registration[] | null;
}

const LIQUIDATION = 'LIQUIDATION_REALISABLE_VALUE';

/** The member's IBBI registration for the class, where they hold one. */
export function registrationForClass(member: Pick<SetMember, 'registrations'>, assetClass: string) {
  return (member.registrations ?? []).find((r) => r.type === 'IBBI_RV' && r.assetClass === assetClass);
}

/** Each class held by an active member of the firm registered with IBBI for that class (400 at set-up otherwise). */
export function valuerSetMemberErrors(set: ValuerSet, members: ReadonlyMap<string, SetMember>): FieldError[] {
  const errors: FieldError[] = [];
  set.classes.forEach((c, i) => {
    const path = `/valuerSet/classes/${i}/memberId`;
    const label = IBC_CLASS_LABELS[c.assetClass];
    const member = members.get(c.memberId);
    if (!member || member.status !== 'ACTIVE') {
      errors.push({ path, message: `The ${label} valuer must be an active member of the firm` });
    } else if (!registrationForClass(member, c.assetClass)) {
      errors.push({
        path,
        message: `${member.name} is not registered with IBBI for ${label}: the ${label} assets are valued by a member registered for that class`,
      });
    }
  });
  return errors;
}

/** The officer who appointed the set: the one the purpose calls for, appointed no later than the valuer. */
export function appointingOfficerErrors(
  officer: AppointingOfficer | null | undefined,
  purpose: string | null | undefined,
  appointmentDate: string | null | undefined,
): FieldError[] {
  if (!officer) return [];
  const errors: FieldError[] = [];
  const wanted = purpose === LIQUIDATION ? 'LIQUIDATOR' : 'RESOLUTION_PROFESSIONAL';
  if (officer.role !== wanted) {
    errors.push({
      path: '/appointingOfficer/role',
      message:
        purpose === LIQUIDATION
          ? 'In liquidation the liquidator appoints the registered valuers (Liquidation Process Regulations, Reg 35(2))'
          : 'In a CIRP the resolution professional appoints the registered valuers (CIRP Regulations, Reg 27(1))',
    });
  }
  if (appointmentDate && appointmentDate < officer.appointedOn) {
    errors.push({
      path: '/appointmentDate',
      message: `The valuer's appointment cannot precede the ${APPOINTING_ROLE_LABELS[officer.role].toLowerCase()}'s own appointment on ${officer.appointedOn}: only an officer in office appoints`,
    });
  }
  return errors;
}

/** The day `days` after an ISO date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface AppointmentWarning {
  code: 'VALUER_APPOINTMENT_LATE';
  message: string;
}

/**
 * The regulations' days for the valuer's appointment, as warnings (a late appointment is the officer's default, not
 * a reason to refuse the work): CIRP Reg 27(1), within seven days of the resolution professional's appointment and
 * not later than the 47th day from the insolvency commencement date; Liquidation Reg 35(2), within seven days of
 * the liquidation commencement date. A period "from" a day excludes that day (General Clauses Act, s.9).
 */
export function appointmentWarnings(input: {
  purpose: string | null | undefined;
  officer: AppointingOfficer | null | undefined;
  appointmentDate: string | null | undefined;
  commencementDate: string;
}): AppointmentWarning[] {
  const { appointmentDate: on, officer, commencementDate } = input;
  if (!on) return [];
  const late = (message: string): AppointmentWarning => ({ code: 'VALUER_APPOINTMENT_LATE', message });
  if (input.purpose === LIQUIDATION) {
    const by = addDays(commencementDate, 7);
    return on > by
      ? [
          late(
            `Regulation 35(2) of the Liquidation Process Regulations: the liquidator appoints the registered valuers within seven days of the liquidation commencement date (${commencementDate}), by ${by}; this appointment is dated ${on}`,
          ),
        ]
      : [];
  }
  const warnings: AppointmentWarning[] = [];
  if (officer) {
    const by = addDays(officer.appointedOn, 7);
    if (on > by)
      warnings.push(
        late(
          `Regulation 27(1) of the CIRP Regulations: the resolution professional appoints the registered valuers within seven days of their own appointment (${officer.appointedOn}), by ${by}; this appointment is dated ${on}`,
        ),
      );
  }
  const day47 = addDays(commencementDate, 47);
  if (on > day47)
    warnings.push(
      late(
        `Regulation 27(1) of the CIRP Regulations: the registered valuers are appointed not later than the 47th day from the insolvency commencement date (${commencementDate}), ${day47}; this appointment is dated ${on}`,
      ),
    );
  return warnings;
}

export interface SetVerificationDates {
  /** The valuer's appointment (engagement `appointmentDate`), when recorded. */
  appointmentDate: string | null;
  /** The insolvency (or liquidation) commencement date: an IBC engagement's valuation date. */
  commencementDate: string;
  /** The day the report can be dated at the earliest: the day of the lock. */
  reportDate: string;
}

/**
 * At the lock: every class the financials value has its valuer in the set, and each class's physical verification
 * is recorded, by its own valuer, dated on or after the appointment and the commencement date and not after the report.
 */
export function setLockErrors(
  set: ValuerSet,
  valuedClasses: readonly string[],
  dates: SetVerificationDates,
): FieldError[] {
  const errors: FieldError[] = [];
  const held = new Set(set.classes.map((c) => c.assetClass));
  const missing = ibcRegistrationClasses(valuedClasses).filter((c) => !held.has(c));
  if (missing.length > 0) {
    errors.push({
      path: '/valuerSet/classes',
      message: `The financials value ${missing.map((c) => IBC_CLASS_LABELS[c]).join(' and ')} assets, but the set names no valuer for ${missing.length > 1 ? 'those classes' : 'that class'}`,
    });
  }
  set.classes.forEach((c, i) => {
    const label = IBC_CLASS_LABELS[c.assetClass];
    const v = c.verification;
    if (!v) {
      errors.push({
        path: `/valuerSet/classes/${i}/verification`,
        message: `Record the physical verification of the ${label} assets (who, what, who was present, when): each valuer reports after verifying`,
      });
      return;
    }
    const path = `/valuerSet/classes/${i}/verification/date`;
    if (dates.appointmentDate && v.date < dates.appointmentDate) {
      errors.push({
        path,
        message: `The ${label} verification on ${v.date} is before the valuer's appointment on ${dates.appointmentDate}: the valuer who verifies is the one appointed`,
      });
    } else if (v.date < dates.commencementDate) {
      errors.push({
        path,
        message: `The ${label} verification on ${v.date} is before the commencement date ${dates.commencementDate}, the date the assets are valued at`,
      });
    } else if (v.date > dates.reportDate) {
      errors.push({
        path,
        message: `The ${label} verification on ${v.date} is after the report (${dates.reportDate}): a verification not yet made`,
      });
    }
  });
  return errors;
}
