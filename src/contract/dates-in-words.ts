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

/** "2026-03-31" → "31 Mar 2026", the console's short form of a day. */
export function dayShort(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m - 1].slice(0, 3)} ${y}`;
}

const isoOf = (y: number, m: number, d: number): string | null => {
  if (!(y >= 1900 && y <= 2999 && m >= 1 && m <= 12 && d >= 1)) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/**
 * A day as a person types it, day first as in India: "31 Mar 2026", "31 March 2026", "31/03/2026",
 * "31-03-2026", "31.03.2026", or "2026-03-31". The ISO day, or null when it is not a real day.
 */
export function parseDay(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return isoOf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?,?[\s-]+(\d{4})$/.exec(t);
  if (m) {
    const name = m[2].toLowerCase();
    const month = MONTHS.findIndex((x) => x.toLowerCase() === name || x.toLowerCase().slice(0, 3) === name);
    return month < 0 ? null : isoOf(Number(m[3]), month + 1, Number(m[1]));
  }
  return null;
}
