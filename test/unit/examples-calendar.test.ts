// The examples' calendar (scripts/examples/calendar.ts; docs/reports.md, Examples): whatever day the examples run,
// the valuation date is a month-end three to about seven weeks before it, the projections start with the year after
// it, the audited year precedes it, and an issue proposed after the members' meeting is within 90 days of it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { daysFrom, exampleCalendar } from '../../scripts/examples/calendar.js';

test('the calendar of a run on any day of the year follows an engagement', () => {
  for (let d = 0; d < 400; d += 3) {
    const today = new Date(Date.UTC(2026, 10, 28) + d * 86_400_000).toISOString().slice(0, 10);
    const c = exampleCalendar(today);
    const gap = daysFrom(c.valuationDate, today);
    assert.ok(gap >= 21 && gap <= 60, `${today}: valued ${gap} days before`);
    assert.equal(new Date(Date.parse(c.valuationDate) + 86_400_000).getUTCDate(), 1, `${c.valuationDate} a month-end`);
    assert.ok(daysFrom(c.valuationDate, c.proposedIssueDate) <= 90, `${today}: issue within 90 days`);
    // The members' special resolution at a meeting called on 21 clear days' notice sent after the report; the
    // allotment after it; none of them on a weekend.
    assert.ok(c.egmNoticeDate > today && daysFrom(c.egmNoticeDate, c.egmDate) - 1 >= 21, today);
    assert.ok(c.proposedIssueDate > c.egmDate, today);
    for (const d of [c.egmNoticeDate, c.egmDate, c.proposedIssueDate])
      assert.ok(![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()), `${today}: ${d} on a weekend`);
    assert.ok(c.lastAuditedYearEnd <= c.valuationDate && c.auditedStatementsDate <= today, today);
    assert.ok(c.fundingRoundDate < c.valuationDate && c.firstDealDate < c.secondDealDate, today);
    // The first projection year holds the day after the valuation date.
    const next = new Date(Date.parse(c.valuationDate) + 86_400_000);
    const fy = next.getUTCMonth() >= 3 ? next.getUTCFullYear() + 1 : next.getUTCFullYear();
    assert.equal(c.firstProjectionYear, fy, today);
  }
  assert.deepEqual(
    (({ valuationDate, firstProjectionYear, egmNoticeDate, egmDate, proposedIssueDate }) => ({
      valuationDate,
      firstProjectionYear,
      egmNoticeDate,
      egmDate,
      proposedIssueDate,
    }))(exampleCalendar('2026-11-28')),
    {
      valuationDate: '2026-10-31',
      firstProjectionYear: 2027,
      egmNoticeDate: '2026-11-30',
      egmDate: '2026-12-22',
      proposedIssueDate: '2026-12-24',
    },
  );
  assert.equal(exampleCalendar('2027-04-21').valuationDate, '2027-03-31');
  assert.equal(exampleCalendar('2027-04-20').valuationDate, '2027-02-28');
});
