// The IBC examples' plans (plans.ts holds the equity examples'): two corporate debtors of their own, Godavari Forgings in
// a corporate insolvency resolution process and Panchganga Castings in liquidation, each with its own petition, its
// own process days on working days in the Code's order, and its own assets (docs/ibc-valuation.md, Examples).
import { IBC_RATIONALE } from '../../test/fixtures/sample-report.js';
import { CALENDAR, calendarAt, lastTradingDay, longDate, type ExampleCalendar } from './calendar.js';
import { exampleFinancials, exampleLiquidation } from './dated.js';
import { exampleEvidence, type EvidencePlan } from './evidence.js';
import { exampleValuerSet, verifiedOnTimeline, type SetTimeline } from './ibc-set.js';
import { IBC_COMPANY, IBC_INSPECTED, ibcLock, cirpDates, cirpInsolvencyFacts, ibcFinancials } from './ibc-company.js';
import {
  LIQUIDATION_BALANCE_SHEET,
  LIQUIDATION_COMPANY,
  LIQUIDATION_HISTORY,
  LIQUIDATION_INSPECTED,
  LIQUIDATION_SHAREHOLDING,
  freshValuationReason,
  liquidationDates,
  liquidationInsolvencyFacts,
  liquidationRegisters,
} from './ibc-liquidation-company.js';
import type { ExamplePlan } from './plans.js';

const cal = CALENDAR;

/** IBC: the officer who appointed the set, as facts, and the valuers' appointment and engagement letter. */
const officer = (name: string, role: string, ibbiRegistration: string, timeline: SetTimeline) => ({
  appointingOfficer: { name, role, ibbiRegistration, appointedOn: timeline.officerAppointed },
  appointmentDate: timeline.valuersAppointed,
  engagementLetterDate: timeline.valuersAppointed,
});

/**
 * An IBC engagement's documents: after the commencement date the books and the assets are in the hands of the
 * resolution professional (s.17, s.18) or the liquidator (s.35), who provides them, never "the management"; the class
 * valuers' reports are dated after their verification.
 */
function ibcEvidence(ibcCal: ExampleCalendar, timeline: SetTimeline, by: string, preparedBy: string): EvidencePlan[] {
  const e = exampleEvidence(ibcCal);
  return [
    {
      ...e.PROVISIONAL_BALANCE_SHEET,
      title: `Provisional balance sheet as at ${longDate(ibcCal.valuationDate)}, prepared by the ${preparedBy} from the books of the corporate debtor`,
      documentDate: timeline.valuersAppointed,
      providedBy: `The ${by}`,
    },
    { ...e.AUDITED_STATEMENTS, providedBy: `The ${by}, from the records of the corporate debtor` },
    { ...e.CLASS_VALUERS_REPORTS, documentDate: timeline.reports },
  ];
}

/** The CIRP's days (ibc-company.ts): the commencement date a working day some 45 days before the report. */
const CIRP = cirpDates(cal.today);
const CIRP_CAL = calendarAt(cal.today, CIRP.icd);
const CIRP_TIMELINE: SetTimeline = {
  commencement: CIRP.icd,
  officerAppointed: CIRP.rpAppointed,
  valuersAppointed: CIRP.valuersAppointed,
  verified: {
    LAND_AND_BUILDING: CIRP.verifiedPhysical,
    PLANT_AND_MACHINERY: CIRP.verifiedPhysical,
    SECURITIES_OR_FINANCIAL_ASSETS: CIRP.verifiedFinancial,
  },
  reports: CIRP.classReports,
};

export const IBC_CIRP: ExamplePlan = {
  slug: 'ibc-cirp',
  title: 'IBC, fair value and liquidation value in a corporate insolvency resolution process',
  engagement: {
    ...IBC_COMPANY,
    insolvencyFacts: cirpInsolvencyFacts(CIRP),
    // The resolution professional appoints the set within seven days of their own appointment (CIRP Reg 27(1)).
    ...officer('Arvind Kulkarni', 'RESOLUTION_PROFESSIONAL', 'IBBI/IPA-001/IP-P01234/2019-2020/12345', CIRP_TIMELINE),
    statute: 'IBC_LIQUIDATION',
    purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
    valuationDate: CIRP.icd,
    valuationDateReason: `The regulations value the assets as on the insolvency commencement date, ${longDate(CIRP.icd)}, the date of the admission order, whatever the date of the report.`,
    appointingAuthority:
      'Arvind Kulkarni, Resolution Professional of Godavari Forgings Private Limited (IBBI/IPA-001/IP-P01234/2019-2020/12345)',
  },
  financials: ibcFinancials(
    CIRP_CAL,
    exampleFinancials(CIRP_CAL),
    verifiedOnTimeline(exampleLiquidation(CIRP_CAL), CIRP_TIMELINE),
  ),
  evidence: [
    ...ibcEvidence(CIRP_CAL, CIRP_TIMELINE, 'resolution professional', 'resolution professional'),
    // The business plan the going-concern DCF discounts (docs/ibc-valuation.md, The corporate debtor as a whole).
    {
      title: `Business plan of the corporate debtor for FY${CIRP_CAL.firstProjectionYear} to FY${CIRP_CAL.firstProjectionYear + 4}, prepared by the resolution professional for the information memorandum`,
      documentDate: CIRP.valuersAppointed,
      providedBy: 'The resolution professional',
      fileName: 'business-plan.pdf',
    },
  ],
  lock: ibcLock(CIRP.icd, CIRP_CAL.firstProjectionYear),
  signsAsCharteredAccountant: false,
  valuerSet: (firm) => exampleValuerSet(firm, CIRP_TIMELINE, 'resolution professional', IBC_INSPECTED),
};

/** The liquidation's days (ibc-liquidation-company.ts): the order a working day some 30 days before the report. */
const LIQ = liquidationDates(cal.today);
const LIQ_CAL = calendarAt(cal.today, LIQ.lcd);
const LIQUIDATION_TIMELINE: SetTimeline = {
  commencement: LIQ.lcd,
  officerAppointed: LIQ.lcd,
  valuersAppointed: LIQ.valuersAppointed,
  verified: {
    LAND_AND_BUILDING: LIQ.verifiedPhysical,
    PLANT_AND_MACHINERY: LIQ.verifiedPhysical,
    SECURITIES_OR_FINANCIAL_ASSETS: LIQ.verifiedFinancial,
  },
  reports: LIQ.classReports,
};

export const IBC_LIQUIDATION: ExamplePlan = {
  slug: 'ibc-liquidation',
  title: 'IBC, realisable value in liquidation',
  engagement: {
    ...LIQUIDATION_COMPANY,
    insolvencyFacts: liquidationInsolvencyFacts(LIQ),
    // The liquidator appoints the valuers within seven days of the liquidation commencement date (Liquidation Reg 35(2)).
    ...officer('Nandita Shah', 'LIQUIDATOR', 'IBBI/IPA-002/IP-N00456/2020-2021/13579', LIQUIDATION_TIMELINE),
    statute: 'IBC_LIQUIDATION',
    purpose: 'LIQUIDATION_REALISABLE_VALUE',
    valuationDate: LIQ.lcd,
    valuationDateReason: `The liquidator asked for the realisable value as on the liquidation commencement date, ${longDate(LIQ.lcd)}, the date of the Adjudicating Authority's order, whatever the date of the report.`,
    appointingAuthority:
      'Nandita Shah, Liquidator of Panchganga Castings Private Limited (IBBI/IPA-002/IP-N00456/2020-2021/13579)',
    freshValuationReason: freshValuationReason(LIQ),
  },
  // A liquidation values the assets only: no business plan, no DCF.
  financials: {
    ...exampleFinancials(LIQ_CAL),
    balanceSheet: LIQUIDATION_BALANCE_SHEET,
    history: LIQUIDATION_HISTORY.map((h, i) => ({ year: `FY${LIQ_CAL.firstProjectionYear - 3 + i}`, ...h })),
    shares: { equitySharesOutstanding: 1500000, faceValuePerShare: 10 },
    shareholding: LIQUIDATION_SHAREHOLDING,
    projections: undefined,
    navAdjustmentSources: undefined,
    navAdjustments: undefined,
    liquidation: liquidationRegisters(LIQ, lastTradingDay(LIQ.lcd)),
  },
  evidence: ibcEvidence(LIQ_CAL, LIQUIDATION_TIMELINE, 'liquidator', 'liquidator'),
  lock: { wacc: 12.5, terminalGrowthRate: 5, rationale: IBC_RATIONALE },
  signsAsCharteredAccountant: false,
  valuerSet: (firm) => exampleValuerSet(firm, LIQUIDATION_TIMELINE, 'liquidator', LIQUIDATION_INSPECTED),
};
