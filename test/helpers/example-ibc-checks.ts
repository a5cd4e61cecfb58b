// The IBC examples read as a partner reads them (docs/ibc-valuation.md): a corporate debtor of its own, the insolvency
// facts, the premise per basis, the exclusions declared, the value as a whole; no quoted price struck on a weekend.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MadeExample } from '../../scripts/examples/make.js';
import { EXAMPLE_PLANS } from '../../scripts/examples/plans.js';
import { assertShows } from './pdf.js';

export function ibcExampleChecks(made: () => MadeExample[], text: (path: string) => string): void {
  test('an IBC example states its insolvency, its premises, its exclusions and (CIRP) the corporate debtor as a whole', () => {
    for (const m of made().filter((x) => x.slug.startsWith('ibc-'))) {
      const body = text(m.files.report);
      // The corporate debtor is a company of its own, not the equity examples' (docs/ibc-valuation.md).
      const equityCompany = EXAMPLE_PLANS.find((p) => p.slug === 'rule-11ua')!.engagement.targetEntity as string;
      assert.doesNotMatch(body, new RegExp(equityCompany), m.slug);
      // The insolvency facts, the premise per basis and the exclusions declared (docs/ibc-valuation.md).
      assertShows(body, m.slug, [
        'Adjudicating Authority National Company Law Tribunal, Mumbai Bench',
        // Two corporate debtors, each with its own petition and process (scripts/examples/ibc-liquidation-company.ts).
        m.slug === 'ibc-cirp'
          ? 'Bank of Maharashtra, a financial creditor, under section 7 of the Code'
          : 'Bank of India, a financial creditor, under section 7 of the Code',
        m.slug === 'ibc-cirp'
          ? 'Interim resolution professional Arvind Kulkarni'
          : 'Interim resolution professional Rohan Joshi',
        'The approach of each asset class, and its valuer',
        // The process in the Code's order: the public announcement, and in liquidation the order that began it.
        'Public announcement (Regulation',
        ...(m.slug === 'ibc-liquidation' ? ['Liquidation order (liquidation'] : []),
        // Every rate of the registers with its source (docs/asset-registers.md, Sources of the rates).
        'Source of each adjustment:',
        'Source of each rate:',
        'Source of each cost:',
        'Totals by IBBI registration class, and the valuer who signs each',
        m.slug === 'ibc-cirp'
          ? 'As Regulation 27(3) of the CIRP Regulations requires'
          : 'As Regulation 35(2) of the Liquidation Process Regulations requires',
        ...(m.slug === 'ibc-cirp'
          ? [
              'Premise of value, fair value. An orderly sale',
              'Premise of value, liquidation value. A forced sale',
              'Fair value of the corporate debtor as a whole',
              'Going-concern value of the assets',
              // The going-concern DCF's workings and the WACC built up input by input (docs/ibc-valuation.md).
              'The going-concern DCF: the business plan by projection year',
              'Present value of terminal value',
              'Relevered beta (βL)',
              'Each input of the weighted average cost of capital, the figure used, where it comes from',
            ]
          : ['Premise of value, realisable value. A forced sale in liquidation']),
      ]);
      assert.doesNotMatch(body, /not stated/, `${m.slug}: every source stated`);
    }
  });

  test("the IBC examples' process days: working days, in the Code's order, two corporate debtors of their own", () => {
    const ibc = EXAMPLE_PLANS.filter((p) => p.slug.startsWith('ibc-'));
    const weekday = (d: string) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());
    const plus = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);
    // Two examples, two corporate debtors and two petitions: the case files never contradict each other.
    const entities = new Set(ibc.map((p) => p.engagement.targetEntity));
    const petitions = new Set(
      ibc.map((p) => (p.engagement.insolvencyFacts as { petitionNumber: string }).petitionNumber),
    );
    assert.equal(entities.size, ibc.length);
    assert.equal(petitions.size, ibc.length);
    for (const p of ibc) {
      const e = p.engagement as Record<string, unknown> & { valuationDate: string; appointmentDate: string };
      const f = e.insolvencyFacts as {
        admissionOrderDate: string;
        publicAnnouncementOn: string;
        cocConstitutedOn: string;
        methodologyMeeting: { heldOn: string };
      };
      const officer = (e.appointingOfficer as { appointedOn: string }).appointedOn;
      const claims = plus(f.admissionOrderDate, 14);
      const order = [f.admissionOrderDate, f.publicAnnouncementOn, claims, f.cocConstitutedOn];
      const after =
        p.slug === 'ibc-cirp'
          ? [officer, e.appointmentDate] // the RP confirmed by the committee, then the set within seven days
          : [e.valuationDate, officer, e.appointmentDate]; // the liquidation order appoints the liquidator
      const days = [...order, ...after, f.methodologyMeeting.heldOn];
      assert.deepEqual([...days].sort(), days, `${p.slug}: ${days.join(' ≤ ')}`);
      for (const d of days) assert.ok(weekday(d), `${p.slug}: ${d} is a working day`);
      assert.ok(f.cocConstitutedOn > claims, `${p.slug}: the committee after the claims`);
      if (p.slug === 'ibc-cirp') {
        assert.equal(f.admissionOrderDate, e.valuationDate);
        assert.ok(e.appointmentDate <= plus(officer, 7) && e.appointmentDate <= plus(e.valuationDate, 47));
      } else assert.ok(e.appointmentDate <= plus(e.valuationDate, 7), 'Liquidation Reg 35(2): within seven days');
      const set = p.valuerSet!({
        partner: { id: 'p' },
        landValuer: { id: 'l' },
        plantValuer: { id: 'm' },
      } as never) as { classes: { verification: { date: string } }[] };
      for (const c of set.classes)
        assert.ok(c.verification.date >= e.appointmentDate, `${p.slug}: verified after appointment`);
    }
  });

  test('each IBC class is signed by the valuer registered for it; a coordinating valuer in a CIRP, none in liquidation', () => {
    // Under the IBC each asset class is signed by the valuer registered for it; in a CIRP the set's partner coordinates,
    // in liquidation there is no set and no coordinating valuer (Liquidation Reg 35(2)).
    for (const m of made().filter((x) => x.slug.startsWith('ibc-'))) {
      const report = text(m.files.report);
      const cirp = m.slug === 'ibc-cirp';
      if (cirp)
        assert.match(report, /Vikram Mehta is the coordinating valuer/, `${m.slug}: the coordinating valuer is named`);
      else assert.doesNotMatch(report, /coordinating|\bthe set\b|\bset's/i, `${m.slug}: no set in liquidation`);
      for (const [label, signer] of [
        ['Land and Building', 'Suresh Nair'],
        ['Plant and Machinery', 'Kavita Rao'],
        ['Securities or Financial Assets', cirp ? 'Vikram Mehta, coordinating valuer' : 'Vikram Mehta'],
      ]) {
        const block = new RegExp(
          `${signer} Registered valuer for ${label} Registration IBBI/RV/\\d{2}/\\d{4}/\\d{5} \\(IBBI registered valuer, ${label}`,
          'i',
        ).exec(report);
        assert.ok(block, `${m.slug}: ${label} signed by ${signer}, registered for it`);
      }
    }
  });

  test('no quoted price or market multiple in an example is struck on a Saturday or a Sunday', () => {
    for (const plan of EXAMPLE_PLANS) {
      const f = plan.financials as {
        navAdjustmentSources?: { quotedInvestments?: { priceDate: string }[]; sharesAndSecuritiesPriceDate?: string };
        peers?: { asOf?: string }[];
      };
      const dates = [
        ...(f.navAdjustmentSources?.quotedInvestments ?? []).map((q) => q.priceDate),
        f.navAdjustmentSources?.sharesAndSecuritiesPriceDate,
        ...(f.peers ?? []).map((p) => p.asOf),
      ].filter((d): d is string => !!d);
      for (const d of dates) assert.ok(![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()), `${plan.slug}: ${d}`);
    }
    for (const m of made().filter((x) => x.slug.startsWith('ibc-')))
      assert.doesNotMatch(text(m.files.report), /closing price on the commencement date/, m.slug);
  });
}
