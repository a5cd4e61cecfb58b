// What each example engagement is: the company, the statute and purpose, the financials uploaded and the
// assumptions the valuer locks. The same company (Sahyadri Precision Components, a fictitious auto-component
// maker) under each statute; the IBC examples add its assets' values by class.
import { readFileSync } from 'node:fs';
import { todayInIndia } from '../../src/contract/today.js';
import {
  EXAMPLE_COMPANY,
  EXAMPLE_COST_OF_CAPITAL,
  EXAMPLE_FACTS,
  EXAMPLE_JUDGEMENT,
  EXAMPLE_MARKET_EVIDENCE,
  EXAMPLE_MARKET_JUDGEMENT,
  EXAMPLE_NAV_SCHEDULES,
  EXAMPLE_PROJECTIONS_NOTE,
  IBC_RATIONALE,
  LIQUIDATION_EXAMPLE,
  RATIONALE,
} from '../../test/fixtures/sample-report.js';
import {
  AUDITED_STATEMENTS,
  CLASS_VALUERS_REPORTS,
  PEER_DATA,
  PROJECTIONS,
  QUOTED_PRICES,
  STAMP_DUTY,
  SUBSCRIPTION_AGREEMENT,
  TERM_SHEET,
  type EvidencePlan,
} from './evidence.js';

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
  /** IBC: the asset classes signed by the members registered for them. */
  classSignatories: boolean;
}

const company = {
  targetEntity: 'Sahyadri Precision Components Private Limited',
  cin: 'U29299MH2011PTC215870',
  appointmentDate: EXAMPLE_FACTS.appointmentDate,
  companyBackground: EXAMPLE_FACTS.companyBackground,
};
const BOARD = EXAMPLE_FACTS.appointingAuthority;
/** The engagement letter follows the board's appointment of 2 April 2026. */
const ENGAGEMENT_LETTER_DATE = '2026-04-03';

/**
 * The equity holders on the valuation date, as the capital table in the financials gives them (the ESOP pool holds
 * options, not shares). Each transaction below moves these holdings, and names the same investors.
 */
const HOLDERS_BEFORE = EXAMPLE_COMPANY.shareholding!.filter((h) => h.instrument === 'EQUITY').map((h) => ({
  holder: h.holder,
  before: Number(h.number),
}));
/** The shareholding after a transaction that moves `by` shares per holder (new holders are added at the end). */
function shareholdingAfter(by: Record<string, number>) {
  const rows = HOLDERS_BEFORE.map((r) => ({ ...r, after: r.before + (by[r.holder] ?? 0) }));
  for (const [holder, n] of Object.entries(by))
    if (!rows.some((r) => r.holder === holder)) rows.push({ holder, before: 0, after: n });
  return rows;
}

/** The cost-of-capital build-up as the API takes it: percentages and ratios as JSON numbers. */
const costOfCapital = Object.fromEntries(
  Object.entries(EXAMPLE_COST_OF_CAPITAL).map(([k, v]) => [
    k,
    typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : v,
  ]),
);

/** Three audited years, in the balance sheet's unit (₹ lakh): the report's history table. */
const HISTORY = [
  {
    year: 'FY2024',
    revenue: 1780,
    ebitda: 284.8,
    depreciationAndAmortisation: 80,
    financeCost: 42.6,
    profitBeforeTax: 162.2,
    profitAfterTax: 121.4,
    netWorth: 712,
    totalBorrowings: 468,
  },
  {
    year: 'FY2025',
    revenue: 1985,
    ebitda: 333.5,
    depreciationAndAmortisation: 91,
    financeCost: 41.8,
    profitBeforeTax: 200.7,
    profitAfterTax: 150.2,
    netWorth: 832,
    totalBorrowings: 444,
  },
  {
    year: 'FY2026',
    revenue: 2190,
    ebitda: 381.1,
    depreciationAndAmortisation: 102,
    financeCost: 40,
    profitBeforeTax: 239.1,
    profitAfterTax: 178.9,
    netWorth: 950,
    totalBorrowings: 420,
  },
];

function financials(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = JSON.parse(
    readFileSync(new URL('../../test/fixtures/financials/sample-company.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  // The properties' survey numbers and areas and the quoted shares scrip by scrip, for the annexures.
  const navAdjustmentSources = { ...(base.navAdjustmentSources as object), ...EXAMPLE_NAV_SCHEDULES };
  return { ...base, navAdjustmentSources, history: HISTORY, shareholding: EXAMPLE_COMPANY.shareholding, ...extra };
}

const RULE_11UA: ExamplePlan = {
  slug: 'rule-11ua',
  title: 'Rule 11UA, a transfer of shares',
  engagement: {
    ...company,
    statute: 'RULE_11UA',
    purpose: 'TRANSFER_OR_RECEIPT',
    valuationDate: '2026-03-31',
    // Why the valuation is as at its date (docs/reports.md, Dates): the report is signed months later.
    valuationDateReason:
      'Rule 11UAA values the shares as on the date of the transfer; the transfer was made on 31 March 2026, the date of the latest audited balance sheet.',
    transactionDate: '2026-03-31',
    proposedPricePerShare: '215.00',
    appointingAuthority: BOARD,
    appointmentBasis:
      'Resolution of the board of directors of 2 April 2026, engaging the valuer to determine the fair market value of the shares transferred under Rule 11UA(1)(c)(b) of the Income-tax Rules, 1962',
    engagementLetterDate: ENGAGEMENT_LETTER_DATE,
    // A promoter's shares sold to a resident individual at the price the parties agreed (50,000 × ₹215.00).
    transaction: {
      kind: 'TRANSFER',
      transferor: 'Meera Kulkarni (promoter)',
      transferee: 'Anand Deshmukh',
      numberOfShares: 50000,
      instrument: 'EQUITY',
      consideration: '10750000.00',
      date: '2026-03-31',
      shareholding: shareholdingAfter({ 'Meera Kulkarni (promoter)': -50000, 'Anand Deshmukh': 50000 }),
    },
  },
  financials: financials(),
  evidence: [AUDITED_STATEMENTS, STAMP_DUTY, QUOTED_PRICES],
  lock: { wacc: 12.5, terminalGrowthRate: 5, rationale: RATIONALE },
  signsAsCharteredAccountant: true,
  classSignatories: false,
};

export const PROPOSED_ISSUE_DATE = new Date(Date.parse(todayInIndia()) + 21 * 86_400_000).toISOString().slice(0, 10);

/** A private company need not have an audit committee, so its board appoints (s.247(1) of the Companies Act, 2013). */
const APPOINTED_UNDER_247 =
  'Section 247(1) of the Companies Act, 2013: appointed by the board of directors, the company having no audit committee';

const COMPANIES_ACT: ExamplePlan = {
  slug: 'companies-act-sec-62',
  title: 'Companies Act s.62, a preferential allotment',
  engagement: {
    ...company,
    statute: 'COMPANIES_ACT_SEC_62',
    valuationDate: '2026-03-31',
    valuationDateReason:
      'The board fixed 31 March 2026, the date of the latest audited balance sheet, as the valuation date for the preferential allotment, so that the price rests on audited figures.',
    proposedPricePerShare: '215.00',
    appointingAuthority: BOARD,
    appointmentBasis: APPOINTED_UNDER_247,
    engagementLetterDate: ENGAGEMENT_LETTER_DATE,
    // The preferential allotment is proposed three weeks after the day the examples are made; the fund that
    // already holds shares takes it (46,500 × ₹215.00).
    transactionDate: PROPOSED_ISSUE_DATE,
    transaction: {
      kind: 'ISSUE',
      allottees: [
        {
          name: 'Deccan Growth Fund I',
          country: 'India',
          instrument: 'EQUITY',
          number: 46500,
          pricePerShare: '215.00',
        },
      ],
      date: PROPOSED_ISSUE_DATE,
      shareholding: shareholdingAfter({ 'Deccan Growth Fund I': 46500 }),
    },
  },
  financials: financials(EXAMPLE_MARKET_EVIDENCE),
  evidence: [AUDITED_STATEMENTS, PROJECTIONS, PEER_DATA, SUBSCRIPTION_AGREEMENT],
  lock: {
    wacc: 12.5,
    terminalGrowthRate: 5,
    rationale: RATIONALE,
    projectionsReasonableness: EXAMPLE_PROJECTIONS_NOTE,
    costOfCapital,
    ...EXAMPLE_MARKET_JUDGEMENT,
  },
  revision: {
    firstLock: {
      wacc: 12.5,
      terminalGrowthRate: 5,
      rationale: RATIONALE,
      projectionsReasonableness: EXAMPLE_PROJECTIONS_NOTE,
      costOfCapital,
      ...EXAMPLE_MARKET_JUDGEMENT,
      methodWeights: { DCF: 70, NAV: 10, COMPARABLES: 10, TRANSACTIONS: 10 },
      weightsRationale:
        'The income approach leads for a profitable going concern; the market methods and net asset value test it.',
    },
    reason:
      "The company raised equity from Deccan Growth Fund in October 2025 at arm's length, and the weights leave that round out. Weigh the recent round, and say why each method carries its weight.",
  },
  signsAsCharteredAccountant: false,
  classSignatories: false,
};

const FEMA: ExamplePlan = {
  slug: 'fema-rbi',
  title: 'FEMA, an issue of shares to a non-resident',
  engagement: {
    ...company,
    statute: 'FEMA_RBI',
    purpose: 'ISSUE_TO_NON_RESIDENT',
    valuationDate: '2026-04-20',
    valuationDateReason:
      "The valuation is as at 20 April 2026, the date of the fund's term sheet, on which the board agreed the issue price; the audited balance sheet of 31 March 2026 is the latest.",
    // The certificate precedes the issue (docs/statutes.md, FEMA): the issue is proposed three weeks after the day the examples are made.
    transactionDate: PROPOSED_ISSUE_DATE,
    proposedPricePerShare: '215.00',
    appointingAuthority: BOARD,
    appointmentBasis:
      'Resolution of the board of directors of 2 April 2026, engaging the chartered accountant to certify the fair value of the shares to be issued to a person resident outside India under Rule 21 of the Foreign Exchange Management (Non-debt Instruments) Rules, 2019',
    engagementLetterDate: ENGAGEMENT_LETTER_DATE,
    // The non-resident fund of the term sheet subscribes for 93,000 equity shares at ₹215.00.
    transaction: {
      kind: 'ISSUE',
      allottees: [
        {
          name: 'Konkan Capital Partners Pte. Ltd.',
          country: 'Singapore',
          instrument: 'EQUITY',
          number: 93000,
          pricePerShare: '215.00',
        },
      ],
      date: PROPOSED_ISSUE_DATE,
      shareholding: shareholdingAfter({ 'Konkan Capital Partners Pte. Ltd.': 93000 }),
    },
  },
  financials: financials(),
  evidence: [AUDITED_STATEMENTS, PROJECTIONS, TERM_SHEET],
  lock: {
    wacc: 12.5,
    terminalGrowthRate: 5,
    rationale: RATIONALE,
    projectionsReasonableness: EXAMPLE_PROJECTIONS_NOTE,
    costOfCapital,
    ...EXAMPLE_JUDGEMENT(),
    // The reason is the instrument's own: the fund's subscription, not the s.62 allotment's lock-in.
    dlomRationale:
      "The fund subscribes to unlisted shares it may not sell for three years without the promoters' consent, with no put option and no listing planned; restricted-stock studies for holding periods of that length indicate discounts of 8% to 15%, and 10% is taken.",
  },
  signsAsCharteredAccountant: true,
  classSignatories: false,
};

const IBC_CIRP: ExamplePlan = {
  slug: 'ibc-cirp',
  title: 'IBC, fair value and liquidation value in a corporate insolvency resolution process',
  engagement: {
    ...company,
    statute: 'IBC_LIQUIDATION',
    purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
    valuationDate: '2026-03-31',
    valuationDateReason:
      'The regulations value the assets as on the insolvency commencement date, 31 March 2026, whatever the date of the report.',
    appointingAuthority:
      'Arvind Kulkarni, Resolution Professional of Sahyadri Precision Components Private Limited (IBBI/IPA-001/IP-P01234/2019-2020/12345)',
  },
  financials: financials({ liquidation: LIQUIDATION_EXAMPLE }),
  evidence: [AUDITED_STATEMENTS, CLASS_VALUERS_REPORTS],
  lock: { wacc: 12.5, terminalGrowthRate: 5, rationale: IBC_RATIONALE },
  signsAsCharteredAccountant: false,
  classSignatories: true,
};

const IBC_LIQUIDATION: ExamplePlan = {
  ...IBC_CIRP,
  slug: 'ibc-liquidation',
  title: 'IBC, realisable value in liquidation',
  engagement: {
    ...IBC_CIRP.engagement,
    purpose: 'LIQUIDATION_REALISABLE_VALUE',
    valuationDateReason:
      'The regulations value the assets as on the liquidation commencement date, 31 March 2026, whatever the date of the report.',
    appointingAuthority:
      'Nandita Shah, Liquidator of Sahyadri Precision Components Private Limited (IBBI/IPA-002/IP-N00456/2020-2021/13579)',
  },
};

export const EXAMPLE_PLANS: ExamplePlan[] = [RULE_11UA, COMPANIES_ACT, FEMA, IBC_CIRP, IBC_LIQUIDATION];
