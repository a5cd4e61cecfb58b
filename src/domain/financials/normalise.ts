// Reading a financials document: validated against its schema, converted to rupees, checked across fields.
import { z } from 'zod';
import { BALANCE_SHEET_FIELDS, NAV_ADJUSTMENT_FIELDS, UNIT_MULTIPLIERS } from './fields.js';
import { financialsDocumentSchema, type FinancialsDocument } from './schema.js';
import { dec, plain, toPaise } from '../valuation/money.js';
import { valueRegisters } from '../valuation/asset-registers.js';
import { normaliseRegisters } from './normalised-registers.js';
import type { FinancialsError, NormalisedFinancials, ParseFinancialsResult } from './normalised-types.js';
import {
  checkBalanceSheetBalances,
  checkHistoryYears,
  checkNavAdjustmentsFit,
  checkProjectionYears,
  checkShareholding,
} from './checks.js';

export type * from './normalised-types.js';

export function parseFinancials(input: unknown): ParseFinancialsResult {
  const parsed = financialsDocumentSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, errors: [...zodIssuesToErrors(parsed.error.issues), ...checksOfValidParts(input)] };
  const document = parsed.data;
  const financials = toRupees(document);
  const errors = [
    ...checkProjectionYears(document),
    ...checkHistoryYears(document),
    ...checkShareholding(document),
    ...checkBalanceSheetBalances(financials),
    ...checkNavAdjustmentsFit(financials),
  ];
  return errors.length > 0 ? { ok: false, errors } : { ok: true, financials };
}

/**
 * The cross-field checks whose parts are valid on their own, for a document the schema refused: a file is
 * rejected with all its problems at once, not the schema's first and the balance sheet's on the next upload.
 */
function checksOfValidParts(input: unknown): FinancialsError[] {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return [];
  const shape = financialsDocumentSchema.shape;
  const valid: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const part = shape[key].safeParse((input as Record<string, unknown>)[key]);
    if (part.success) valid[key] = part.data;
  }
  const has = (...keys: string[]) => keys.every((k) => Object.hasOwn(valid, k));
  const document = valid as FinancialsDocument;
  const errors: FinancialsError[] = [];
  if (has('balanceSheetDate', 'projections')) errors.push(...checkProjectionYears(document));
  if (has('balanceSheetDate', 'history')) errors.push(...checkHistoryYears(document));
  if (has('shares', 'shareholding')) errors.push(...checkShareholding(document));
  if (has('unit', 'balanceSheet', 'navAdjustments')) {
    const multiplier = dec(UNIT_MULTIPLIERS[document.unit]);
    const rupees = (value: number | undefined) => toPaise(dec(value ?? 0).times(multiplier));
    const adjustments = document.navAdjustments ?? {};
    const amounts = {
      balanceSheet: mapFields(BALANCE_SHEET_FIELDS, (f) => rupees(document.balanceSheet[f])),
      navAdjustments: mapFields(NAV_ADJUSTMENT_FIELDS, (f) => rupees(adjustments[f])),
    } as NormalisedFinancials;
    errors.push(...checkBalanceSheetBalances(amounts), ...checkNavAdjustmentsFit(amounts));
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Error paths

export function toJsonPointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => '/' + String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function zodIssuesToErrors(issues: z.ZodError['issues']): FinancialsError[] {
  return issues.flatMap((issue): FinancialsError[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: toJsonPointer([...issue.path, key]), message: 'unknown field' }));
    }
    return [{ path: toJsonPointer(issue.path), message: issue.message }];
  });
}

// ---------------------------------------------------------------------------------------------
// Unit conversion

function toRupees(document: FinancialsDocument): NormalisedFinancials {
  const multiplier = dec(UNIT_MULTIPLIERS[document.unit]);
  const rupees = (value: number | undefined): string => toPaise(dec(value ?? 0).times(multiplier));
  const optionalRupees = (value: number | undefined): string | undefined =>
    value === undefined ? undefined : rupees(value);
  const exact = (value: number): string => plain(dec(value));

  const adjustments = document.navAdjustments ?? {};
  return {
    sourceUnit: document.unit,
    balanceSheetDate: document.balanceSheetDate,
    shares: {
      equitySharesOutstanding: exact(document.shares.equitySharesOutstanding),
      faceValuePerShare: exact(document.shares.faceValuePerShare),
    },
    balanceSheet: mapFields(BALANCE_SHEET_FIELDS, (f) => rupees(document.balanceSheet[f])),
    navAdjustments: mapFields(NAV_ADJUSTMENT_FIELDS, (f) => rupees(adjustments[f])),
    projections: (document.projections ?? []).map((p) => ({
      year: p.year,
      revenue: rupees(p.revenue),
      ebitda: rupees(p.ebitda),
      depreciationAndAmortisation: rupees(p.depreciationAndAmortisation),
      capitalExpenditure: rupees(p.capitalExpenditure),
      changeInNetWorkingCapital: rupees(p.changeInNetWorkingCapital),
      taxRate: exact(p.taxRate),
    })),
    nonOperatingAssets: rupees(document.nonOperatingAssets),
    ...(document.equityBridge && {
      equityBridge: dropUndefined({
        nonOperatingAssets: document.equityBridge.nonOperatingAssets?.map((a) => ({
          name: a.name,
          fairValue: rupees(a.fairValue),
        })),
        leaseLiabilities: optionalRupees(document.equityBridge.leaseLiabilities),
        contingentLiabilities: document.equityBridge.contingentLiabilities?.map((c) => ({
          description: c.description,
          amount: rupees(c.amount),
          probability: exact(c.probability),
        })),
        minorityInterest: optionalRupees(document.equityBridge.minorityInterest),
        surplusCash: optionalRupees(document.equityBridge.surplusCash),
        cashAdjustmentSinceBalanceSheet: optionalRupees(document.equityBridge.cashAdjustmentSinceBalanceSheet),
        cashAtValuationDate: optionalRupees(document.equityBridge.cashAtValuationDate),
        debtAtValuationDate: optionalRupees(document.equityBridge.debtAtValuationDate),
      }),
    }),
    ...(document.navAdjustmentSources && {
      navAdjustmentSources: dropUndefined({
        immovableProperties: document.navAdjustmentSources.immovableProperties?.map((p) =>
          dropUndefined({
            description: p.description,
            surveyNumber: p.surveyNumber,
            area: p.area,
            stampDutyValue: rupees(p.stampDutyValue),
            authority: p.authority,
          }),
        ),
        quotedInvestments: document.navAdjustmentSources.quotedInvestments?.map((q) => ({
          scrip: q.scrip,
          quantity: exact(q.quantity),
          pricePerShare: exact(q.pricePerShare),
          priceDate: q.priceDate,
          exchange: q.exchange,
        })),
        sharesAndSecuritiesSource: document.navAdjustmentSources.sharesAndSecuritiesSource,
        sharesAndSecuritiesPriceDate: document.navAdjustmentSources.sharesAndSecuritiesPriceDate,
        jewelleryAndArtSource: document.navAdjustmentSources.jewelleryAndArtSource,
        ...deductionSources(document.navAdjustmentSources),
        contingentLiabilities: document.navAdjustmentSources.contingentLiabilities?.map((c) => ({
          description: c.description,
          amount: rupees(c.amount),
          source: c.source,
        })),
      }),
    }),
    peers: (document.peers ?? []).map((peer) =>
      dropUndefined({
        name: peer.name,
        basis: peer.basis,
        evToEbitda: peer.evToEbitda === undefined ? undefined : exact(peer.evToEbitda),
        evToRevenue: peer.evToRevenue === undefined ? undefined : exact(peer.evToRevenue),
        peRatio: peer.peRatio === undefined ? undefined : exact(peer.peRatio),
        priceToBook: peer.priceToBook === undefined ? undefined : exact(peer.priceToBook),
        source: peer.source,
        asOf: peer.asOf,
        revenue: optionalRupees(peer.revenue),
        ebitda: optionalRupees(peer.ebitda),
        marketCapitalisation: optionalRupees(peer.marketCapitalisation),
      }),
    ),
    ...(document.transactions && {
      transactions: document.transactions.map((t) =>
        dropUndefined({
          deal: t.deal,
          date: t.date,
          evToEbitda: t.evToEbitda === undefined ? undefined : exact(t.evToEbitda),
          evToRevenue: t.evToRevenue === undefined ? undefined : exact(t.evToRevenue),
          basis: t.basis,
          source: t.source,
          partiesRelation: t.partiesRelation,
        }),
      ),
    }),
    ...(document.recentRound && {
      recentRound: {
        date: document.recentRound.date,
        instrument: document.recentRound.instrument,
        pricePerShare: exact(document.recentRound.pricePerShare),
        kind: document.recentRound.kind ?? 'ISSUE',
        ...(document.recentRound.amountRaised !== undefined && {
          amountRaised: rupees(document.recentRound.amountRaised),
        }),
        ...(document.recentRound.consideration !== undefined && {
          consideration: rupees(document.recentRound.consideration),
        }),
        ...(document.recentRound.parties !== undefined && { parties: document.recentRound.parties }),
        armsLength: document.recentRound.armsLength,
        ...(document.recentRound.document !== undefined && { document: document.recentRound.document }),
        adjustments: (document.recentRound.adjustments ?? []).map((a) => ({
          kind: a.kind,
          percent: exact(a.percent),
          reason: a.reason,
        })),
      },
    }),
    ...(document.comparableMetrics && {
      comparableMetrics: dropUndefined({
        ebitda: optionalRupees(document.comparableMetrics.ebitda),
        revenue: optionalRupees(document.comparableMetrics.revenue),
        profitAfterTax: optionalRupees(document.comparableMetrics.profitAfterTax),
        ccdInterestAfterTax: optionalRupees(document.comparableMetrics.ccdInterestAfterTax),
        sources: document.comparableMetrics.sources,
      }),
    }),
    ...(document.liquidation && { liquidation: normaliseLiquidation(document, rupees, exact) }),
    ...(document.history && {
      history: document.history.map((y) => ({
        year: y.year,
        revenue: rupees(y.revenue),
        ebitda: rupees(y.ebitda),
        depreciationAndAmortisation: rupees(y.depreciationAndAmortisation),
        financeCost: rupees(y.financeCost),
        profitBeforeTax: rupees(y.profitBeforeTax),
        profitAfterTax: rupees(y.profitAfterTax),
        netWorth: rupees(y.netWorth),
        totalBorrowings: rupees(y.totalBorrowings),
      })),
    }),
    ...(document.shareholding && {
      // Counts and face values are not amounts in the document's unit: kept as given.
      shareholding: document.shareholding.map((r) =>
        dropUndefined({
          holder: r.holder,
          instrument: r.instrument,
          number: String(r.number),
          faceValue: exact(r.faceValue),
          conversionRatio: r.conversionRatio === undefined ? undefined : exact(r.conversionRatio),
          exercisePrice: r.exercisePrice === undefined ? undefined : exact(r.exercisePrice),
          presentedIn: r.presentedIn,
          termsSource: r.termsSource,
        }),
      ),
    }),
  };
}

/**
 * The IBC part in rupees. A class with an asset register takes its book value, fair value and liquidation value from
 * the register's rows, valued here (docs/asset-registers.md), so that every reader of the asset classes sees the
 * service's figures; the registers themselves are kept for the annexures and the workpapers.
 */
function normaliseLiquidation(
  document: FinancialsDocument,
  rupees: (value: number | undefined) => string,
  exact: (value: number) => string,
): NonNullable<NormalisedFinancials['liquidation']> {
  const liquidation = document.liquidation!;
  const optionalRupees = (value: number | undefined) => (value === undefined ? undefined : rupees(value));
  const registers = liquidation.registers ? normaliseRegisters(liquidation.registers, rupees, exact) : undefined;
  const classes = registers ? valueRegisters(registers, document.balanceSheetDate).classes : [];
  return dropUndefined({
    assets: liquidation.assets.map((a) => {
      const computed = classes.find((c) => c.assetClass === a.assetClass);
      return dropUndefined({
        assetClass: a.assetClass,
        description: a.description,
        method: a.method,
        physicalVerification: a.physicalVerification,
        verifiedOn: a.verifiedOn,
        bookValue: computed ? toPaise(computed.bookValue) : rupees(a.bookValue),
        fairValue: computed ? toPaise(computed.fairValue) : optionalRupees(a.fairValue),
        liquidationValue: computed ? toPaise(computed.liquidationValue) : optionalRupees(a.liquidationValue),
        fromRegister: computed ? (true as const) : undefined,
        estimates: a.estimates?.map((e) => ({
          valuer: e.valuer,
          fairValue: rupees(e.fairValue),
          liquidationValue: rupees(e.liquidationValue),
        })),
      });
    }),
    liquidationCosts: rupees(liquidation.liquidationCosts),
    liabilities: optionalRupees(liquidation.liabilities),
    registers,
    reconciliation: liquidation.reconciliation?.map((r) =>
      dropUndefined({ item: r.item, assetClass: r.assetClass, excludedReason: r.excludedReason }),
    ),
  });
}

/** The prescribed NAV's deductions' sources, as given (text). */
const DEDUCTION_SOURCES = [
  'incomeTaxPaidSource',
  'unamortisedExpenditureSource',
  'provisionForTaxationSource',
  'unascertainedProvisionsSource',
  'sharesAndSecuritiesBookSource',
  'immovablePropertyBookSource',
  'liabilitiesSource',
  'leaseLiabilitiesSource',
] as const;
function deductionSources(s: Partial<Record<(typeof DEDUCTION_SOURCES)[number], string>>) {
  return Object.fromEntries(DEDUCTION_SOURCES.map((k) => [k, s[k]]));
}

function mapFields<K extends string>(fields: readonly K[], value: (field: K) => string): Record<K, string> {
  return Object.fromEntries(fields.map((f) => [f, value(f)])) as Record<K, string>;
}

/** Keeps the normalised document free of `undefined` so it serialises and deep-compares cleanly. */
function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
