// The IBC examples as one set's work (docs/statutes.md, IBC: the set of valuers): the firm's three registered valuers,
// one per asset class (the partner for Securities or Financial Assets, and the coordinating valuer), appointed by the
// resolution professional (CIRP) or the liquidator, each verifying their class's assets in person after appointment.
// Every day follows the commencement date as the regulations order them, within the examples' calendar (at least 21
// days from the valuation date to the report, calendar.ts).
import { ibcRegistrationClass } from '../../src/domain/identity/signatory.js';
import { addDays, type ExampleCalendar } from './calendar.js';
import type { ExampleFirm } from './firm.js';

type RegistrationClass = 'LAND_AND_BUILDING' | 'PLANT_AND_MACHINERY' | 'SECURITIES_OR_FINANCIAL_ASSETS';

/** Days after the commencement date (the valuation date) on which each step falls. */
export interface SetTimeline {
  /** The officer's own appointment: the resolution professional, or the liquidator. */
  officerAppointed: number;
  /** The valuers' appointment: CIRP Reg 27(1), within seven days of the RP's and by the 47th day; Liquidation Reg 35(2), within seven days. */
  valuersAppointed: number;
  /** Each class's physical verification, by its own valuer. */
  verified: Record<RegistrationClass, number>;
  /** The class valuers' reports with their verification notes. */
  reports: number;
}

/**
 * CIRP: the interim resolution professional takes office on the commencement date; the committee of creditors, at
 * its first meeting, confirms them as resolution professional on day 15; the RP appoints the set on day 17.
 */
export const CIRP_TIMELINE: SetTimeline = {
  officerAppointed: 15,
  valuersAppointed: 17,
  verified: { LAND_AND_BUILDING: 18, PLANT_AND_MACHINERY: 18, SECURITIES_OR_FINANCIAL_ASSETS: 19 },
  reports: 20,
};

/** Liquidation: the Adjudicating Authority's order appoints the liquidator on the liquidation commencement date. */
export const LIQUIDATION_TIMELINE: SetTimeline = {
  officerAppointed: 0,
  valuersAppointed: 2,
  verified: { LAND_AND_BUILDING: 3, PLANT_AND_MACHINERY: 3, SECURITIES_OR_FINANCIAL_ASSETS: 6 },
  reports: 12,
};

/** What each class's valuer inspected, and who was present. */
const VERIFIED: Record<RegistrationClass, { inspected: string; present: (officer: string) => string }> = {
  LAND_AND_BUILDING: {
    inspected:
      'The factory land and buildings at Plot 14, MIDC Ambad, Nashik: boundaries and built-up areas measured against the title documents and the approved plans',
    present: (officer) => `The ${officer}'s representative and the corporate debtor's works manager`,
  },
  PLANT_AND_MACHINERY: {
    inspected:
      'Each machine against the fixed asset register: make, model, year, condition and running hours; idle and obsolete items tagged',
    present: (officer) => `The ${officer}'s representative and the corporate debtor's maintenance engineer`,
  },
  SECURITIES_OR_FINANCIAL_ASSETS: {
    inspected:
      'Stock count at the Nashik plant and warehouse; the receivables ledger against balance confirmations from the ten largest debtors; bank statements for every account',
    present: (officer) => `The ${officer}'s representative and the corporate debtor's accounts manager`,
  },
};

/** The set as the engagement records it: each class's valuer and verification, the partner coordinating. */
export function exampleValuerSet(
  firm: ExampleFirm,
  cal: ExampleCalendar,
  timeline: SetTimeline,
  officer: 'resolution professional' | 'liquidator',
) {
  const holders: [RegistrationClass, string][] = [
    ['LAND_AND_BUILDING', firm.landValuer.id],
    ['PLANT_AND_MACHINERY', firm.plantValuer.id],
    ['SECURITIES_OR_FINANCIAL_ASSETS', firm.partner.id],
  ];
  return {
    classes: holders.map(([assetClass, memberId]) => ({
      assetClass,
      memberId,
      verification: {
        date: addDays(cal.valuationDate, timeline.verified[assetClass]),
        inspected: VERIFIED[assetClass].inspected,
        present: VERIFIED[assetClass].present(officer),
      },
    })),
    coordinatingValuerId: firm.partner.id,
  };
}

/** The financials' own verification dates, each the day its class's valuer verified. */
export function verifiedOnTimeline<T extends { assets: { assetClass: string }[] }>(
  liquidation: T,
  cal: ExampleCalendar,
  timeline: SetTimeline,
): T {
  return {
    ...liquidation,
    assets: liquidation.assets.map((a) => ({
      ...a,
      verifiedOn: addDays(cal.valuationDate, timeline.verified[ibcRegistrationClass(a.assetClass)]),
    })),
  };
}
