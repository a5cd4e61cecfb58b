// The examples' calendar: every date of an example engagement follows from the day `npm run examples` runs, as a
// real engagement's dates follow one another (docs/reports.md, Examples). The valuation date is the last month-end
// at least three weeks before that day; the balance sheet is drawn up as at it; the board's appointment, the
// engagement letter and the documents fall around it, and the report is signed on the day the examples run, so
// no report is dated months after its valuation date.
import { todayInIndia } from '../../src/contract/today.js';

const DAY = 86_400_000;

/** `iso` moved by `days` (YYYY-MM-DD). */
export const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(iso) + days * DAY).toISOString().slice(0, 10);

/** Days from `from` to `to`. */
export const daysFrom = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/**
 * The last trading day on or before `iso`: a quoted price or a market's multiples are struck on a weekday, so a
 * valuation date on a Saturday or a Sunday takes the Friday's closing price (exchange holidays aside).
 */
export function lastTradingDay(iso: string): string {
  let d = iso;
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, -1);
  return d;
}

/** The first working day (Monday to Friday) on or after `iso`: a letter, an extract or a meeting is not dated on a weekend. */
export function nextWorkingDay(iso: string): string {
  let d = iso;
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
}

/** The last day of the month `monthsBack` months before the month of `iso`. */
function monthEnd(iso: string, monthsBack: number): string {
  const [y, m] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - monthsBack, 0)).toISOString().slice(0, 10);
}

/** The `day`th of the month `monthsBack` months before the month of `iso`. */
function dayOfMonthBefore(iso: string, monthsBack: number, day: number): string {
  const [y, m] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - monthsBack, day)).toISOString().slice(0, 10);
}

/** The financial year (its closing calendar year, FY2027 = 1 April 2026 to 31 March 2027) a day falls in. */
const financialYearOf = (iso: string): number => {
  const [y, m] = iso.split('-').map(Number);
  return m >= 4 ? y + 1 : y;
};

/** A long date, as the report writes it: "31 October 2026". */
export function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "October 2025". */
export const monthAndYear = (iso: string): string => longDate(iso).replace(/^\d+ /, '');

export interface ExampleCalendar {
  /** The day the examples are made and signed (the report date). */
  today: string;
  /** The valuation date and the balance sheet's date: the last month-end at least 21 days before today. */
  valuationDate: string;
  /** The first projection year (FY label's closing year): the financial year the day after the valuation date is in. */
  firstProjectionYear: number;
  /** The last audited year's end (31 March), before the valuation date. */
  lastAuditedYearEnd: string;
  /** The date of the auditor's report on those statements. */
  auditedStatementsDate: string;
  /** The stamp-duty ready reckoner's year, e.g. "2026-27". */
  readyReckonerYear: string;
  /** The company's earlier funding round, and the two deals in the trade. */
  fundingRoundDate: string;
  firstDealDate: string;
  secondDealDate: string;
  /**
   * The allotment's general meeting: the notice goes out on the first working day after the report (its explanatory
   * statement carries the report, s.102 of the Companies Act, 2013), and the meeting is held on a working day at least
   * 21 clear days later (s.101(1)), where the members pass the special resolution s.62(1)(c) asks for.
   */
  egmNoticeDate: string;
  egmDate: string;
  /** The proposed date of an issue: a working day after the members' special resolution. */
  proposedIssueDate: string;
}

export function exampleCalendar(today = todayInIndia()): ExampleCalendar {
  let back = 1;
  while (daysFrom(monthEnd(today, back), today) < 21) back++;
  return calendarAt(today, monthEnd(today, back));
}

/**
 * The calendar of an engagement valued as at `valuationDate` and reported on `today`: the IBC examples value as at
 * their commencement date, a working day (an order of the Adjudicating Authority), not a month-end.
 */
export function calendarAt(today: string, valuationDate: string): ExampleCalendar {
  const firstProjectionYear = financialYearOf(addDays(valuationDate, 1));
  const lastAuditedYearEnd = `${firstProjectionYear - 1}-03-31`;
  const auditedSigned = addDays(lastAuditedYearEnd, 48);
  const fy = financialYearOf(valuationDate);
  // 21 clear days: neither the day of the notice nor the day of the meeting counts.
  const egmNoticeDate = nextWorkingDay(addDays(today, 1));
  const egmDate = nextWorkingDay(addDays(egmNoticeDate, 22));
  return {
    today,
    valuationDate,
    firstProjectionYear,
    lastAuditedYearEnd,
    // An audit signed seven weeks after the year end, or, where the year ended on the valuation date, two weeks after it.
    auditedStatementsDate: auditedSigned < valuationDate ? auditedSigned : addDays(valuationDate, 14),
    readyReckonerYear: `${fy - 1}-${String(fy % 100).padStart(2, '0')}`,
    fundingRoundDate: dayOfMonthBefore(valuationDate, 5, 15),
    firstDealDate: dayOfMonthBefore(valuationDate, 7, 14),
    secondDealDate: dayOfMonthBefore(valuationDate, 3, 2),
    egmNoticeDate,
    egmDate,
    proposedIssueDate: nextWorkingDay(addDays(egmDate, 2)),
  };
}

/** The calendar of this run of the examples. */
export const CALENDAR = exampleCalendar();

/** "FY 2026-27" for the financial year closing in `year`. */
export const fyLong = (year: number): string => `FY ${year - 1}-${String(year % 100).padStart(2, '0')}`;
