// The IBC examples as one set's work (docs/statutes.md, IBC: the set of valuers): the firm's three registered valuers,
// one per asset class (the partner for Securities or Financial Assets, and the coordinating valuer), appointed by the
// resolution professional (CIRP) or the liquidator, each verifying their class's assets in person after appointment.
// Every day follows the commencement date as the regulations order them, within the examples' calendar (at least 21
// days from the valuation date to the report, calendar.ts).
import { ibcRegistrationClass } from '../../src/domain/identity/signatory.js';
import type { ExampleFirm } from './firm.js';

type RegistrationClass = 'LAND_AND_BUILDING' | 'PLANT_AND_MACHINERY' | 'SECURITIES_OR_FINANCIAL_ASSETS';

/** The set's days (ibc-company.ts and ibc-liquidation-company.ts work them out, each on a working day). */
export interface SetTimeline {
  /** The commencement date: the insolvency (CIRP) or the liquidation commencement date, the valuation date. */
  commencement: string;
  /** The officer's own appointment: the resolution professional, or the liquidator. */
  officerAppointed: string;
  /** The valuers' appointment: CIRP Reg 27(1), within seven days of the RP's and by the 47th day; Liquidation Reg 35(2), within seven days. */
  valuersAppointed: string;
  /** Each class's physical verification, by its own valuer. */
  verified: Record<RegistrationClass, string>;
  /** The class valuers' reports with their verification notes. */
  reports: string;
}

/** What each class's valuer inspected, in the examples' words. */
export type Inspected = Record<RegistrationClass, string>;

/** Who was present at each class's verification. */
const PRESENT: Record<RegistrationClass, string> = {
  LAND_AND_BUILDING: 'works manager',
  PLANT_AND_MACHINERY: 'maintenance engineer',
  SECURITIES_OR_FINANCIAL_ASSETS: 'accounts manager',
};

/** The set as the engagement records it: each class's valuer and verification, the partner coordinating. */
export function exampleValuerSet(
  firm: ExampleFirm,
  timeline: SetTimeline,
  officer: 'resolution professional' | 'liquidator',
  inspected: Inspected,
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
        date: timeline.verified[assetClass],
        inspected: inspected[assetClass],
        present: `The ${officer}'s representative and the corporate debtor's ${PRESENT[assetClass]}`,
      },
    })),
    coordinatingValuerId: firm.partner.id,
  };
}

/** The financials' own verification dates, each the day its class's valuer verified. */
export function verifiedOnTimeline<T extends { assets: { assetClass: string }[] }>(
  liquidation: T,
  timeline: SetTimeline,
): T {
  return {
    ...liquidation,
    assets: liquidation.assets.map((a) => ({
      ...a,
      verifiedOn: timeline.verified[ibcRegistrationClass(a.assetClass)],
    })),
  };
}
