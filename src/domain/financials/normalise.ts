import { z } from 'zod';
import {
  ASSET_FIELDS,
  BALANCE_SHEET_FIELDS,
  EQUITY_AND_LIABILITY_FIELDS,
  NAV_ADJUSTMENT_FIELDS,
  UNIT_MULTIPLIERS,
  financialsDocumentSchema,
  type AssetClass,
  type BalanceSheetField,
  type FinancialsDocument,
  type NavAdjustmentField,
  type Unit,
} from './schema.js';
import { ONE, dec, formatRupees, plain, sum, toPaise, type Dec } from '../valuation/money.js';

/** Every amount is a decimal string in rupees ("12345.00"); rates and counts are exact strings. */
export interface NormalisedProjection {
  year: string;
  revenue: string;
  ebitda: string;
  depreciationAndAmortisation: string;
  capitalExpenditure: string;
  changeInNetWorkingCapital: string;
  /** Percent, e.g. "25.168". */
  taxRate: string;
}

export interface NormalisedPeer {
  name: string;
  basis?: 'TRAILING' | 'FORWARD';
  evToEbitda?: string;
  evToRevenue?: string;
  peRatio?: string;
  priceToBook?: string;
}

export interface NormalisedValuerEstimate {
  valuer: string;
  fairValue: string;
  liquidationValue: string;
}

/** Either the concluded values or the valuers' estimates (2–3) are present. */
export interface NormalisedLiquidationAsset {
  assetClass: AssetClass;
  description?: string;
  bookValue: string;
  fairValue?: string;
  liquidationValue?: string;
  estimates?: NormalisedValuerEstimate[];
}

export interface NormalisedFinancials {
  /** The unit the document was written in; every amount below is already in rupees. */
  sourceUnit: Unit;
  balanceSheetDate: string;
  shares: { equitySharesOutstanding: string; faceValuePerShare: string };
  balanceSheet: Record<BalanceSheetField, string>;
  navAdjustments: Record<NavAdjustmentField, string>;
  projections: NormalisedProjection[];
  nonOperatingAssets: string;
  /** In rupees; only the items the document gives (docs/valuation-method.md, Equity bridge). */
  equityBridge?: NormalisedEquityBridge;
  peers: NormalisedPeer[];
  /** Comparable transactions, multiples exact as given. */
  transactions?: { deal: string; date: string; evToEbitda?: string; evToRevenue?: string; basis?: 'TRAILING' | 'FORWARD' }[];
  /** A recent investment: price in ₹ per share, amount raised in rupees, adjustments in signed percent. */
  recentRound?: {
    date: string; instrument: string; pricePerShare: string; amountRaised: string; armsLength: boolean;
    adjustments: { kind: 'TIME' | 'RIGHTS'; percent: string; reason: string }[];
  };
  comparableMetrics?: { ebitda?: string; revenue?: string; profitAfterTax?: string; ccdInterestAfterTax?: string };
  liquidation?: {
    assets: NormalisedLiquidationAsset[];
    liquidationCosts: string;
    liabilities?: string;
  };
  /** The historical years, in rupees, oldest first (for the report). */
  history?: NormalisedHistoryYear[];
  /** The capital table as given (numbers of instruments; face value in rupees). */
  shareholding?: { holder: string; instrument: string; number: string; faceValue: string; conversionRatio?: string; exercisePrice?: string; presentedIn?: 'PREFERENCE_CAPITAL' | 'OTHER_EQUITY' | 'BORROWINGS' }[];
}

export interface NormalisedEquityBridge {
  nonOperatingAssets?: { name: string; fairValue: string }[];
  leaseLiabilities?: string;
  /** `probability` in percent, exact as given. */
  contingentLiabilities?: { description: string; amount: string; probability: string }[];
  minorityInterest?: string;
  surplusCash?: string;
  /** Signed: a cash movement between the balance-sheet date and the valuation date. */
  cashAdjustmentSinceBalanceSheet?: string;
  /** The cash and the debt (all borrowings) on the valuation date, given together; they replace the balance sheet's in the bridge. */
  cashAtValuationDate?: string;
  debtAtValuationDate?: string;
}

export interface NormalisedHistoryYear {
  year: string;
  revenue: string;
  ebitda: string;
  depreciationAndAmortisation: string;
  financeCost: string;
  profitBeforeTax: string;
  profitAfterTax: string;
  netWorth: string;
  totalBorrowings: string;
}

export interface FinancialsError {
  /** JSON Pointer into the submitted document, e.g. "/projections/2/revenue". */
  path: string;
  message: string;
}

export type ParseFinancialsResult =
  | { ok: true; financials: NormalisedFinancials }
  | { ok: false; errors: FinancialsError[] };

export function parseFinancials(input: unknown): ParseFinancialsResult {
  const parsed = financialsDocumentSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: zodIssuesToErrors(parsed.error.issues) };
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

// ---------------------------------------------------------------------------------------------
// Error paths

export function toJsonPointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => '/' + String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function zodIssuesToErrors(issues: z.ZodError["issues"]): FinancialsError[] {
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
        nonOperatingAssets: document.equityBridge.nonOperatingAssets?.map((a) => ({ name: a.name, fairValue: rupees(a.fairValue) })),
        leaseLiabilities: optionalRupees(document.equityBridge.leaseLiabilities),
        contingentLiabilities: document.equityBridge.contingentLiabilities?.map((c) => ({ description: c.description, amount: rupees(c.amount), probability: exact(c.probability) })),
        minorityInterest: optionalRupees(document.equityBridge.minorityInterest),
        surplusCash: optionalRupees(document.equityBridge.surplusCash),
        cashAdjustmentSinceBalanceSheet: optionalRupees(document.equityBridge.cashAdjustmentSinceBalanceSheet),
        cashAtValuationDate: optionalRupees(document.equityBridge.cashAtValuationDate),
        debtAtValuationDate: optionalRupees(document.equityBridge.debtAtValuationDate),
      }),
    }),
    peers: (document.peers ?? []).map((peer) => dropUndefined({
      name: peer.name,
      basis: peer.basis,
      evToEbitda: peer.evToEbitda === undefined ? undefined : exact(peer.evToEbitda),
      evToRevenue: peer.evToRevenue === undefined ? undefined : exact(peer.evToRevenue),
      peRatio: peer.peRatio === undefined ? undefined : exact(peer.peRatio),
      priceToBook: peer.priceToBook === undefined ? undefined : exact(peer.priceToBook),
    })),
    ...(document.transactions && {
      transactions: document.transactions.map((t) => dropUndefined({
        deal: t.deal, date: t.date,
        evToEbitda: t.evToEbitda === undefined ? undefined : exact(t.evToEbitda),
        evToRevenue: t.evToRevenue === undefined ? undefined : exact(t.evToRevenue),
        basis: t.basis,
      })),
    }),
    ...(document.recentRound && {
      recentRound: {
        date: document.recentRound.date,
        instrument: document.recentRound.instrument,
        pricePerShare: exact(document.recentRound.pricePerShare),
        amountRaised: rupees(document.recentRound.amountRaised),
        armsLength: document.recentRound.armsLength,
        adjustments: (document.recentRound.adjustments ?? []).map((a) => ({ kind: a.kind, percent: exact(a.percent), reason: a.reason })),
      },
    }),
    ...(document.comparableMetrics && {
      comparableMetrics: dropUndefined({
        ebitda: optionalRupees(document.comparableMetrics.ebitda),
        revenue: optionalRupees(document.comparableMetrics.revenue),
        profitAfterTax: optionalRupees(document.comparableMetrics.profitAfterTax),
        ccdInterestAfterTax: optionalRupees(document.comparableMetrics.ccdInterestAfterTax),
      }),
    }),
    ...(document.liquidation && {
      liquidation: dropUndefined({
        assets: document.liquidation.assets.map((a) => dropUndefined({
          assetClass: a.assetClass,
          description: a.description,
          bookValue: rupees(a.bookValue),
          fairValue: optionalRupees(a.fairValue),
          liquidationValue: optionalRupees(a.liquidationValue),
          estimates: a.estimates?.map((e) => ({
            valuer: e.valuer,
            fairValue: rupees(e.fairValue),
            liquidationValue: rupees(e.liquidationValue),
          })),
        })),
        liquidationCosts: rupees(document.liquidation.liquidationCosts),
        liabilities: optionalRupees(document.liquidation.liabilities),
      }),
    }),
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
      shareholding: document.shareholding.map((r) => dropUndefined({
        holder: r.holder, instrument: r.instrument, number: String(r.number), faceValue: exact(r.faceValue),
        conversionRatio: r.conversionRatio === undefined ? undefined : exact(r.conversionRatio),
        exercisePrice: r.exercisePrice === undefined ? undefined : exact(r.exercisePrice),
        presentedIn: r.presentedIn,
      })),
    }),
  };
}

function mapFields<K extends string>(fields: readonly K[], value: (field: K) => string): Record<K, string> {
  return Object.fromEntries(fields.map((f) => [f, value(f)])) as Record<K, string>;
}

/** Keeps the normalised document free of `undefined` so it serialises and deep-compares cleanly. */
function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

// ---------------------------------------------------------------------------------------------
// Cross-field checks

/** Indian fiscal year containing a date: FY2027 runs 1 Apr 2026 – 31 Mar 2027. */
export function fiscalYearOf(isoDate: string): number {
  const [year, month] = isoDate.split('-').map(Number);
  return month >= 4 ? year + 1 : year;
}

/** History runs in consecutive years, oldest first, up to the fiscal year of the balance sheet date. */
function checkHistoryYears(document: FinancialsDocument): FinancialsError[] {
  const years = document.history ?? [];
  const last = fiscalYearOf(document.balanceSheetDate);
  return years.flatMap((y, i): FinancialsError[] => {
    const expected = `FY${last - (years.length - 1) + i}`;
    if (y.year === expected) return [];
    return [{ path: `/history/${i}/year`, message: `must be ${expected} (consecutive years, oldest first, ending with the year of the balance sheet date ${document.balanceSheetDate})` }];
  });
}

/** The equity lines of the capital table add up to the equity shares outstanding. */
function checkShareholding(document: FinancialsDocument): FinancialsError[] {
  const rows = document.shareholding;
  if (!rows) return [];
  const equity = rows.filter((r) => r.instrument === 'EQUITY').reduce((total, r) => total + BigInt(r.number), 0n);
  const outstanding = BigInt(document.shares.equitySharesOutstanding);
  if (equity === outstanding) return [];
  return [{ path: '/shareholding', message: `the EQUITY lines add up to ${equity} shares, but shares.equitySharesOutstanding is ${outstanding}` }];
}

function checkProjectionYears(document: FinancialsDocument): FinancialsError[] {
  const projections = document.projections ?? [];
  if (projections.length === 0) return [];
  // The first year is the one holding the day after the balance sheet (a balance sheet inside a year
  // leaves a stub of it), or the next full year; for a 31 March balance sheet the two are the same.
  const holding = fiscalYearOf(dayAfter(document.balanceSheetDate));
  const next = fiscalYearOf(document.balanceSheetDate) + 1;
  const firstGiven = Number(projections[0].year.slice(2));
  const first = firstGiven === holding || firstGiven === next ? firstGiven : next;
  return projections.flatMap((p, i): FinancialsError[] => {
    const expected = `FY${first + i}`;
    if (p.year === expected) return [];
    const why =
      i === 0
        ? holding === next
          ? `the fiscal year after the balance sheet date ${document.balanceSheetDate}`
          : `the fiscal year holding the day after the balance sheet date ${document.balanceSheetDate} (FY${holding}), or the next (FY${next})`
        : `projection years must be consecutive, following ${projections[i - 1].year}`;
    return [{ path: `/projections/${i}/year`, message: `must be ${expected} (${why})` }];
  });
}

function dayAfter(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function totalAssets(f: Pick<NormalisedFinancials, 'balanceSheet'>): Dec {
  return sum(ASSET_FIELDS.map((k) => dec(f.balanceSheet[k])));
}

export function totalEquityAndLiabilities(f: Pick<NormalisedFinancials, 'balanceSheet'>): Dec {
  return sum(EQUITY_AND_LIABILITY_FIELDS.map((k) => dec(f.balanceSheet[k])));
}

function checkBalanceSheetBalances(f: NormalisedFinancials): FinancialsError[] {
  const assets = totalAssets(f);
  const claims = totalEquityAndLiabilities(f);
  const difference = assets.minus(claims);
  // "To the rupee": differences below one rupee are rounding in the source statements.
  if (difference.abs().lt(ONE)) return [];
  const larger = difference.isPositive()
    ? `total assets (${formatRupees(assets)}) exceed equity and liabilities (${formatRupees(claims)})`
    : `equity and liabilities (${formatRupees(claims)}) exceed total assets (${formatRupees(assets)})`;
  return [
    {
      path: '/balanceSheet',
      message: `does not balance: ${larger} by ${formatRupees(difference.abs())}`,
    },
  ];
}

/** Rule 11UA adjustments are parts of balance-sheet totals; more than the total is a typo. */
function checkNavAdjustmentsFit(f: NormalisedFinancials): FinancialsError[] {
  const n = (k: NavAdjustmentField) => dec(f.navAdjustments[k]);
  const assetParts = sum([
    n('incomeTaxPaidNetOfRefund'),
    n('unamortisedExpenditure'),
    n('jewelleryAndArtBookValue'),
    n('sharesAndSecuritiesBookValue'),
    n('immovablePropertyBookValue'),
  ]);
  const liabilityParts = sum([
    n('provisionForTaxationExcess'),
    n('unascertainedLiabilityProvisions'),
    n('proposedDividendsNotDeclared'),
  ]);
  const bs = f.balanceSheet;
  const outsideLiabilities = totalEquityAndLiabilities(f)
    .minus(dec(bs.equityShareCapital))
    .minus(dec(bs.reservesAndSurplus));
  const errors: FinancialsError[] = [];
  if (assetParts.gt(totalAssets(f))) {
    errors.push({
      path: '/navAdjustments',
      message: `asset-side adjustments (${formatRupees(assetParts)}) exceed total assets (${formatRupees(totalAssets(f))})`,
    });
  }
  if (liabilityParts.gt(outsideLiabilities)) {
    errors.push({
      path: '/navAdjustments',
      message: `excluded liabilities (${formatRupees(liabilityParts)}) exceed liabilities other than shareholders' funds (${formatRupees(outsideLiabilities)})`,
    });
  }
  return errors;
}
