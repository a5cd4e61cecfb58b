// The example company's figures and market evidence, dated by this run's calendar (calendar.ts): the balance sheet
// as at the valuation date, the audited years before it, projections from the year after it, and the peers, deals,
// funding round, cost of capital and asset verifications where a real engagement would date them. The figures are
// the test fixtures' (test/fixtures/sample-report.ts, financials/sample-company.json); only the dates move.
import { readFileSync } from 'node:fs';
import {
  EXAMPLE_COMPANY,
  EXAMPLE_COST_OF_CAPITAL,
  EXAMPLE_MARKET_EVIDENCE,
  EXAMPLE_MARKET_JUDGEMENT,
  EXAMPLE_NAV_SCHEDULES,
  EXAMPLE_PROJECTIONS_NOTE,
  liquidationExample,
} from '../../test/fixtures/sample-report.js';
import { addDays, lastTradingDay, longDate, monthAndYear, nextWorkingDay, type ExampleCalendar } from './calendar.js';
import { ESOP_TERMS, FUNDING_ROUND_INVESTOR, PEER_BETAS, TRANSFEREE, peerExtractDate } from './evidence.js';

/**
 * Three audited years, in the balance sheet's unit (₹ lakh): the report's history table. Net worth rolls forward by
 * the year's profit less dividends (600 + 150.20 − 30.20 = 720; 720 + 178.90 − 38.90 = 860), and on to the interim
 * balance sheet's 950 at the valuation date; borrowings fall to its 420.
 */
const HISTORY = [
  {
    revenue: 1780,
    ebitda: 284.8,
    depreciationAndAmortisation: 80,
    financeCost: 42.6,
    profitBeforeTax: 162.2,
    profitAfterTax: 121.4,
    netWorth: 600,
    totalBorrowings: 468,
  },
  {
    revenue: 1985,
    ebitda: 333.5,
    depreciationAndAmortisation: 91,
    financeCost: 41.8,
    profitBeforeTax: 200.7,
    profitAfterTax: 150.2,
    netWorth: 720,
    totalBorrowings: 444,
  },
  {
    revenue: 2190,
    ebitda: 381.1,
    depreciationAndAmortisation: 102,
    financeCost: 40,
    profitBeforeTax: 239.1,
    profitAfterTax: 178.9,
    netWorth: 860,
    totalBorrowings: 432,
  },
];

/** The current investments: 400 units of a liquid fund at its repurchase price of ₹5,150 (₹20.60 lakh). */
const LIQUID_FUND = {
  scrip: 'Sahyadri Liquid Fund (direct plan, growth), units (current investments)',
  quantity: 400,
  pricePerShare: 5150,
  exchange: 'Repurchase price declared by the fund (AMFI); not listed',
};

/**
 * Each quoted scrip's lowest price of the day on the two exchanges: the lower is the one taken (Rule 57). Both closed
 * at their NSE low, so the DCF's non-operating quoted shares at NSE closing prices are the same ₹95 lakh.
 */
const QUOTED_LOWS = ['NSE (day low ₹1,312.50; BSE ₹1,314.00)', 'NSE (day low ₹170.00; BSE ₹170.20)'];

/** Where each deduction of the prescribed NAV comes from: the notes to the audited balance sheet as at the valuation date. */
function deductionSources(cal: ExampleCalendar) {
  const bs = 'the audited balance sheet';
  return {
    incomeTaxPaidSource: `Note 11 of ${bs}: advance income-tax and TDS paid, no refund claimed`,
    unamortisedExpenditureSource: `Note 13 of ${bs}: unamortised preliminary expenses, within other non-current assets`,
    provisionForTaxationSource: `Note 8 of ${bs}: the provision for tax does not exceed the tax payable on book profits`,
    unascertainedProvisionsSource: `Note 7 of ${bs}: provision for warranty claims not yet made, an estimate, within long-term provisions`,
    sharesAndSecuritiesBookSource: `Notes 10 and 14 of ${bs}: quoted shares of ₹80 lakh (non-current investments) and liquid fund units of ₹20 lakh (current investments), both securities`,
    immovablePropertyBookSource: `Note 9 of ${bs}: the Nashik factory's land and buildings and the Baner office, at cost less depreciation`,
    liabilitiesSource: `The audited balance sheet as at ${longDate(cal.valuationDate)}, Notes 3 to 8`,
    leaseLiabilitiesSource: `lease liabilities of ₹35 lakh (finance lease of two CNC machining centres) within other current liabilities (Note 6 of ${bs}), at book value`,
    contingentLiabilities: [
      {
        description: 'Disputed GST demand for FY2022',
        amount: 48,
        source: `Note 28 of ${bs}: under appeal before the GST appellate authority`,
      },
    ],
  };
}

/** The fixture's projections start with FY2027; the examples' with the year after the valuation date. */
const FIXTURE_FIRST_PROJECTION_YEAR = 2027;

/** The financials uploaded: the balance sheet as at the valuation date, the audited history, the projections. */
export function exampleFinancials(cal: ExampleCalendar, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = JSON.parse(
    readFileSync(new URL('../../test/fixtures/financials/sample-company.json', import.meta.url), 'utf8'),
  ) as {
    projections: { year: string }[];
    navAdjustmentSources: { immovableProperties: { authority: string }[] } & Record<string, unknown>;
  } & Record<string, unknown>;
  const shift = cal.firstProjectionYear - FIXTURE_FIRST_PROJECTION_YEAR;
  const v = cal.valuationDate;
  return {
    ...base,
    balanceSheetDate: v,
    projections: base.projections.map((p) => ({ ...p, year: `FY${Number(p.year.slice(2)) + shift}` })),
    // The properties' survey numbers and areas, and the quoted shares scrip by scrip, for the annexures; priced at the
    // valuation date, the ready reckoner of its year.
    navAdjustmentSources: {
      ...base.navAdjustmentSources,
      ...EXAMPLE_NAV_SCHEDULES,
      immovableProperties: EXAMPLE_NAV_SCHEDULES.immovableProperties.map((p) => ({
        ...p,
        authority: p.authority.replace(/\d{4}-\d{2}\)/, `${cal.readyReckonerYear})`),
      })),
      // Each quoted share at its lowest price on any recognised stock exchange on the last trading day on or before
      // the valuation date (never a Saturday or a Sunday): the lower of the NSE and BSE day's lows, both files listed.
      quotedInvestments: [
        ...EXAMPLE_NAV_SCHEDULES.quotedInvestments.map((q, i) => ({
          ...q,
          priceDate: lastTradingDay(v),
          exchange: QUOTED_LOWS[i],
        })),
        // The current investments: units of a liquid fund, securities like the quoted shares (out of A, in C).
        { ...LIQUID_FUND, priceDate: lastTradingDay(v) },
      ],
      sharesAndSecuritiesSource: `Quoted shares: the lowest price on the National Stock Exchange of India and BSE on ${longDate(lastTradingDay(v))}${lastTradingDay(v) === v ? '' : ', the last day on or before the valuation date on which they traded'}, the lower of the two exchanges' lows; liquid fund units: the repurchase price the fund declared`,
      sharesAndSecuritiesPriceDate: lastTradingDay(v),
      ...deductionSources(cal),
    },
    // The current investments (₹20 lakh at cost) are units of a liquid fund: securities, so out of A at book value
    // and in C at their repurchase price (₹20.60 lakh) beside the quoted shares (₹80 lakh at cost, ₹95 lakh at price).
    navAdjustments: {
      ...(base.navAdjustments as Record<string, number>),
      sharesAndSecuritiesBookValue: 100,
      sharesAndSecuritiesFairValue: 115.6,
    },
    // A balance sheet on 31 March closes the history's last year, so that year's net worth and borrowings are its own.
    history: HISTORY.map((h, i) => ({
      year: `FY${cal.firstProjectionYear - 3 + i}`,
      ...h,
      ...(i === HISTORY.length - 1 && v.endsWith('-03-31') && { netWorth: 950, totalBorrowings: 420 }),
    })),
    shareholding: withOptionTerms(EXAMPLE_COMPANY.shareholding!),
    ...extra,
  };
}

/** The capital table with the options' terms beside them: where the exercise price the dilution counts comes from. */
export function withOptionTerms<T extends { instrument: string }>(rows: readonly T[]): T[] {
  return rows.map((r) => (r.instrument === 'ESOP' ? { ...r, termsSource: ESOP_TERMS } : r));
}

/** The transfer of the valuation date: who sold and who bought (50,000 shares × ₹275 = ₹137.50 lakh). */
export const TRANSFER_PARTIES = `Meera Kulkarni, a promoter, sold 50,000 equity shares to ${TRANSFEREE}, a resident individual not related to the promoters, on terms negotiated between them`;

/**
 * Where the company's trailing twelve months come from: the last audited year, plus the audited months to the
 * valuation date, less the same months of the year before (the comparatives of the audited interim statement).
 */
function ttmSources(cal: ExampleCalendar) {
  const v = longDate(cal.valuationDate);
  const lastFy = `FY${cal.firstProjectionYear - 1}`;
  const yearBefore = longDate(addDays(cal.valuationDate, -365));
  const from = (fy: string, now: string, before: string) =>
    `${lastFy} audited ₹${fy} lakh + the seven months to ${v} ₹${now} lakh − the seven months to ${yearBefore} ₹${before} lakh (the audited interim statement and its comparatives)`;
  return {
    revenue: from('2,190.00', '1,400.00', '1,277.50'),
    ebitda: from('381.10', '245.00', '222.30'),
    profitAfterTax: from('178.90', '116.50', '105.00'),
  };
}

/** Peers as at the valuation date; two deals and the most recent sale of the company's shares. */
export function exampleMarketEvidence(cal: ExampleCalendar) {
  const e = EXAMPLE_MARKET_EVIDENCE;
  const v = cal.valuationDate;
  const [first, second] = e.transactions;
  return {
    ...e,
    // The peers' multiples and the deals' are struck on trailing twelve-month figures, so they are applied to the
    // company's trailing twelve months to the valuation date: FY2026 audited, plus the audited seven months to the
    // valuation date, less the same seven months of FY2026 (revenue 2,190 + 1,400 − 1,277.50 = 2,312.50).
    peers: e.peers.map((p) => ({ ...p, asOf: lastTradingDay(v), basis: 'TRAILING' })),
    // The GST demand's probability of payment is counsel's assessment, named beside the amount deducted.
    equityBridge: {
      ...e.equityBridge,
      // The liquid fund units at their repurchase value, as the Rule 57 report of the same day takes them (₹20.60
      // lakh): the balance sheet's current investments are added at book (₹20 lakh), so the difference is added here.
      nonOperatingAssets: [
        // The quoted shares at the prices the Rule 57 report of the same day takes: each scrip's lowest of the day on
        // the lower exchange, which for both was its NSE close (₹95 lakh; the price files under Sources).
        ...e.equityBridge.nonOperatingAssets.map((a) =>
          /^Quoted shares/.test(a.name)
            ? {
                ...a,
                name: `Quoted shares held, at each scrip's closing price on the NSE on ${longDate(lastTradingDay(v))}, the last trading day (the price file under Sources)`,
              }
            : a,
        ),
        {
          name: "Liquid fund units (current investments): the repurchase value of ₹20.60 lakh in the fund's statement under Sources, less the book value of ₹20.00 lakh added above",
          fairValue: 0.6,
        },
      ],
      contingentLiabilities: e.equityBridge.contingentLiabilities.map((c) => ({
        ...c,
        description: `${c.description}, ${c.probability} % likely to be paid in the opinion of Joshi & Apte, Advocates, the company's indirect-tax counsel, of ${longDate(nextWorkingDay(addDays(v, 5)))}`,
      })),
    },
    comparableMetrics: {
      revenue: 2312.5,
      ebitda: 403.8,
      profitAfterTax: 190.4,
      sources: ttmSources(cal),
    },
    transactions: [
      {
        ...first,
        basis: 'TRAILING',
        date: cal.firstDealDate,
        source: `Acquirer's stock-exchange disclosure of ${longDate(cal.firstDealDate)}`,
      },
      {
        ...second,
        basis: 'TRAILING',
        date: cal.secondDealDate,
        source: `VCCEdge deal database, extract of ${longDate(peerExtractDate(cal))}`,
      },
    ],
    // The most recent sale of the company's shares: Meera Kulkarni's 50,000 shares to Anand Deshmukh on the valuation
    // date, at ₹275 (the Rule 57 report's transfer). A sale of existing shares, not an issue: the company raised nothing.
    // The promoters' sale of May to the fund at ₹240 is five months older: the weights' reason says why the later
    // sale is the evidence weighed.
    recentRound: {
      date: v,
      instrument: 'EQUITY',
      pricePerShare: 275,
      kind: 'SECONDARY_SALE',
      consideration: 137.5,
      parties: TRANSFER_PARTIES,
      armsLength: true,
      adjustments: [],
      document: `Share purchase agreement of ${longDate(v)} between Meera Kulkarni and ${TRANSFEREE}`,
    },
  };
}

/** The fixtures' own valuation date, from which the examples' dates are moved. */
const FIXTURE_VALUATION_DATE = '2026-03-31';
const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The cost of capital's sources as at the valuation date; each input's own source dated as far from it as in the fixture. */
export function exampleCostOfCapital(cal: ExampleCalendar) {
  const inputSources: Record<string, { source: string; date?: string }> = Object.fromEntries(
    Object.entries(EXAMPLE_COST_OF_CAPITAL.inputSources).map(([k, v]) => [
      k,
      'date' in v && v.date
        ? { ...v, date: lastTradingDay(addDays(cal.valuationDate, daysFrom(FIXTURE_VALUATION_DATE, v.date))) }
        : v,
    ]),
  );
  // Each peer's beta and debt to equity beside the medians the build-up takes.
  const peers = (pick: (p: (typeof PEER_BETAS)[number]) => string) => PEER_BETAS.map(pick).join('; ');
  inputSources.beta = {
    source: `Median unlevered beta of the three listed peers, two years of weekly returns against the Nifty 50 (Capitaline): ${peers((p) => `${p.name.replace(/ Ltd$/, '')} levered ${p.levered.toFixed(2)}, D/E ${p.debtToEquity.toFixed(2)}, unlevered ${p.unlevered.toFixed(2)}`)}`,
    date: lastTradingDay(cal.valuationDate),
  };
  inputSources.debtToEquity = {
    source: `Target capital structure: the median of the peers' debt to equity (${peers((p) => `${p.name.replace(/ Ltd$/, '')} ${p.debtToEquity.toFixed(2)}`)})`,
    date: lastTradingDay(cal.valuationDate),
  };
  inputSources.riskFreeRate = {
    source: '10-year Government of India security benchmark yield published by FBIL, 7.00 %',
    date: lastTradingDay(cal.valuationDate),
  };
  // The size premium's own source: the valuer's study of the small-company premium, with the reason for the figure.
  inputSources.sizePremium = {
    source:
      "The valuer's study of NSE returns, 2006 to 2026: the Nifty Smallcap 250 earned 1 to 2 points a year over the Nifty 50 beyond what its beta explains; the low end is taken for a company a quarter of the smallest peer's size, as its customer concentration is already in the projections",
    date: lastTradingDay(cal.valuationDate),
  };
  return {
    ...EXAMPLE_COST_OF_CAPITAL,
    // Market rates are read on the last trading day on or before the valuation date (never a weekend).
    source: EXAMPLE_COST_OF_CAPITAL.source.replace(
      /on \d+ [A-Z][a-z]+ \d{4}/,
      `on ${longDate(lastTradingDay(cal.valuationDate))}`,
    ),
    sourceDate: lastTradingDay(cal.valuationDate),
    inputSources,
  };
}

/** The valuer's note on the projections, its financial years moved with the calendar's. */
export function exampleProjectionsNote(cal: ExampleCalendar): string {
  const shift = cal.firstProjectionYear - FIXTURE_FIRST_PROJECTION_YEAR;
  return EXAMPLE_PROJECTIONS_NOTE.replace(/FY(\d{4})/g, (_, y: string) => `FY${Number(y) + shift}`);
}

/**
 * The allotment's weights and their reasons: the income approach leads; the peers, the deals and the most recent sale of
 * the company's own shares test it; the net assets at book are a cross-check with no weight (a floor is not averaged
 * in). Why the later sale, not the promoters' sale of May to the fund, is the one weighed; how far the conclusion moves
 * with the weights.
 */
export function exampleMarketJudgement(cal: ExampleCalendar) {
  return {
    ...EXAMPLE_MARKET_JUDGEMENT,
    methodWeights: { DCF: 50, NAV: 0, COMPARABLES: 15, TRANSACTIONS: 10, RECENT_ROUND: 25 },
    weightsRationale: `The income approach leads for a profitable going concern with board-approved projections (50%). The sale of 50,000 shares by Meera Kulkarni to ${TRANSFEREE} on the valuation date at ₹275 (25%), between a promoter and an unrelated buyer on terms they negotiated, is the latest price of the company's own shares and needs no adjustment for time, so it carries the most weight of the market evidence; the listed peers (15%) and two recent deals in the trade (10%, less than the peers as their control premium has to be estimated and taken out) test the income approach from the market. The promoters' sale to ${FUNDING_ROUND_INVESTOR} at ₹240 in ${monthAndYear(cal.fundingRoundDate)} is not weighed: it is some five months older, and a sale of the same shares between unrelated parties on the valuation date itself supersedes it as the evidence of their price. The net asset value at book is a cross-check only and carries no weight: it shows what the company owns, a floor for a going concern whose value lies in its earnings, not a measure of that value. Sensitivity to the weights: the values after discounts lie between ₹263.97 (the deals) and ₹320.83 (the peers); moving ten points of weight from any one of the four methods to another changes the conclusion by at most ₹5.69.`,
  };
}

/** The registered valuers verify each class in the days after the commencement date; the land sales and the machines dated by it. */
export function exampleLiquidation(cal: ExampleCalendar) {
  const after = [3, 3, 6, 6, 7, 7];
  const example = liquidationExample(Number(cal.valuationDate.slice(0, 4)), [
    addDays(cal.valuationDate, -141),
    addDays(cal.valuationDate, -221),
    addDays(cal.valuationDate, -75),
  ]);
  // The quoted shares and the fund at the last trading day on or before the commencement date.
  const traded = longDate(lastTradingDay(cal.valuationDate));
  const onTheDay =
    traded === longDate(cal.valuationDate)
      ? `${traded}, the commencement date`
      : `${traded}, the last trading day on or before the commencement date`;
  return {
    ...example,
    assets: example.assets.map((a, i) => ({
      ...a,
      verifiedOn: addDays(cal.valuationDate, after[i] ?? 7),
    })),
    registers: {
      ...example.registers,
      investments: example.registers.investments.map((x) => ({
        ...x,
        priceSource: x.priceSource.replace('the commencement date', onTheDay),
      })),
    },
  };
}
