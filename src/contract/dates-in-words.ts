// Dates as a reader reads them in a report or a message: "31 March 2026". Shared by the domain's warnings, the
// reports and the console.
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "2026-03-31" → "31 March 2026". */
export function dateInWords(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}
