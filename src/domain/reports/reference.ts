// The firm's own reference of a FINAL report (docs/report-signatures.md, The firm's reference): the firm's prefix,
// the Indian financial year it was issued in and its serial in that year, e.g. "MIVA/2026-27/0007". Pure.

/** Words a firm's name carries that say what it is, not who: left out of its initials. */
const NOT_INITIALS = new Set(['and', 'of', 'the', 'llp', 'pvt', 'private', 'ltd', 'limited', 'co', 'company']);

/**
 * The prefix of a firm that has set none: the initials of its name, up to six, in capitals
 * ("Mehta & Iyer Valuation Advisors LLP" → "MIVA"); "VR" when the name gives no letter.
 */
export function firmInitials(name: string): string {
  const initials = name
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word && !NOT_INITIALS.has(word.toLowerCase()))
    .map((word) => word[0].toUpperCase())
    .join('')
    .slice(0, 6);
  return initials || 'VR';
}

/** "MIVA/2026-27/0007": four digits, more once a firm issues more than 9,999 reports in a year. */
export const reportReference = (prefix: string, financialYear: string, serial: number): string =>
  `${prefix}/${financialYear}/${String(serial).padStart(4, '0')}`;
