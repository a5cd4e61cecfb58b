// What each example engagement is: the company, the statute and purpose, the financials uploaded and the
// assumptions the valuer locks. One company (Sahyadri Precision Components, a fictitious auto-component maker) under
// the equity statutes; the IBC examples value two corporate debtors of their own (ibc-plans.ts).
import { incomeTaxRegime } from '../../src/domain/valuation/law-in-force.js';
import { EXAMPLE_COMPANY, EXAMPLE_FACTS, RATIONALE } from '../../test/fixtures/sample-report.js';
import { CALENDAR, addDays, longDate, monthAndYear, nextWorkingDay } from './calendar.js';
import {
  exampleCostOfCapital,
  exampleFinancials,
  exampleMarketEvidence,
  exampleProjectionsNote,
  withOptionTerms,
} from './dated.js';
import {
  FUNDING_ROUND_INVESTOR,
  NON_RESIDENT_INVESTOR,
  TRANSFEREE,
  exampleEvidence,
  type EvidencePlan,
} from './evidence.js';
import { marketJudgement } from './allotment-judgement.js';
import type { ExampleFirm } from './firm.js';
import { IBC_CIRP, IBC_LIQUIDATION } from './ibc-plans.js';

export interface ExamplePlan {
  /** docs/example-report-<slug>.pdf */
  slug: string;
  title: string;
  engagement: Record<string, unknown>;
  financials: Record<string, unknown>;
  /** The documents relied upon, uploaded as EVIDENCE before the lock. */
  evidence: EvidencePlan[];
  lock: Record<string, unknown>;
  /** Gate 2 returns the first lock for revision with this reason; the valuer then locks `lock`. */
  revision?: { firstLock: Record<string, unknown>; reason: string };
  /** The partner signs as a chartered accountant, so the sign-off carries the UDIN. */
  signsAsCharteredAccountant: boolean;
  /**
   * IBC: the set of valuers the engagement records (one member per asset class, the coordinating valuer, each class's
   * verification); the sign-off then signs each class by its member, with no classSignatories given.
   */
  valuerSet?: (firm: ExampleFirm) => Record<string, unknown>;
}

const cal = CALENDAR;
/** The valuation date of every example: the last month-end at least three weeks before the run (calendar.ts). */
export const EXAMPLE_VALUATION_DATE = cal.valuationDate;
const V = longDate(cal.valuationDate);
const E = exampleEvidence(cal);

/**
 * The company as every report describes it: its business, and the sale of May by which the fund became a holder (a
 * sale of existing shares, so the balance sheet shows no new capital).
 */
const company = {
  targetEntity: 'Sahyadri Precision Components Private Limited',
  cin: 'U29299MH2011PTC215870',
  companyBackground: `${EXAMPLE_FACTS.companyBackground}\n\nIn ${monthAndYear(cal.fundingRoundDate)} the promoters, Rahul Kulkarni and Meera Kulkarni, sold 75,000 equity shares each (1,50,000 in all, 15 % of the company) to ${FUNDING_ROUND_INVESTOR}, a resident fund, at ₹240 a share; the ₹360 lakh was paid to them. The company issued no shares: its paid-up capital is unchanged at 10,00,000 equity shares of ₹10 each. On ${V}, Meera Kulkarni sold 50,000 equity shares (5 % of the company) to ${TRANSFEREE}, a resident individual not related to the promoters, at ₹275 a share. In August 2026 the company paid its final dividend for FY2026, ₹2.65 a share (₹26.50 lakh), approved at its annual general meeting: with the seven months' profit of ₹116.50 lakh, its net worth moved from ₹860 lakh at 31 March 2026 to ₹950 lakh at the valuation date.`,
};
const BOARD = EXAMPLE_FACTS.appointingAuthority;
/** The board's resolution appointing the valuer, and the engagement letter on the next working day. */
const appointed = (appointmentDate: string) => ({
  appointmentDate,
  engagementLetterDate: nextWorkingDay(addDays(appointmentDate, 1)),
});

/**
 * The equity holders on the valuation date, as the capital table in the financials gives them (the ESOP pool holds
 * options, not shares). Each transaction below moves these holdings, and names the same investors.
 */
const HOLDERS_BEFORE = EXAMPLE_COMPANY.shareholding!.filter((h) => h.instrument === 'EQUITY').map((h) => ({
  holder: h.holder,
  before: Number(h.number),
}));
/** The shareholding after a transaction that moves `by` shares per holder (new holders are added at the end). */
function shareholdingAfter(by: Record<string, number>, before = HOLDERS_BEFORE) {
  const rows = before.map((r) => ({ ...r, after: r.before + (by[r.holder] ?? 0) }));
  for (const [holder, n] of Object.entries(by))
    if (!rows.some((r) => r.holder === holder)) rows.push({ holder, before: 0, after: n });
  return rows;
}

/** The promoter's transfer on the valuation date (the Rule 57 example): 50,000 shares to Anand Deshmukh. */
const TRANSFER = { 'Meera Kulkarni (promoter)': -50000, 'Anand Deshmukh': 50000 };
/** The holders once that transfer is made: the allotment that follows starts from them. */
const HOLDERS_AFTER_TRANSFER = shareholdingAfter(TRANSFER)
  .filter((r) => r.after > 0)
  .map((r) => ({ holder: r.holder, before: r.after }));

/**
 * One preferential allotment, proposed for a working day after the members' meeting, to two subscribers at one price: the fund of the
 * earlier round (resident) and a Singapore fund (a person resident outside India). The s.62 report values it for
 * the Companies Act, the FEMA certificate for the non-resident's part; both state the whole allotment.
 */
const ALLOTMENT_PRICE = '300.00';
const ALLOTTEES = [
  {
    name: FUNDING_ROUND_INVESTOR,
    country: 'India',
    instrument: 'EQUITY',
    number: 46500,
    pricePerShare: ALLOTMENT_PRICE,
  },
  {
    name: NON_RESIDENT_INVESTOR,
    country: 'Singapore',
    instrument: 'EQUITY',
    number: 93000,
    pricePerShare: ALLOTMENT_PRICE,
  },
];
const ALLOTMENT_SHAREHOLDING = shareholdingAfter(
  Object.fromEntries(ALLOTTEES.map((a) => [a.name, a.number])),
  HOLDERS_AFTER_TRANSFER,
);
/** The capital table at the valuation date once the transfer is made: what the allotment's valuations count. */
const CAPITAL_AFTER_TRANSFER = [
  ...HOLDERS_AFTER_TRANSFER.map((r) => ({ holder: r.holder, instrument: 'EQUITY', number: r.before, faceValue: 10 })),
  ...withOptionTerms(EXAMPLE_COMPANY.shareholding!.filter((h) => h.instrument !== 'EQUITY')),
];

/** The cost-of-capital build-up as the API takes it: percentages and ratios as JSON numbers. */
const costOfCapital = Object.fromEntries(
  Object.entries(exampleCostOfCapital(cal)).map(([k, v]) => [
    k,
    typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : v,
  ]),
);

/** A transfer made on the valuation date: after 1 April 2026 the Income-tax Act, 2025 and Rule 57 govern it. */
const TRANSFER_UNDER_2025_ACT = incomeTaxRegime(cal.valuationDate) === 'INCOME_TAX_ACT_2025';

const RULE_11UA: ExamplePlan = {
  slug: 'rule-11ua',
  title: TRANSFER_UNDER_2025_ACT
    ? 'Rule 11UA (Rule 57 of the Income-tax Rules, 2026), a transfer of shares'
    : 'Rule 11UA, a transfer of shares',
  engagement: {
    ...company,
    // The shares were transferred on the valuation date; the board engaged the valuer two days later.
    ...appointed(addDays(cal.valuationDate, 2)),
    statute: 'RULE_11UA',
    purpose: 'TRANSFER_OR_RECEIPT',
    valuationDate: cal.valuationDate,
    // Why the valuation is as at its date (docs/reports.md, Dates and Examples).
    valuationDateReason: TRANSFER_UNDER_2025_ACT
      ? `Rule 56 of the Income-tax Rules, 2026 takes the date of the transfer as the valuation date; the shares were transferred on ${V}, and the company's balance sheet was drawn up and audited as at that date.`
      : `Rule 11UAA values the shares as on the date of the transfer; the shares were transferred on ${V}, and the company's balance sheet was drawn up and audited as at that date.`,
    transactionDate: cal.valuationDate,
    proposedPricePerShare: '275.00',
    appointingAuthority: BOARD,
    appointmentBasis: `Resolution of the board of directors of ${longDate(addDays(cal.valuationDate, 2))}, engaging the valuer to determine the fair market value of the shares transferred, ${TRANSFER_UNDER_2025_ACT ? 'under Rule 57 of the Income-tax Rules, 2026 (sections 79 and 92(2)(m) of the Income-tax Act, 2025)' : 'under Rule 11UA(1)(c)(b) of the Income-tax Rules, 1962'}`,
    // A promoter's shares sold to a resident individual at the price the parties agreed (50,000 × ₹275.00, near the fair value of the allotment valued as at the same day).
    transaction: {
      kind: 'TRANSFER',
      transferor: 'Meera Kulkarni (promoter)',
      transferee: TRANSFEREE,
      transferorResidence: 'India',
      transfereeResidence: 'India',
      numberOfShares: 50000,
      instrument: 'EQUITY',
      consideration: '13750000.00',
      date: cal.valuationDate,
      shareholding: shareholdingAfter(TRANSFER),
    },
  },
  financials: exampleFinancials(cal),
  evidence: [
    E.AUDITED_BALANCE_SHEET,
    E.AUDITED_STATEMENTS,
    E.TRANSFER_AGREEMENT,
    E.STAMP_DUTY,
    E.QUOTED_PRICES,
    E.QUOTED_PRICES_BSE,
    E.LIQUID_FUND_STATEMENT,
  ],
  // A prescribed NAV has no DCF: the lock gives no WACC or growth (docs/valuation-method.md, Rates not asked for).
  lock: {
    rationale:
      'The prescribed net asset value of Rule 57 Sl. No. 4 on the audited balance sheet at the valuation date, its ' +
      'assets at the values the rule names; no income approach, so no cost of capital or growth rate.',
  },
  signsAsCharteredAccountant: true,
};

/** An issue is proposed after the members' meeting that the report's notice calls (calendar.ts). */
export const PROPOSED_ISSUE_DATE = cal.proposedIssueDate;

/** A private company need not have an audit committee, so its board appoints (s.247(1) of the Companies Act, 2013). */
const APPOINTED_UNDER_247 =
  'Section 247(1) of the Companies Act, 2013: appointed by the board of directors, the company having no audit committee';

/** Why the allotment is valued as at its date: one board resolution for both reports. */
const ALLOTMENT_DATE_REASON = `When it resolved, on ${longDate(addDays(cal.valuationDate, -7))}, to propose the allotment to the members, the board fixed the coming month-end, ${V}, as the valuation date; the company's balance sheet as at that date was audited by its statutory auditor, so that the price rests on current, audited figures.`;

/**
 * The allotment's approvals as both reports state them: the members' special resolution at a general meeting called on
 * 21 clear days' notice whose explanatory statement carries the report, the allotment after it; and where the other
 * report on the same allotment is.
 */
const ALLOTMENT_APPROVALS = (report: string) =>
  `The allotment needs the members' special resolution (section 62(1)(c) of the Companies Act, 2013). The board will send the notice of an extraordinary general meeting on ${longDate(cal.egmNoticeDate)}, with ${report} in its explanatory statement, for a meeting on ${longDate(cal.egmDate)}, after 21 clear days' notice; if the members pass the resolution, the shares are to be allotted on ${longDate(cal.proposedIssueDate)}.`;

/** The allotment as both reports state it, and the documents both rely on. */
const ALLOTMENT = {
  kind: 'ISSUE',
  allottees: ALLOTTEES,
  date: PROPOSED_ISSUE_DATE,
  shareholding: ALLOTMENT_SHAREHOLDING,
};
const ALLOTMENT_EVIDENCE = [
  E.AUDITED_BALANCE_SHEET,
  E.AUDITED_STATEMENTS,
  E.PROJECTIONS,
  E.PEER_DATA,
  E.KALYANI_DISCLOSURE,
  E.OPEN_OFFER_COMPILATION,
  E.FBIL_YIELD,
  E.LOAN_SANCTION,
  E.SIZE_PREMIUM_STUDY,
  E.DLOM_STUDY,
  E.GST_COUNSEL_OPINION,
  E.QUOTED_PRICES,
  E.QUOTED_PRICES_BSE,
  E.LIQUID_FUND_STATEMENT,
  E.SHARE_PURCHASE_AGREEMENT,
  E.TRANSFER_AGREEMENT,
  E.ESOP_PLAN,
  E.TERM_SHEET,
];

/** The allotment's financials, for s.62 and FEMA alike: the capital table after the transfer, the market evidence. */
const ALLOTMENT_FINANCIALS = exampleFinancials(cal, {
  ...exampleMarketEvidence(cal),
  shareholding: CAPITAL_AFTER_TRANSFER,
});

/** The allotment's lock (s.62 and FEMA): the DCF with its note, the build-up and the market judgement. */
const s62Lock = {
  wacc: 12.5,
  terminalGrowthRate: 5,
  rationale: RATIONALE,
  projectionsReasonableness: exampleProjectionsNote(cal),
  costOfCapital,
  ...marketJudgement,
};

const COMPANIES_ACT: ExamplePlan = {
  slug: 'companies-act-sec-62',
  title: 'Companies Act s.62, a preferential allotment',
  engagement: {
    ...company,
    // The allotment's approvals, and the FEMA certificate the firm gives for the non-resident allottee's part.
    companyBackground: `${company.companyBackground}\n\n${ALLOTMENT_APPROVALS('this report')} ${NON_RESIDENT_INVESTOR}, which subscribes for 93,000 of the shares, is a person resident outside India: its subscription is priced also under Rule 21(2)(a) of the Foreign Exchange Management (Non-debt Instruments) Rules, 2019, in the firm's valuation report under that rule of the same date, signed by the partner as a chartered accountant.`,
    // The board resolved on the allotment and appointed the valuer in the last week of the month it valued at.
    ...appointed(addDays(cal.valuationDate, -7)),
    statute: 'COMPANIES_ACT_SEC_62',
    valuationDate: cal.valuationDate,
    valuationDateReason: ALLOTMENT_DATE_REASON,
    proposedPricePerShare: ALLOTMENT_PRICE,
    appointingAuthority: BOARD,
    appointmentBasis: APPOINTED_UNDER_247,
    // The preferential allotment is proposed after the members' meeting, after the promoter's transfer of the
    // valuation date: the fund of the earlier round and the Singapore fund subscribe at ₹300.00 (above the earlier
    // round's ₹240 and the sale of the valuation date at ₹275).
    transactionDate: PROPOSED_ISSUE_DATE,
    transaction: ALLOTMENT,
  },
  financials: ALLOTMENT_FINANCIALS,
  evidence: ALLOTMENT_EVIDENCE,
  lock: s62Lock,
  revision: {
    // The first round's lock: the same, with weights that leave the recent round out.
    firstLock: {
      ...s62Lock,
      methodWeights: { DCF: 70, NAV: 10, COMPARABLES: 10, TRANSACTIONS: 10 },
      weightsRationale:
        'The income approach leads for a profitable going concern; the market methods and net asset value test it.',
    },
    reason: `${TRANSFEREE} bought shares from Meera Kulkarni on the valuation date at ₹275, at arm's length, and the weights leave that sale out; ${FUNDING_ROUND_INVESTOR} bought shares from the promoters in ${monthAndYear(cal.fundingRoundDate)} at ₹240. Weigh the recent sale, say why the earlier one is not weighed, and say why each method carries its weight.`,
  },
  signsAsCharteredAccountant: false,
};

const FEMA: ExamplePlan = {
  slug: 'fema-rbi',
  title: 'FEMA, an issue of shares to a non-resident',
  engagement: {
    ...company,
    // The same allotment's approvals, and the registered valuer's report under s.62 on the whole of it.
    companyBackground: `${company.companyBackground}\n\n${ALLOTMENT_APPROVALS("the firm's valuation report under section 62(1)(c) of the same date, which values the allotment as a whole,")} This report is for the shares to be issued to ${NON_RESIDENT_INVESTOR}, a person resident outside India.`,
    // The fund's term sheet came ten days before the month-end; the board appointed the chartered accountant a week before it.
    ...appointed(addDays(cal.valuationDate, -7)),
    statute: 'FEMA_RBI',
    purpose: 'ISSUE_TO_NON_RESIDENT',
    valuationDate: cal.valuationDate,
    // One board resolution, one valuation date, for both reports on the allotment.
    valuationDateReason: ALLOTMENT_DATE_REASON,
    // The certificate precedes the issue (docs/statutes.md, FEMA): the issue is proposed after the members' meeting.
    transactionDate: PROPOSED_ISSUE_DATE,
    proposedPricePerShare: ALLOTMENT_PRICE,
    appointingAuthority: BOARD,
    appointmentBasis: `Resolution of the board of directors of ${longDate(addDays(cal.valuationDate, -7))} on the preferential allotment, engaging the chartered accountant to certify the fair value of the shares to be issued to a person resident outside India under Rule 21 of the Foreign Exchange Management (Non-debt Instruments) Rules, 2019`,
    // The same allotment as the s.62 report's: the non-resident fund of the term sheet takes 93,000 of its shares.
    transaction: ALLOTMENT,
  },
  financials: ALLOTMENT_FINANCIALS,
  evidence: ALLOTMENT_EVIDENCE,
  // One fair value for one share: the allotment's lock, as the s.62 report's.
  lock: s62Lock,
  signsAsCharteredAccountant: true,
};

export const EXAMPLE_PLANS: ExamplePlan[] = [RULE_11UA, COMPANIES_ACT, FEMA, IBC_CIRP, IBC_LIQUIDATION];
