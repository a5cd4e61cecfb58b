// Who may sign a statutory valuation (docs/statutes.md, Who may sign). Pure: the statute and the
// methods the valuation relies on decide which registration the GATE_3 approver must hold.
import type { Registration } from '../../contract/registrations.js';
import type { MethodCode, Statute, ValuationResult } from '../valuation/types.js';
import { incomeTaxRegime } from '../valuation/law-in-force.js';

export type RegistrationType = Registration['type'];

export interface SignatoryRequirement {
  /** The provision, cited in the 409 and in the report. */
  rule: string;
  /** Any one of these registrations qualifies. */
  acceptable: { type: RegistrationType; assetClass?: 'SECURITIES_OR_FINANCIAL_ASSETS' }[];
  /** The missing registration, said the way a person reads it. */
  needs: string;
}

const RV_SFA = { type: 'IBBI_RV' as const, assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' as const };

export function signatoryRequirement(statute: Statute, methods: readonly MethodCode[]): SignatoryRequirement {
  switch (statute) {
    case 'COMPANIES_ACT_SEC_62':
      return {
        rule: 'Companies Act 2013 s.62(1)(c) read with s.247',
        acceptable: [RV_SFA],
        needs: 'an IBBI registered valuer (Securities or Financial Assets)',
      };
    case 'IBC_LIQUIDATION':
      return {
        rule: 'IBBI (Liquidation Process) Regulations 2016, reg. 35',
        acceptable: [RV_SFA],
        needs: 'an IBBI registered valuer (Securities or Financial Assets)',
      };
    case 'FEMA_RBI':
      // Rule 21(2)(a): certified by a chartered accountant, a SEBI-registered merchant banker or a practising cost accountant.
      return {
        rule: 'FEMA (Non-debt Instruments) Rules 2019, rule 21',
        acceptable: [{ type: 'ICAI_MEMBERSHIP' }, { type: 'SEBI_MERCHANT_BANKER' }, { type: 'ICMAI_MEMBERSHIP' }],
        needs:
          'a chartered accountant (ICAI membership), a SEBI-registered merchant banker or a practising cost accountant (ICMAI membership)',
      };
    case 'RULE_11UA':
      if (methods.includes('NAV_RULE_57')) {
        // Rule 57 Sl. No. 4 names no signatory for the NAV formula; a chartered accountant or merchant banker certifies in practice.
        return {
          rule: 'Income-tax Rules, 2026, Rule 57 (Table, Sl. No. 4)',
          acceptable: [{ type: 'ICAI_MEMBERSHIP' }, { type: 'SEBI_MERCHANT_BANKER' }],
          needs: 'a chartered accountant (ICAI membership) or a SEBI-registered merchant banker',
        };
      }
      if (methods.includes('DCF')) {
        return {
          rule: 'Income-tax Rules 1962, rule 11UA(2)(b)',
          acceptable: [{ type: 'SEBI_MERCHANT_BANKER' }],
          needs: 'a SEBI-registered (Category I) merchant banker, for the DCF value',
        };
      }
      // The NAV formulas name no signatory; in practice a chartered accountant or merchant banker certifies.
      return {
        rule: 'Income-tax Rules 1962, rule 11UA (NAV)',
        acceptable: [{ type: 'ICAI_MEMBERSHIP' }, { type: 'SEBI_MERCHANT_BANKER' }],
        needs: 'a chartered accountant (ICAI membership) or a SEBI-registered merchant banker',
      };
  }
}

/** The signatory's registrations that meet the requirement (empty: not qualified). */
export function qualifyingRegistrations(
  req: SignatoryRequirement,
  registrations: readonly Registration[],
): Registration[] {
  return registrations.filter((r) =>
    req.acceptable.some(
      (a) =>
        a.type === r.type && (a.assetClass === undefined || (r.type === 'IBBI_RV' && r.assetClass === a.assetClass)),
    ),
  );
}

/**
 * The capacity a registration lets its holder sign in, as the report's cover and signature block print it: a
 * FEMA certificate is signed by a chartered accountant, a SEBI merchant banker or a practising cost accountant,
 * never as a "registered valuer" (docs/statutes.md, Who may sign).
 */
export function signingCapacity(r: Registration): string {
  switch (r.type) {
    case 'IBBI_RV':
      return 'Registered valuer';
    case 'SEBI_MERCHANT_BANKER':
      return 'SEBI-registered merchant banker';
    case 'ICAI_MEMBERSHIP':
      return 'Chartered accountant';
    case 'ICMAI_MEMBERSHIP':
      return 'Cost accountant';
  }
}

/** "IBBI/RV/03/2019/12345 (IBBI registered valuer, Securities or Financial Assets)". */
export function describeRegistration(r: Registration): string {
  switch (r.type) {
    case 'IBBI_RV':
      return `${r.number} (IBBI registered valuer, ${r.assetClass
        .replace(/_/g, ' ')
        .toLowerCase()
        .replace(/^./, (c) => c.toUpperCase())}${r.rvo ? `; ${r.rvo}` : ''})`;
    case 'SEBI_MERCHANT_BANKER':
      return `${r.number} (SEBI merchant banker)`;
    case 'ICAI_MEMBERSHIP':
      return `ICAI membership no. ${r.number}`;
    case 'ICMAI_MEMBERSHIP':
      return `ICMAI membership no. ${r.number} (cost accountant)`;
  }
}

/**
 * The methods the conclusion adopts, which decide who may sign: those weighted above nil, or, where
 * no weights conclude (a value per purpose, IBC's two values), every method reported. Inputs that
 * were uploaded but not relied on (projections beside a NAV-only conclusion) require nothing.
 */
export function adoptedMethods(result: Pick<ValuationResult, 'methods' | 'conclusion'>): MethodCode[] {
  const weights = result.conclusion.weights;
  if (weights && weights.length > 0) return weights.filter((w) => Number(w.weightPercent) > 0).map((w) => w.method);
  const byPurpose = result.conclusion.byPurpose;
  // WEIGHTED (several methods weighed) always comes with `weights`, read above.
  if (byPurpose && byPurpose.length > 0)
    return [...new Set(byPurpose.flatMap((p) => (p.method === 'WEIGHTED' ? [] : [p.method])))];
  return result.methods.map((m) => m.method);
}

/**
 * Before the computation: the methods the conclusion will adopt, from what decides them — the
 * statute, the purpose, the transaction's tax year (Rule 11UA) and the valuer's locked weights. The
 * same rule as `adoptedMethods`, so paying and signing never disagree about who may sign.
 */
export function plannedMethods(
  statute: Statute,
  purpose: string | null,
  transactionDate: string,
  methodWeights?: Partial<Record<string, string | number>> | null,
): MethodCode[] {
  const weighted = methodWeights
    ? (Object.entries(methodWeights)
        .filter(([, w]) => Number(w) > 0)
        .map(([m]) => m) as MethodCode[])
    : [];
  switch (statute) {
    case 'RULE_11UA':
      if (incomeTaxRegime(transactionDate) === 'INCOME_TAX_ACT_2025') return ['NAV_RULE_57'];
      if (purpose === 'TRANSFER_OR_RECEIPT') return ['NAV_11UA_1CB'];
      if (purpose === 'ISSUE_OF_SHARES') return weighted.includes('DCF') ? ['DCF'] : ['NAV_11UA_2A'];
      return ['NAV_11UA_2A', 'NAV_11UA_1CB'];
    case 'FEMA_RBI':
      return weighted.length > 0 ? weighted : ['DCF'];
    case 'COMPANIES_ACT_SEC_62':
      return weighted.length > 0 ? weighted : ['DCF', 'NAV'];
    case 'IBC_LIQUIDATION':
      return ['FAIR_VALUE', 'LIQUIDATION_VALUE'];
  }
}

export interface SignatoryStatus extends SignatoryRequirement {
  /** Members of the firm who hold a qualifying registration (they can sign GATE_3 as ADMINs). */
  qualifiedMembers: { id: string; name: string; role: string; registrations: string[] }[];
  /** IBC: each registration class the estimates cover, with the members registered for it (who may sign that class). */
  classes?: {
    assetClass: IbcRegistrationClass;
    name: string;
    qualifiedMembers: { id: string; name: string; registration: string }[];
  }[];
}

/** The requirement for a computed valuation, with the members who meet it. */
export function signatoryStatus(
  result: Pick<ValuationResult, 'statute' | 'methods' | 'conclusion'>,
  members: readonly { id: string; name: string; role: string; registrations: readonly Registration[] }[],
  assetClasses?: readonly string[] | null,
): SignatoryStatus {
  const req = signatoryRequirement(result.statute, adoptedMethods(result));
  const qualifiedMembers = members
    .map((m) => ({ m, q: qualifyingRegistrations(req, m.registrations) }))
    .filter(({ q }) => q.length > 0)
    .map(({ m, q }) => ({ id: m.id, name: m.name, role: m.role, registrations: q.map(describeRegistration) }));
  if (result.statute !== 'IBC_LIQUIDATION' || !assetClasses) return { ...req, qualifiedMembers };
  const classes = ibcRegistrationClasses(assetClasses).map((c) => ({
    assetClass: c,
    name: IBC_CLASS_NAMES[c],
    qualifiedMembers: members.flatMap((m) => {
      const r = ibbiRegistrationFor(m.registrations, c);
      return r ? [{ id: m.id, name: m.name, registration: describeRegistration(r) }] : [];
    }),
  }));
  return { ...req, qualifiedMembers, classes };
}

/**
 * IBC: the IBBI registration class that signs an asset class's estimate. Land and buildings and plant and
 * machinery have their own classes; inventories (stock in the plant, counted and valued with the machines by the
 * Plant and Machinery valuer) are valued under Plant and Machinery; receivables, cash, securities and every other
 * financial asset under Securities or Financial Assets (docs/statutes.md, IBC: who signs each class).
 */
export function ibcRegistrationClass(assetClass: string): IbcRegistrationClass {
  if (assetClass === 'LAND_AND_BUILDING' || assetClass === 'PLANT_AND_MACHINERY') return assetClass;
  if (assetClass === 'INVENTORIES') return 'PLANT_AND_MACHINERY';
  return 'SECURITIES_OR_FINANCIAL_ASSETS';
}

export type IbcRegistrationClass = 'LAND_AND_BUILDING' | 'PLANT_AND_MACHINERY' | 'SECURITIES_OR_FINANCIAL_ASSETS';

/** IBC asset classes as IBBI registers valuers for them. */
export const IBC_CLASS_NAMES: Readonly<Record<IbcRegistrationClass, string>> = {
  LAND_AND_BUILDING: 'Land and Building',
  PLANT_AND_MACHINERY: 'Plant and Machinery',
  SECURITIES_OR_FINANCIAL_ASSETS: 'Securities or Financial Assets',
};

/**
 * IBC: the registration classes of these assets (sorted) whose estimate no one among `members` may sign,
 * because none holds an IBBI registration for the class.
 */
export function unsignableIbcClasses(
  assetClasses: readonly string[],
  members: readonly { registrations: readonly Registration[] | null }[],
): IbcRegistrationClass[] {
  return ibcRegistrationClasses(assetClasses).filter(
    (c) => !members.some((m) => ibbiRegistrationFor(m.registrations, c)),
  );
}

/** IBC: the registration classes (sorted, each once) that sign the estimates of assets of these classes. */
export function ibcRegistrationClasses(assetClasses: readonly string[]): IbcRegistrationClass[] {
  return [...new Set(assetClasses.map(ibcRegistrationClass))].sort();
}

/** The IBBI registration for the class among these registrations, where there is one. */
export function ibbiRegistrationFor(
  registrations: readonly Registration[] | null,
  assetClass: IbcRegistrationClass,
): Registration | undefined {
  return (registrations ?? []).find((r) => r.type === 'IBBI_RV' && r.assetClass === assetClass);
}
