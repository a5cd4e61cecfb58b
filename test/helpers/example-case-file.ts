// The examples as case files (docs/reports.md, Examples): one company whose places and investors read the same in
// the background, the property schedule, the evidence and the shareholding; dates that follow an engagement, with
// each report signed within weeks of its valuation date; and a UDIN of each report's own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MadeExample } from '../../scripts/examples/make.js';
import { EXAMPLE_PLANS, type ExamplePlan } from '../../scripts/examples/plans.js';
import { CALENDAR, calendarAt, daysFrom } from '../../scripts/examples/calendar.js';
import type { TransactionFacts } from '../../src/contract/transaction-facts.js';
import { EXAMPLE_COMPANY } from '../fixtures/sample-report.js';

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** The property schedule's descriptions (where the company's immovable properties are), and an IBC land register's. */
const schedule = (plan: ExamplePlan): string[] => [
  ...(
    (plan.financials.navAdjustmentSources as { immovableProperties?: { description: string }[] } | undefined)
      ?.immovableProperties ?? []
  ).map((p) => p.description),
  ...(
    (plan.financials.liquidation as { registers?: { land?: { description: string }[] } } | undefined)?.registers
      ?.land ?? []
  ).map((p) => p.description),
];

/** The capitalised words after "factory", "plant" or "office" in a text: the places it puts the company's premises. */
export function premisesPlaces(text: string): string[] {
  return [...text.matchAll(/\b(?:factory|factories|plants?|office|warehouse)\b([^.]*)/gi)].flatMap((m) =>
    [...m[1].matchAll(/\b[A-Z][A-Za-z]+\b/g)].map((w) => w[0]),
  );
}

/** The investors a text names in a funding round or subscription ("… with X", "… from X in …"). */
function roundInvestors(text: string): string[] {
  const named = [
    ...text.matchAll(/[Ss]ubscription agreement (?:of [^,]*? )?with ([A-Z][^,;.]*(?:\. Ltd\.|Fund I|[A-Za-z]))/g),
    ...text.matchAll(/raised equity from ([A-Z][A-Za-z .]+?) in [A-Z]/g),
    ...text.matchAll(
      /[Ss]hare purchase agreement (?:of [^,]*? )?between the promoters and ([A-Z][^,;.]*(?:Fund I|[A-Za-z]))/g,
    ),
    ...text.matchAll(/([A-Z][A-Za-z .]+?) bought shares from /g),
  ];
  return named.map((m) => m[1].trim());
}

export function caseFileChecks(made: () => MadeExample[], text: (path: string) => string): void {
  test("each example's places read the same in the background, the property schedule and the evidence", () => {
    const holders = new Set(EXAMPLE_COMPANY.shareholding!.map((h) => h.holder));
    for (const plan of EXAMPLE_PLANS) {
      const props = schedule(plan).join(' ');
      assert.ok(props.length > 0, `${plan.slug}: a property schedule`);
      const texts = [
        String(plan.engagement.companyBackground),
        ...plan.evidence.map((e) => e.title),
        ...(
          (plan.financials.liquidation as { assets?: { physicalVerification: string; method: string }[] })?.assets ?? []
        ).flatMap((a) => [a.physicalVerification, a.method]),
      ];
      for (const t of texts)
        for (const place of premisesPlaces(t))
          assert.ok(props.includes(place), `${plan.slug}: "${place}" in "${t}" is not in the property schedule`);
      // The background names every locality of the schedule (its last two parts: "MIDC Ambad, Nashik").
      for (const d of schedule(plan))
        for (const part of d.split(', ').slice(-2))
          assert.ok(String(plan.engagement.companyBackground).includes(part), `${plan.slug}: background omits ${part}`);
      // Every investor of a funding round holds shares (or takes them in the transaction).
      const t = plan.engagement.transaction as TransactionFacts | undefined;
      const after = new Set([...holders, ...(t?.shareholding.map((r) => r.holder) ?? [])]);
      const round = (plan.financials.recentRound as { document?: string } | undefined)?.document ?? '';
      const named = [plan.revision?.reason ?? '', round, ...plan.evidence.map((e) => e.title)].flatMap(roundInvestors);
      for (const investor of named)
        assert.ok(after.has(investor), `${plan.slug}: ${investor} invested but is not in the shareholding`);
      if (plan.slug === 'companies-act-sec-62') assert.ok(named.length >= 2, `${plan.slug}: the round names its fund`);
      // Money a round raised after the last audited year shows in the balance sheet as at the valuation date; the
      // examples' balance sheet shows none, so their round is a sale of existing shares between holders.
      const r = plan.financials.recentRound as { kind?: string; amountRaised?: number; date: string } | undefined;
      if (r && r.date > CALENDAR.lastAuditedYearEnd)
        assert.ok(
          r.kind === 'SECONDARY_SALE' && r.amountRaised === undefined,
          `${plan.slug}: a round after the last audited year raises money the balance sheet does not show`,
        );
    }
    // The check can fail: the plants of another town, an investor who holds nothing.
    assert.deepEqual(premisesPlaces('from two plants at Chakan and Ranjangaon near Pune.'), [
      'Chakan',
      'Ranjangaon',
      'Pune',
    ]);
    assert.deepEqual(roundInvestors('Share subscription agreement with Western Ghats Ventures Fund I'), [
      'Western Ghats Ventures Fund I',
    ]);
    assert.deepEqual(
      roundInvestors('Share purchase agreement between the promoters and Western Ghats Ventures Fund I'),
      ['Western Ghats Ventures Fund I'],
    );
  });

  test('the dates follow an engagement: appointed and engaged by the report, valued within weeks, issued after it', () => {
    const today = CALENDAR.today;
    assert.ok(daysFrom(CALENDAR.valuationDate, today) >= 21 && daysFrom(CALENDAR.valuationDate, today) <= 60);
    for (const plan of EXAMPLE_PLANS) {
      const e = plan.engagement as Record<string, string>;
      // The equity examples value as at the month-end; an IBC example as at its commencement date, the working day of
      // its order (scripts/examples/ibc-company.ts), within weeks of the report.
      if (plan.slug.startsWith('ibc-')) {
        assert.ok(daysFrom(e.valuationDate, today) >= 21 && daysFrom(e.valuationDate, today) <= 60, plan.slug);
        assert.ok(
          ![0, 6].includes(new Date(`${e.valuationDate}T00:00:00Z`).getUTCDay()),
          `${plan.slug}: a working day`,
        );
      } else assert.equal(e.valuationDate, CALENDAR.valuationDate, plan.slug);
      assert.ok(e.appointmentDate <= today, `${plan.slug}: appointed ${e.appointmentDate}`);
      if (e.engagementLetterDate)
        assert.ok(e.appointmentDate <= e.engagementLetterDate && e.engagementLetterDate <= today, plan.slug);
      for (const d of plan.evidence) assert.ok(d.documentDate <= today, `${plan.slug}: ${d.title} ${d.documentDate}`);
      assert.equal(plan.financials.balanceSheetDate, e.valuationDate, `${plan.slug}: the balance sheet at the date`);
      // A liquidation values the assets only and has no projections.
      const projections = plan.financials.projections as { year: string }[] | undefined;
      if (projections)
        assert.equal(
          projections[0].year,
          `FY${calendarAt(today, e.valuationDate).firstProjectionYear}`,
          `${plan.slug}: projections follow the valuation date`,
        );
      const t = plan.engagement.transaction as TransactionFacts | undefined;
      if (t?.kind === 'ISSUE') {
        // The certificate precedes the issue, and values no more than 90 days before it.
        assert.ok(t.date > today, `${plan.slug}: the issue is proposed after the report`);
        assert.ok(
          days(e.valuationDate, t.date) <= 90,
          `${plan.slug}: valued ${days(e.valuationDate, t.date)} days before`,
        );
      }
      if (t?.kind === 'TRANSFER') assert.ok(t.date <= e.appointmentDate, `${plan.slug}: a transfer already made`);
      // The projections relied on are those the board had approved by the valuation date.
      for (const d of plan.evidence.filter((x) => /^Projections/.test(x.title)))
        assert.ok(d.documentDate <= e.valuationDate, `${plan.slug}: projections of ${d.documentDate}`);
    }
  });

  test('each equity report names who may rely on it, what the certificate covers, every method considered, and no software', () => {
    const body = (slug: string) => text(made().find((m) => m.slug === slug)!.files.report);
    assert.match(
      body('rule-11ua'),
      /Intended users\. .*Meera Kulkarni \(promoter\), the transferor, and Anand Deshmukh, the transferee/,
    );
    assert.match(
      body('fema-rbi'),
      /This report covers the whole of the issue to a person resident outside India: 93,000 equity shares to Konkan Capital Partners Pte\. Ltd\. \(Singapore\)/,
    );
    assert.match(body('fema-rbi'), /The 46,500 shares to Deccan Growth Fund I, a person resident in India/);
    for (const slug of ['rule-11ua', 'companies-act-sec-62', 'fema-rbi']) {
      const b = body(slug);
      assert.doesNotMatch(b, /PDF reader|PDF file|drop this/, slug);
      // A transfer on the prescribed formula names no discounted cash flow; its income approach is one row.
      const methods =
        slug === 'rule-11ua'
          ? [
              'Discounting or capitalisation of future earnings',
              'Comparable company multiples',
              'Price of a recent investment',
            ]
          : ['Discounted cash flow', 'Capitalisation of earnings', 'Price of a recent investment', 'Liquidation value'];
      for (const method of methods) assert.ok(b.includes(method), `${slug}: the methods considered name ${method}`);
    }
    // A chartered accountant's reports name the firm by its ICAI FRN, never its registered-valuer-entity number.
    for (const slug of ['rule-11ua', 'fema-rbi']) assert.doesNotMatch(body(slug), /RV-E/, slug);
  });

  test('each report is dated within 60 days of its valuation date, and each carries its own UDIN', () => {
    for (const m of made()) {
      const body = text(m.files.report);
      const valued = /(?:Valuation date|\(valuation date\)) (\d{1,2} [A-Z][a-z]+ \d{4})/.exec(body)?.[1];
      const dated = /Date of report (\d{1,2} [A-Z][a-z]+ \d{4})/.exec(body)?.[1];
      assert.ok(valued && dated, `${m.slug}: the cover gives the valuation date and the report date`);
      const gap = days(`${valued} UTC`, `${dated} UTC`);
      assert.ok(gap >= 0 && gap <= 60, `${m.slug}: the report is dated ${gap} days after its valuation date`);
    }
    // A minority block valued on methods that value the company as it is run states its nil discount for lack of
    // control, with the reason, and its level of value agrees: minority, and non-marketable after the DLOM.
    for (const m of made().filter((x) => ['companies-act-sec-62', 'fema-rbi'].includes(x.slug))) {
      const body = text(m.files.report);
      assert.match(body, /Level of value Minority, non-marketable /, m.slug);
      assert.doesNotMatch(body, /Control, (non-)?marketable/, m.slug);
      assert.match(body, /No discount for lack of control is applied \(nil\), for the reason given below\./, m.slug);
      assert.match(body, /Rationale for the discount for lack of control\. .*?on a minority basis/, m.slug);
    }
    const udins = made()
      .map((m) => m.verify.udin)
      .filter((u) => u !== undefined);
    assert.equal(udins.length, 2, 'the Rule 11UA and FEMA reports are signed by a chartered accountant');
    assert.equal(new Set(udins).size, udins.length, `one UDIN per report: ${udins.join(', ')}`);
  });

  test("the equity reports read as the partner signs them: the same-day sale weighed, the deals' premium divided out, sources without digests", () => {
    const body = (slug: string) => text(made().find((m) => m.slug === slug)!.files.report);
    for (const slug of ['rule-11ua', 'companies-act-sec-62', 'fema-rbi']) {
      const b = body(slug);
      // The client's report cites documents, not files; speaks of the partner's own signature; carries no status word.
      for (const internal of ['SHA-256', 'as submitted for this valuation', 'FINAL', 'may be added', 'example.in'])
        assert.ok(!b.includes(internal), `${slug} prints ${JSON.stringify(internal)}`);
      assert.match(
        b,
        /Vikram Mehta signs this report for the firm with their own digital signature; the firm's electronic seal on this page/,
        slug,
      );
      assert.match(b, /exercisable at ₹120\.00 a share/, `${slug}: the options' exercise price`);
    }
    assert.match(body('rule-11ua'), /Transferee Anand Deshmukh, resident in India/);
    for (const slug of ['companies-act-sec-62', 'fema-rbi']) {
      const b = body(slug);
      // The transfer of the valuation date at ₹275 is the recent sale weighed, with no adjustment for time.
      assert.match(b, /Price per share in the sale of \d{1,2} [A-Z][a-z]+ \d{4} \(equity shares\) ₹275\.00/, slug);
      assert.doesNotMatch(b, /Adjustment for the time since/, slug);
      // 20 % premium out by division, which leaves minority-marketable deals: the DLOM reaches them, not the sale.
      assert.match(b, /20% control premium \(÷ 1\.20\)/, slug);
      assert.match(
        b,
        /applied to the value of Discounted cash flow, Comparable company multiples and Comparable\s+transactions; Price of a\s+recent investment \(the price of the company's own unlisted shares\) takes none/,
        slug,
      );
      // The weights' sensitivity quotes the deals' and the peers' values after discounts as the weighting table prints them.
      const range = /lie between (₹[\d,]+\.\d{2}) \(the deals\) and (₹[\d,]+\.\d{2}) \(the peers\)/.exec(b);
      assert.ok(range, `${slug}: the weights' sensitivity`);
      for (const figure of range.slice(1))
        assert.ok(b.split(figure).length - 1 >= 2, `${slug}: ${figure} is not in the weighting table`);
      // Net asset value at book is a cross-check with no weight, not a floor averaged in.
      assert.match(b, /Net asset value\s+Cross-?\s*check/, slug);
      assert.doesNotMatch(b, /Net asset value \(10%\)/, slug);
      assert.doesNotMatch(b, /lock-in|may not sell them for three years/, slug);
      assert.doesNotMatch(b, /so in L at book value/, `${slug}: the Rule 57 L in the DCF's bridge`);
    }
  });
}
