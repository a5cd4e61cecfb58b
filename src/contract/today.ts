// Today as the service counts it: the calendar date in India (IST, UTC+5:30), for the server's defaults and
// refusals and for the console's checks before saving, so both agree at any hour.

/** Today in India, YYYY-MM-DD. */
export function todayInIndia(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}
