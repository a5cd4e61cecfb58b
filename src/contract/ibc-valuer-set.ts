// An IBC engagement as one set's work (docs/statutes.md, IBC: the set of valuers): request bodies shared by the API
// and the console. Under the CIRP Regulations as amended on 25 February 2026 the resolution professional appoints
// sets of registered valuers, one valuer per asset class in each set, one of them the coordinating valuer; in
// liquidation the liquidator appoints the valuers (Liquidation Process Regulations, Reg 35(2)). The firm's members
// form the set; who appointed them is recorded as facts (the officer, their registration, their own appointment).
import { z } from 'zod';
import { ASSET_CLASSES } from './registrations.js';
import { ibbiIpRegistration } from './ibc-appointment.js';

/** IBBI's registration classes, as people read them. */
export const IBC_CLASS_LABELS: Readonly<Record<(typeof ASSET_CLASSES)[number], string>> = {
  LAND_AND_BUILDING: 'Land and Building',
  PLANT_AND_MACHINERY: 'Plant and Machinery',
  SECURITIES_OR_FINANCIAL_ASSETS: 'Securities or Financial Assets',
};

/** The classes in the order the console and the report list them. */
export const IBC_CLASS_ORDER = ['LAND_AND_BUILDING', 'PLANT_AND_MACHINERY', 'SECURITIES_OR_FINANCIAL_ASSETS'] as const;

const memberId = z.string().min(1).max(100);

/** The physical verification of one class by the valuer who signs it (CIRP Reg 35(1); Liquidation Reg 35(3)). */
export const physicalVerificationBody = z
  .object({
    verifiedBy: memberId
      .optional()
      .describe("The member who verified: the class's valuer (memberId), which is also the default"),
    date: z.iso
      .date('Enter the date of the verification as YYYY-MM-DD')
      .describe(
        'YYYY-MM-DD: on or after the valuer’s appointment and the commencement date, not after the report (checked at the lock)',
      ),
    inspected: z
      .string()
      .trim()
      .min(10, 'Say what was inspected, e.g. "the factory land and buildings at Plot 12, MIDC Waluj"')
      .max(2000)
      .describe('What was inspected: the sites, the assets or groups of assets, the registers'),
    present: z
      .string()
      .trim()
      .min(2, 'Name who was present at the verification')
      .max(1000)
      .describe('Who was present, e.g. the resolution professional’s representative and the plant manager'),
  })
  .strict()
  .meta({ id: 'PhysicalVerification' });

export const valuerSetClassBody = z
  .object({
    assetClass: z.enum(ASSET_CLASSES).describe('The IBBI registration class'),
    memberId: memberId.describe('The member of the firm registered with IBBI for this class who values it'),
    verification: physicalVerificationBody.optional(),
  })
  .strict()
  .meta({ id: 'ValuerSetClass' });

export const valuerSetBody = z
  .object({
    classes: z
      .array(valuerSetClassBody)
      .min(1, 'Name the valuer of at least one asset class')
      .max(3)
      .describe('One valuer per asset class, each registered with IBBI for that class'),
    coordinatingValuerId: memberId.describe(
      "The set's coordinating valuer (CIRP Reg 35(1) as amended): one of the class valuers, who values the corporate debtor as a whole and approves the report as a whole",
    ),
  })
  .strict()
  .superRefine((set, ctx) => {
    const seen = new Set<string>();
    set.classes.forEach((c, i) => {
      if (seen.has(c.assetClass)) {
        ctx.addIssue({
          code: 'custom',
          path: ['classes', i, 'assetClass'],
          message: `${IBC_CLASS_LABELS[c.assetClass]} is named twice: a set has one valuer per asset class`,
        });
      }
      seen.add(c.assetClass);
      if (c.verification?.verifiedBy !== undefined && c.verification.verifiedBy !== c.memberId) {
        ctx.addIssue({
          code: 'custom',
          path: ['classes', i, 'verification', 'verifiedBy'],
          message: `The ${IBC_CLASS_LABELS[c.assetClass]} assets are verified by their own valuer, the member who values that class`,
        });
      }
    });
    if (!set.classes.some((c) => c.memberId === set.coordinatingValuerId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['coordinatingValuerId'],
        message: 'The coordinating valuer is one of the set: choose the valuer of one of its asset classes',
      });
    }
  })
  .describe(
    'IBC: the set of registered valuers whose work the engagement is, one per asset class, with the coordinating ' +
      'valuer. A member not registered with IBBI for the class is 400 naming /valuerSet/classes/{i}/memberId',
  )
  .meta({ id: 'ValuerSet' });
export type ValuerSet = z.output<typeof valuerSetBody>;

export const APPOINTING_ROLES = ['RESOLUTION_PROFESSIONAL', 'LIQUIDATOR'] as const;
export const APPOINTING_ROLE_LABELS: Readonly<Record<(typeof APPOINTING_ROLES)[number], string>> = {
  RESOLUTION_PROFESSIONAL: 'Resolution Professional',
  LIQUIDATOR: 'Liquidator',
};

/** The insolvency professional who appointed the valuers, as structured facts. */
export const appointingOfficerBody = z
  .object({
    name: z.string().trim().min(2, 'Name the insolvency professional').max(200),
    role: z
      .enum(APPOINTING_ROLES)
      .describe('RESOLUTION_PROFESSIONAL for a CIRP (Reg 27), LIQUIDATOR in liquidation (Liquidation Reg 35(2))'),
    ibbiRegistration: ibbiIpRegistration(),
    appointedOn: z.iso
      .date('Enter the date of their appointment as YYYY-MM-DD')
      .describe('YYYY-MM-DD: the date the officer was appointed resolution professional or liquidator'),
  })
  .strict()
  .describe(
    'IBC: who appointed the valuers, as facts (the free-text appointingAuthority is derived from them when not given)',
  )
  .meta({ id: 'AppointingOfficer' });
export type AppointingOfficer = z.output<typeof appointingOfficerBody>;

/** The free-text appointing authority the facts stand for, e.g. "Arvind Kulkarni, Resolution Professional (IBBI/…)". */
export const appointingAuthorityText = (o: AppointingOfficer): string =>
  `${o.name}, ${APPOINTING_ROLE_LABELS[o.role]} (${o.ibbiRegistration})`;

/** Liquidation: why the liquidator has the assets valued afresh rather than taking the CIRP average (Reg 35(1)–(2)). */
export const freshValuationReasonBody = z
  .string()
  .trim()
  .min(20, 'Say why a fresh valuation is made rather than the average of the CIRP estimates')
  .max(2000)
  .describe(
    'LIQUIDATION_REALISABLE_VALUE: why the liquidator appointed valuers afresh rather than taking the average of the ' +
      'CIRP estimates (Liquidation Process Regulations, Reg 35(1)–(2)), e.g. no valuation was made in the CIRP',
  );

/**
 * The IBC set's facts belong to IBC engagements, the fresh-valuation reason to a liquidation; where the officer is
 * given as facts, a free-text appointing authority given with them names the same registration.
 */
export function ibcOnlyProblems(
  statute: string,
  purpose: string | null | undefined,
  body: {
    valuerSet?: unknown;
    appointingOfficer?: { ibbiRegistration: string } | null;
    freshValuationReason?: string | null;
    appointingAuthority?: string | null;
    insolvencyFacts?: unknown;
  },
): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  const ibc = statute === 'IBC_LIQUIDATION';
  for (const key of ['valuerSet', 'appointingOfficer', 'freshValuationReason', 'insolvencyFacts'] as const) {
    if (!ibc && body[key] !== undefined && body[key] !== null)
      problems.push({ path: [key], message: 'applies only to IBC engagements (IBC_LIQUIDATION)' });
  }
  if (ibc && typeof body.freshValuationReason === 'string' && purpose !== 'LIQUIDATION_REALISABLE_VALUE') {
    problems.push({
      path: ['freshValuationReason'],
      message:
        'applies only to a liquidation (LIQUIDATION_REALISABLE_VALUE), where the CIRP average could be taken instead',
    });
  }
  const officer = body.appointingOfficer;
  if (ibc && officer && typeof body.appointingAuthority === 'string') {
    if (!body.appointingAuthority.toUpperCase().includes(officer.ibbiRegistration)) {
      problems.push({
        path: ['appointingAuthority'],
        message: `must name the same officer as appointingOfficer, with the registration ${officer.ibbiRegistration}; leave it out to have it written from those facts`,
      });
    }
  }
  return problems;
}
