// Corporate Identity Number (docs/statutes.md, Company identifiers): 21 characters,
// listing status (L/U) + 5-digit NIC industry code + 2-letter state + 4-digit year + 3-letter ownership + 6-digit registration number.
export const CIN_PATTERN = /^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$/;

export function normaliseCin(value: string): string {
  return value.trim().toUpperCase();
}

/** Structure and a plausible incorporation year; an unknown ownership code is accepted (codes get added). */
export function isValidCin(value: string, currentYear: number): boolean {
  const cin = normaliseCin(value);
  if (!CIN_PATTERN.test(cin)) return false;
  const year = Number(cin.slice(8, 12));
  return year >= 1850 && year <= currentYear;
}
