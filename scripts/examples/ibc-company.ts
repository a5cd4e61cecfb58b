// The IBC examples' corporate debtor: Godavari Forgings Private Limited, a fictitious Nashik forging company in a
// corporate insolvency resolution process (and, in the second example, in liquidation), a company of its own and not
// the equity examples' (docs/reports.md, Examples). Its balance sheet at the commencement date carries the assets
// the asset registers value (test/fixtures/liquidation-example.ts) and the debts it defaulted on; its audited years
// show the decline; the resolution applicants' business plan is the projections the coordinating valuer's going-
// concern DCF discounts (docs/ibc-valuation.md, The corporate debtor as a whole). Amounts in ₹ lakh.
import { addDays, lastTradingDay, longDate, type ExampleCalendar } from './calendar.js';

export const IBC_COMPANY = {
  targetEntity: 'Godavari Forgings Private Limited',
  cin: 'U28910MH2009PTC193512',
  companyBackground:
    'Godavari Forgings makes closed-die steel forgings (crankshafts, connecting rods and gear blanks) for tractor and commercial-vehicle makers from its plant on Plot C-23, MIDC Ambad, Nashik. Founded in 2009 by its promoters, it lost its largest customer in FY2024; with its forging press line under-used and its losses mounting, it defaulted on its term loans from Bank of Maharashtra in 2025.',
};

/** The balance sheet at the commencement date: the assets of the registers; reserves eaten by losses; loans in default. */
const BALANCE_SHEET = {
  equityShareCapital: 100,
  preferenceShareCapital: 0,
  reservesAndSurplus: -350,
  longTermBorrowings: 1050,
  shortTermBorrowings: 420,
  tradePayables: 360,
  otherCurrentLiabilities: 110,
  otherNonCurrentLiabilities: 0,
  deferredTaxLiabilities: 0,
  longTermProvisions: 30,
  shortTermProvisions: 30,
};

/** One audited year from its row: revenue, EBITDA, D&A, finance cost, PBT, PAT, net worth, borrowings (₹ lakh). */
export const historyYear = ([revenue, ebitda, da, fin, pbt, pat, nw, debt]: number[]) => ({
  revenue,
  ebitda,
  depreciationAndAmortisation: da,
  financeCost: fin,
  profitBeforeTax: pbt,
  profitAfterTax: pat,
  netWorth: nw,
  totalBorrowings: debt,
});

/**
 * Three audited years of decline: PBT = EBITDA − depreciation − finance cost; net worth falls by each year's loss
 * (310 − 156 = 154; 154 − 344 = −190) and on to −250 at the commencement date.
 */
const HISTORY = [
  [2310, 231, 105, 118, 8, 6, 310, 1240],
  [1880, 94, 104, 146, -156, -156, 154, 1390],
  [1420, -71, 102, 171, -344, -344, -190, 1470],
].map(historyYear);

/** The business plan in the information memorandum: the plant run again for new customers, margins recovering. */
const PLAN = [
  [1500, 75, 100, 60, 20],
  [1750, 158, 100, 80, 40],
  [2000, 220, 100, 90, 40],
  [2150, 258, 100, 95, 25],
  [2300, 288, 100, 100, 25],
];

/** The corporate debtor's financials as uploaded, on the examples' calendar. */
export function ibcFinancials(cal: ExampleCalendar, base: Record<string, unknown>, liquidation: unknown) {
  return {
    ...base,
    balanceSheet: { ...(base.balanceSheet as Record<string, number>), ...BALANCE_SHEET },
    history: HISTORY.map((h, i) => ({ year: `FY${cal.firstProjectionYear - 3 + i}`, ...h })),
    projections: PLAN.map(([revenue, ebitda, da, capex, nwc], i) => ({
      year: `FY${cal.firstProjectionYear + i}`,
      revenue,
      ebitda,
      depreciationAndAmortisation: da,
      capitalExpenditure: capex,
      changeInNetWorkingCapital: nwc,
      taxRate: 25.168,
    })),
    shareholding: [
      { holder: 'Sanjay Patil (promoter)', instrument: 'EQUITY', number: 600000, faceValue: 10 },
      { holder: 'Asha Patil (promoter)', instrument: 'EQUITY', number: 300000, faceValue: 10 },
      { holder: 'Nashik Industrial Investments Private Limited', instrument: 'EQUITY', number: 100000, faceValue: 10 },
    ],
    // No equity NAV schedules: an IBC valuation values the plant from the land and building register.
    navAdjustmentSources: undefined,
    navAdjustments: undefined,
    liquidation: withSources(liquidation as GodavariRegisters, cal.valuationDate),
  };
}

type GodavariRegisters = {
  registers: {
    land: { description: string }[];
    landComparables: { place: string; saleSource: string }[];
    buildings: { age: number }[];
    investments: { investmentBasis: string; description: string }[];
    machinery: { make: string; description: string }[];
  };
} & Record<string, unknown>;

/**
 * Godavari's plant, Plot C-23, MIDC Ambad (the registers of test/fixtures/liquidation-example.ts, a plot of its own),
 * and where each rate of its registers comes from, dated by the commencement date: the adjustments of each comparable
 * sale, the building's replacement cost rate, each machine's cost (docs/asset-registers.md).
 */
function withSources(l: GodavariRegisters, icd: string): GodavariRegisters {
  const month = longDate(icd).replace(/^\d+ /, '');
  const quoted = longDate(weekdayOnOrBefore(addDays(icd, -20)));
  // One size analysis for every comparable: larger plots sell for less per sq m, about 1 % of the rate for each 250 sq m
  // of difference, so a comparable smaller than the subject's 4,000 sq m is adjusted down and a larger one up.
  const SIZE =
    "size: registered sales of MIDC Nashik plots of FY 2025-26 by plot area (Sub-Registrar Nashik, Index II): the rate per sq m falls about 1 % for each 250 sq m more; a comparable smaller than the subject's 4,000 sq m is adjusted down, a larger one up";
  const adjustments: Record<string, { source: string; size: number }> = {
    'Plot 9, MIDC Ambad': { source: `${SIZE} (3,000 sq m: −4 %)`, size: -4 },
    'Plot 31, MIDC Satpur': {
      source:
        "location: ready reckoner 2026-27 zone rates of MIDC Satpur and Ambad (+5 %, borne out by both zones' Index II extracts); time: the Satpur zone rate's change from 2025-26 to 2026-27; size: the Index II analysis of Nashik plot sizes (5,000 sq m: +4 %)",
      size: 4,
    },
    'Plot 3, MIDC Ambad': { source: `${SIZE} (4,500 sq m: +2 %)`, size: 2 },
  };
  // The unexpired term of each comparable's lease at its sale, against the subject's 67 years to 2093.
  const TENURE: Record<string, string> = {
    'Plot 9, MIDC Ambad': 'lease from 1996, 65 years unexpired; no tenure adjustment',
    'Plot 31, MIDC Satpur': 'lease from 1999, 68 years unexpired; no tenure adjustment',
    'Plot 3, MIDC Ambad': 'lease from 2001, 70 years unexpired; no tenure adjustment',
  };
  // Why each machine carries the obsolescence it does.
  const obsolete: Record<string, string> = {
    'Ace Micromatic':
      'obsolescence 20 %: controllers of a generation no longer supported by the maker, and slower spindles and tool changers than a new machine of the same specification',
    Schuler:
      "obsolescence 2.5 %: a current design; the deduction is for the dies and handling made for the lost customer's parts, which a buyer must replace",
  };
  const costs: Record<string, string> = {
    'Ace Micromatic': `Quotation of Ace Micromatic Group, Bengaluru, of ${quoted}, obtained by the company before the process for six new machines of the same specification; the valuer confirmed with the maker that its price stood unchanged at the commencement date`,
    Schuler: `The fixed asset register's cost of 2021, indexed to ${month} by the Wholesale Price Index for manufacture of machinery and equipment (Office of the Economic Adviser)`,
  };
  const r = l.registers;
  const builtIn = Number(icd.slice(0, 4)) - (r.buildings[0]?.age ?? 0);
  return {
    ...l,
    // The company keeps no cash in hand: the bank balances are confirmed by the banks at the commencement date.
    assets: (l.assets as { assetClass: string; physicalVerification: string }[]).map((a) =>
      a.assetClass === 'CASH_AND_BANK'
        ? { ...a, physicalVerification: "Bank statements at the commencement date and the banks' confirmations" }
        : a,
    ),
    registers: {
      ...r,
      // The company, founded in 2009, bought the plot with the shed its first lessee had built: the lease and the
      // building are older than the company.
      land: r.land.map((p) => ({
        ...p,
        description: p.description.replace('Plot 14', 'Plot C-23'),
        title: `Leasehold from MIDC for 95 years from 1998, assigned to the company with MIDC's consent in 2009, when it bought the plot with the shed and office block its first lessee had built in ${builtIn}; deed of assignment registered at Nashik`,
      })),
      // Each comparable is an MIDC leasehold like the subject's, assigned with MIDC's consent with about as long a
      // term unexpired (the subject's runs to 2093), so no adjustment for tenure is made.
      landComparables: r.landComparables.map((c) => ({
        ...c,
        saleSource: `${c.saleSource.replace('Registered deed', 'Registered deed of assignment of an MIDC leasehold of 95 years')}; ${TENURE[c.place] ?? ''}`,
        adjustmentSource: adjustments[c.place]?.source,
        sizeAdjustment: adjustments[c.place]?.size,
      })),
      buildings: r.buildings.map((b) => ({
        ...b,
        rateSource: `CPWD Plinth Area Rates 2023 for a steel-framed industrial shed with an RCC office block, indexed to ${month} by the CPWD cost index, with the Nashik cost multiplier`,
      })),
      machinery: r.machinery.map((m) => ({
        ...m,
        description: obsolete[m.make] ? `${m.description} (${obsolete[m.make]})` : m.description,
        costSource: costs[m.make],
      })),
      // The liquid fund's units, bought for ₹20 lakh, at their net asset value: a liquid fund earns a little, it does
      // not lose a quarter.
      investments: r.investments.map((x) =>
        x.investmentBasis === 'NET_ASSET_VALUE'
          ? { ...x, netAssetValue: 20.35 }
          : { ...x, description: 'Equity shares of Deccan Precision Forge Limited (ISIN INE0DP801010), 50,000 shares' },
      ),
    },
    // Each line left out, with why it is nil in a sale of the assets and why the value as a whole adds nothing for it.
    reconciliation: [
      {
        item: 'intangibleAssets',
        excludedReason:
          'ERP software licences: the licence terms bar their transfer, so a buyer of the assets gets none and they realise nothing; for the corporate debtor as a whole the licences are part of the running business whose cash flows the going-concern DCF values, so they are not added again',
      },
      {
        item: 'longTermLoansAndAdvances',
        excludedReason:
          'Capital advance to a press supplier now in liquidation: the claim is filed with its liquidator, who expects nothing for unsecured creditors, so it realises nothing on either premise',
      },
      {
        item: 'otherNonCurrentAssets',
        excludedReason:
          'Security deposits for the Nashik warehouse leases, forfeited by the lessors against unpaid rent when the leases ended before the commencement date: nothing left to recover',
      },
      {
        item: 'shortTermLoansAndAdvances',
        excludedReason:
          "Advances to steel suppliers, each of whom has claimed in the CIRP net of the advance (set-off of mutual dealings), so nothing remains to realise; the going-concern DCF's working capital carries no such advance",
      },
      {
        item: 'otherCurrentAssets',
        excludedReason:
          "Input tax credit of GST and prepaid expenses: the credit does not pass to a buyer of the assets and is not refundable in cash, and a prepaid expense realises nothing; for the corporate debtor as a whole the credit is used against output tax in the business plan's cash flows, which the going-concern DCF values, so it is not added again",
      },
    ],
  };
}

/**
 * The lock: the going-concern DCF's rates, with why, the WACC built up input by input with each input's source and
 * the day it was read (the last trading day on or before the commencement date), and the valuer's note on the
 * business plan (docs/ibc-valuation.md, The corporate debtor as a whole). The build-up gives the WACC to 4 decimals:
 * βL = 1.10 × (1 + (1 − 25.168%) × 0.25) = 1.305788; Ke = 7.0 + 1.305788 × 6.5 + 1.5 + 1.0 = 17.987622%;
 * Kd after tax = 11 × (1 − 25.168%) = 8.231520%; WACC = 17.987622 × 0.8 + 8.231520 × 0.2 = 16.0364%.
 */
export function ibcLock(icd: string, firstProjectionYear: number) {
  const read = lastTradingDay(icd);
  return {
    wacc: 16.0364,
    terminalGrowthRate: 4,
    rationale:
      "The coordinating valuer's going-concern DCF discounts the business plan at the WACC of the cost-of-capital build-up: a forging business restarting under a new owner, financed as the listed forging peers are (debt to equity 0.25), with a size premium for a company of about a hundredth of the smallest peer's revenue (₹14 crore against more than ₹1,000 crore for each of the four peers) and a company-specific premium for the plan's dependence on winning new customers for the under-used press line; terminal growth of 4% is below the industry's long-run nominal growth.",
    projectionsReasonableness: `The business plan the resolution professional prepared for the information memorandum fills the under-used press line with new customers: revenue recovers from ₹1,420 lakh in the last audited year to ₹2,300 lakh in the fifth, still below FY${firstProjectionYear - 3}'s ₹2,310 lakh before the largest customer left, and the EBITDA margin rises from 5% to 12.5%, above the 10% the company itself earned in FY${firstProjectionYear - 3}: the plan spreads the press line's fixed costs over recovered volumes and cuts power and wage costs, and the company-specific premium in the WACC allows for the risk that the margin is not reached. Capital expenditure restores the deferred maintenance of the press line; working capital grows with revenue. Tax: the corporate debtor's own brought-forward losses (₹500 lakh, the audited losses of its last two years) are not set off against the plan's profits: whether they survive the resolution depends on the plan a resolution applicant makes (the change in shareholding, the write-off of the creditors' claims), so their tax saving, at most ₹125.84 lakh (₹500 lakh × 25.168%), is left out, which errs towards a lower value; the memo line carries only the loss the plan itself makes in its first year. The valuer considers the plan a reasonable basis for a going-concern value; it is not the valuer's forecast.`,
    costOfCapital: {
      riskFreeRate: 7.0,
      equityRiskPremium: 6.5,
      beta: 1.1,
      betaBasis: 'UNLEVERED',
      debtToEquity: 0.25,
      taxRate: 25.168,
      preTaxCostOfDebt: 11,
      sizePremium: 1.5,
      companySpecificPremium: 1,
      source: `Risk-free rate: FBIL 10-year Government of India security benchmark on ${longDate(read)}; beta and capital structure: the listed forging peers (Capitaline); equity risk premium: the valuer's long-run estimate for India.`,
      sourceDate: read,
      inputSources: {
        riskFreeRate: { source: '10-year Government of India security yield (FBIL benchmark)', date: read },
        equityRiskPremium: {
          source:
            "The valuer's long-run estimate for India: the excess of the Nifty 50's return over the 10-year G-Sec since 2001",
          date: read,
        },
        beta: {
          source:
            'Median unlevered beta of four listed forging companies (Bharat Forge, Ramkrishna Forgings, MM Forgings, Happy Forgings), two years of weekly returns against the Nifty 50 (Capitaline)',
          date: read,
        },
        debtToEquity: { source: "The same peers' median debt to equity at market value (Capitaline)", date: read },
        taxRate: {
          source: 'The concessional rate a domestic company may opt for (22%, with 10% surcharge and 4% cess): 25.168%',
        },
        preTaxCostOfDebt: {
          source:
            "Bank of Maharashtra's one-year MCLR of 8.90% plus a 2.10% spread for a BB-rated borrower (the bank's MCLR notice)",
          date: read,
        },
        sizePremium: {
          source:
            "Kroll Cost of Capital Navigator, CRSP decile size study: the 10th decile's premium, of which the valuer takes 1.5% as the peers' betas carry part of small forging companies' risk (revenue ₹14 crore)",
          date: read,
        },
        companySpecificPremium: {
          source: "The valuer's estimate for the plan's dependence on new customers for the under-used press line",
          date: read,
        },
      },
    },
  };
}

/** A weekday on or after `iso` (a meeting is not held, nor an order made, on a Saturday or a Sunday). */
export function weekdayOnOrAfter(iso: string): string {
  let d = iso;
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
}

/** A weekday on or before `iso`. */
export function weekdayOnOrBefore(iso: string): string {
  let d = iso;
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, -1);
  return d;
}

/**
 * The CIRP's days, in the order the Code and the CIRP Regulations put them (docs/ibc-valuation.md, The insolvency
 * facts), each on a working day: the admission order (the insolvency commencement date, the valuation date) appoints
 * the interim resolution professional; the public announcement within three days (Reg 6); claims until the 14th day
 * (Reg 12(1)); the IRP's report constituting the committee of creditors after the claims are verified, within 30 days
 * (Reg 17(1)); the committee's first meeting within seven days of that, at which it appoints the resolution
 * professional (s.22); the RP appoints the set of valuers within seven days of their appointment and by the 47th day
 * (Reg 27(1)); each valuer verifies after appointment, explains the method to the committee before they compute, then report on their class. The commencement date is a working day at least 45 days before the report, so that every step has
 * happened by it.
 */
export function cirpDates(today: string) {
  const icd = weekdayOnOrBefore(addDays(today, -45));
  const publicAnnouncement = weekdayOnOrBefore(addDays(icd, 3));
  const claimsDeadline = addDays(icd, 14);
  const cocConstituted = weekdayOnOrAfter(addDays(icd, 21));
  const rpAppointed = weekdayOnOrAfter(addDays(cocConstituted, 5));
  const valuersAppointed = weekdayOnOrAfter(addDays(rpAppointed, 2));
  const verifiedPhysical = weekdayOnOrAfter(addDays(valuersAppointed, 1));
  const verifiedFinancial = weekdayOnOrAfter(addDays(verifiedPhysical, 1));
  // The valuers explain their method to the committee before they compute (CIRP Reg 35(1) as amended), so the
  // meeting comes after the verification and before the class reports.
  const methodologyMeeting = weekdayOnOrAfter(addDays(verifiedFinancial, 1));
  const classReports = weekdayOnOrAfter(addDays(methodologyMeeting, 1));
  return {
    icd,
    publicAnnouncement,
    claimsDeadline,
    cocConstituted,
    rpAppointed,
    valuersAppointed,
    verifiedPhysical,
    verifiedFinancial,
    classReports,
    methodologyMeeting,
  };
}

/** The CIRP's insolvency facts: Godavari Forgings, admitted on the commencement date. */
export function cirpInsolvencyFacts(d: ReturnType<typeof cirpDates>) {
  return {
    bench: 'National Company Law Tribunal, Mumbai Bench',
    petitionNumber: `C.P. (IB) No. 418/MB/${Number(d.icd.slice(0, 4)) - 1}`,
    admissionOrderDate: d.icd,
    applicant: { name: 'Bank of Maharashtra', kind: 'FINANCIAL_CREDITOR' },
    // The interim resolution professional, confirmed as resolution professional by the committee at its first
    // meeting (s.22(2)): no replacement, so no further order of the Adjudicating Authority is needed.
    interimResolutionProfessional: {
      name: 'Arvind Kulkarni',
      ibbiRegistration: 'IBBI/IPA-001/IP-P01234/2019-2020/12345',
    },
    publicAnnouncementOn: d.publicAnnouncement,
    cocConstitutedOn: d.cocConstituted,
    methodologyMeeting: {
      heldOn: d.methodologyMeeting,
      note: `The members of the committee of creditors and the resolution professional attended by video conference; each class's valuer explained the approach and the method of their class and the coordinating valuer the going-concern DCF; no change was asked for. The resolution professional designated Vikram Mehta the coordinating valuer of the set in the letter of appointment of ${longDate(d.valuersAppointed)}, after consulting the committee of creditors at its meeting of ${longDate(d.rpAppointed)}`,
    },
  };
}

/** What each class's valuer inspected at Godavari Forgings. */
export const IBC_INSPECTED = {
  LAND_AND_BUILDING:
    'The factory land and buildings at Plot C-23, MIDC Ambad, Nashik: boundaries and built-up areas measured against the title documents and the approved plans',
  PLANT_AND_MACHINERY:
    'Each machine against the fixed asset register: make, model, year, condition and running hours; idle and obsolete items tagged; the stock counted at the Nashik plant and warehouse, by category and age, and rolled back to the commencement date by the receipts and issues of the stock register between the two dates',
  SECURITIES_OR_FINANCIAL_ASSETS:
    "The receivables ledger against balance confirmations from the ten largest debtors, rolled back to the commencement date by the invoices raised and the receipts between the two dates; bank statements for every account, read at the commencement date, and the banks' confirmations; the cash book, which shows no cash in hand at that date; the demat holding statement and the fund statement",
};
