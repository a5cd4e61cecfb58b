// The physical verification of each IBC asset class, dated where it can be true (docs/statutes.md, IBC, physical
// verification): the valuer verifies after being appointed, on or after the insolvency commencement date, and before
// the report is dated. Dates are ISO 'YYYY-MM-DD' text, so they compare as strings.

/** A field the lock refuses, as a JSON pointer into the financials, and why. */
export interface FieldError {
  path: string;
  message: string;
}

export interface VerificationDates {
  /** The valuer's appointment (engagement `appointmentDate`), when recorded. */
  appointmentDate: string | null;
  /** The insolvency (or liquidation) commencement date: an IBC engagement's valuation date. */
  commencementDate: string | null;
  /** The day the report can be dated at the earliest: the day of the lock. */
  reportDate: string;
}

/** One error per asset class whose verification date is before the appointment or the commencement, or after the report. */
export function verificationDateErrors(
  assets: readonly { verifiedOn?: string }[],
  dates: VerificationDates,
): FieldError[] {
  const errors: FieldError[] = [];
  assets.forEach((asset, i) => {
    const on = asset.verifiedOn;
    if (!on) return;
    const path = `/liquidation/assets/${i}/verifiedOn`;
    if (dates.appointmentDate && on < dates.appointmentDate) {
      errors.push({
        path,
        message: `must be on or after the valuer's appointment on ${dates.appointmentDate} (/appointmentDate): the valuer who verifies is the one appointed`,
      });
    } else if (dates.commencementDate && on < dates.commencementDate) {
      errors.push({
        path,
        message: `must be on or after the insolvency commencement date ${dates.commencementDate} (/valuationDate), the date the assets are valued at`,
      });
    } else if (on > dates.reportDate) {
      errors.push({ path, message: `must not be after the report (${dates.reportDate}): a verification not yet made` });
    }
  });
  return errors;
}
