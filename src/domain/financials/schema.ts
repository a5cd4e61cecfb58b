import { z } from 'zod';
import { dec } from '../valuation/money.js';
import {
  ASSET_CLASSES,
  BALANCE_SHEET_FIELDS,
  type BalanceSheetField,
  MAX_PROJECTION_YEARS,
  MIN_PROJECTION_YEARS,
  NAV_ADJUSTMENT_FIELDS,
  type NavAdjustmentField,
  UNITS,
} from './fields.js';
import { navAdjustmentSourcesSchema, sourceText } from './sources-schema.js';
import { liquidationSchemaOf } from './liquidation-schema.js';

/**
 * The canonical financials document (docs/decisions.md, The financials document). CSV and XLSX templates map onto it.
 *
 * Amounts are JSON numbers with at most 2 decimals, expressed in `unit` (RUPEES by default,
 * THOUSANDS, LAKHS or CRORES); `parseFinancials` multiplies them into rupees. Values that are
 * not amounts are never multiplied by `unit`: share counts, `faceValuePerShare` (rupees per
 * share), `taxRate` (percent) and peer multiples (times).
 *
 * Compatible extensions (all optional, so every earlier document stays valid):
 * - `nonOperatingAssets`: amount added in the DCF equity bridge (default 0).
 * - `peers` + `comparableMetrics` (Companies Act s.62 comparable-company method):
 *   `peers` lists listed comparables with whichever multiples the valuer has
 *   (`evToEbitda`, `evToRevenue`, `peRatio`, `priceToBook`, each > 0). The engine applies the
 *   median of each multiple to the target's metric: EV/EBITDA and EV/Revenue to
 *   `comparableMetrics.ebitda` / `.revenue` (default: the first projection year's figures,
 *   i.e. forward multiples), P/E to `comparableMetrics.profitAfterTax` (no default; P/E is
 *   skipped without it), P/B to book equity (equity share capital + reserves and surplus).
 * - `liquidation` (IBC, CIRP Reg 35): one entry per asset class with `bookValue` and either the
 *   concluded `fairValue` and `liquidationValue`, or the registered valuers' `estimates`
 *   (2 or 3 of `{valuer, fairValue, liquidationValue}`), from which the engine takes the average
 *   of the two closest and flags two liquidation estimates 25 % or more apart.
 *   `liquidationCosts` (CIRP and liquidation costs, default 0) reduce the liquidation value only.
 *   `liabilities` overrides the claims to be met (default: every balance-sheet liability other
 *   than equity share capital and reserves, i.e. including preference share capital, which
 *   ranks ahead of equity).
 */

const numberError = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'not a number');

/** "is required" for a missing value, otherwise what the value should have been. */
const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;
const objectError = { error: expected('an object') };
const arrayError = { error: expected('an array') };

/** Unknown keys are rejected so that typos are not silently dropped (docs/decisions.md, API conventions). */
const strict = <T extends z.core.$ZodLooseShape>(shape: T) => z.strictObject(shape, objectError);

function hasAtMostTwoDecimals(value: number): boolean {
  return dec(value).decimalPlaces() <= 2;
}

/** Any finite JSON number with at most 2 decimals, in `unit`. */
const amount = z
  .number({ error: numberError })
  .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimal places' });

const nonNegativeAmount = amount.refine((v) => v >= 0, { error: 'must not be negative' });

/** A ratio or rate (not an amount): any precision. */
const positiveNumber = z.number({ error: numberError }).refine((v) => v > 0, { error: 'must be greater than 0' });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const isoDate = z
  .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a date string YYYY-MM-DD') })
  .refine(isCalendarDate, { error: 'must be a valid date YYYY-MM-DD' });

// Share capital can be negative only through reserves (accumulated losses), so only
// reservesAndSurplus may be negative.
const balanceSheetShape = Object.fromEntries(
  BALANCE_SHEET_FIELDS.map((f) => [f, f === 'reservesAndSurplus' ? amount : nonNegativeAmount]),
) as Record<BalanceSheetField, typeof amount>;

const navAdjustmentsShape = Object.fromEntries(
  NAV_ADJUSTMENT_FIELDS.map((f) => [f, nonNegativeAmount.optional()]),
) as Record<NavAdjustmentField, z.ZodOptional<typeof amount>>;

const projectionSchema = strict({
  year: z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string like FY2027') })
    .regex(/^FY\d{4}$/, { error: 'must look like FY2027' }),
  revenue: nonNegativeAmount,
  // EBITDA and the change in working capital may be negative (losses, releases of working capital).
  ebitda: amount,
  depreciationAndAmortisation: nonNegativeAmount,
  capitalExpenditure: nonNegativeAmount,
  changeInNetWorkingCapital: amount,
  taxRate: z
    .number({ error: numberError })
    .refine((v) => v >= 0 && v <= 100, { error: 'must be a percentage between 0 and 100' }),
});

// A peer's multiple may be negative (a loss-making peer's P/E): the engine excludes what is not positive, saying why.
const multiple = z
  .number({ error: numberError })
  .refine((v) => Number.isFinite(v), { error: 'must be a finite number' });
/** The period a multiple is struck on: the trailing twelve months, or the next year's forecast. */
export const METRIC_BASES = ['TRAILING', 'FORWARD'] as const;
const metricBasis = z.enum(METRIC_BASES, { error: `must be one of ${METRIC_BASES.join(', ')}` });

const peerSchema = strict({
  name: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
  evToEbitda: multiple.optional(),
  evToRevenue: multiple.optional(),
  peRatio: multiple.optional(),
  priceToBook: multiple.optional(),
  /** The basis of the peer's multiples (docs/valuation-method.md, Market approach: like with like). */
  basis: metricBasis.optional(),
  /** Where the multiples come from and the date they were struck on (docs/evidence.md). */
  source: sourceText.optional(),
  asOf: isoDate.optional(),
  /** The peer's size, in the document's unit, printed beside its multiples (docs/reports.md, Annexures). */
  revenue: nonNegativeAmount.optional(),
  ebitda: amount.optional(),
  marketCapitalisation: nonNegativeAmount.optional(),
});

/** One historical financial year, in the document's unit (the report's historical performance table). */
const historyYearSchema = strict({
  year: z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a string like FY2026') })
    .regex(/^FY\d{4}$/, { error: 'must look like FY2026' }),
  revenue: nonNegativeAmount,
  ebitda: amount,
  depreciationAndAmortisation: nonNegativeAmount,
  financeCost: nonNegativeAmount,
  profitBeforeTax: amount,
  profitAfterTax: amount,
  netWorth: amount,
  totalBorrowings: nonNegativeAmount,
});

export const INSTRUMENTS = ['EQUITY', 'PREFERENCE', 'CCPS', 'CCD', 'ESOP', 'WARRANT'] as const;
export const MIN_HISTORY_YEARS = 2;
export const MAX_HISTORY_YEARS = 5;

/** One line of the capital table: who holds how many of which instrument, at what face value (₹). */
/** Where a convertible sits in the balance sheet. */
export const PRESENTED_IN = ['PREFERENCE_CAPITAL', 'OTHER_EQUITY', 'BORROWINGS'] as const;

const shareholdingSchema = strict({
  holder: z
    .string({ error: expected('a string') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(200),
  instrument: z.enum(INSTRUMENTS, { error: `must be one of ${INSTRUMENTS.join(', ')}` }),
  number: z
    .number({ error: numberError })
    .refine((v) => Number.isSafeInteger(v) && v > 0, { error: 'must be a whole number greater than 0' }),
  faceValue: positiveNumber.refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimal places' }),
  // Fully diluted capital (docs/valuation-method.md): CCPS and CCDs convert at conversionRatio equity
  // shares each; ESOPs and warrants are exercised at exercisePrice (₹ per share) when in the money.
  conversionRatio: positiveNumber.optional(),
  exercisePrice: positiveNumber
    .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimal places' })
    .optional(),
  // Where the financials present a CCPS or CCD (Ind AS may put CCPS in other equity): decides whether a
  // method deducted it, so it is added back as converted only then (docs/valuation-method.md, Fully diluted shares).
  presentedIn: z.enum(PRESENTED_IN, { error: `must be one of ${PRESENTED_IN.join(', ')}` }).optional(),
  // Where an option's exercise price or a convertible's ratio comes from (the scheme, the grant letters, the terms of
  // issue): the report prints it beside the instrument (docs/reports.md, The transaction).
  termsSource: z
    .string({ error: expected('a string') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(300)
    .optional(),
}).superRefine((row, ctx) => {
  const convertible = row.instrument === 'CCPS' || row.instrument === 'CCD';
  if (row.presentedIn !== undefined && !convertible)
    ctx.addIssue({ code: 'custom', path: ['presentedIn'], message: 'applies only to CCPS and CCD' });
  const option = row.instrument === 'ESOP' || row.instrument === 'WARRANT';
  if (row.conversionRatio !== undefined && !convertible)
    ctx.addIssue({ code: 'custom', path: ['conversionRatio'], message: 'applies only to CCPS and CCD' });
  if (row.exercisePrice !== undefined && !option)
    ctx.addIssue({ code: 'custom', path: ['exercisePrice'], message: 'applies only to ESOP and WARRANT' });
});

const comparableMetricsSchema = strict({
  ebitda: amount.optional(),
  revenue: nonNegativeAmount.optional(),
  profitAfterTax: amount.optional(),
  /** The CCDs' interest after tax over the same period: added back to profit for P/E on the as-converted basis. */
  ccdInterestAfterTax: nonNegativeAmount.optional(),
  /** Where each trailing figure comes from (e.g. the last audited year plus the interim months less the same months before). */
  sources: strict({
    ebitda: z.string().trim().min(1).max(300).optional(),
    revenue: z.string().trim().min(1).max(300).optional(),
    profitAfterTax: z.string().trim().min(1).max(300).optional(),
  }).optional(),
});

const liquidationSchema = liquidationSchemaOf({ amount: nonNegativeAmount, isoDate, strict });

/**
 * The equity bridge beyond the balance-sheet items (docs/valuation-method.md, Equity bridge): each item
 * given becomes a line of the DCF and of the report; an item not given is not shown.
 */
const equityBridgeSchema = strict({
  nonOperatingAssets: z
    .array(
      strict({
        name: z
          .string({ error: expected('a string') })
          .trim()
          .min(1, { error: 'must not be empty' })
          .max(200),
        fairValue: nonNegativeAmount,
      }),
      arrayError,
    )
    .optional(),
  leaseLiabilities: nonNegativeAmount.optional(),
  contingentLiabilities: z
    .array(
      strict({
        description: z
          .string({ error: expected('a string') })
          .trim()
          .min(1, { error: 'must not be empty' })
          .max(200),
        amount: nonNegativeAmount,
        probability: z
          .number({ error: numberError })
          .refine((v) => v >= 0 && v <= 100, { error: 'must be a percentage between 0 and 100' }),
      }),
      arrayError,
    )
    .optional(),
  minorityInterest: nonNegativeAmount.optional(),
  surplusCash: nonNegativeAmount.optional(),
  cashAdjustmentSinceBalanceSheet: amount.optional(),
  /** Where the valuation date falls after the balance sheet: the cash and the debt on the valuation date, replacing the balance sheet's. */
  cashAtValuationDate: nonNegativeAmount.optional(),
  debtAtValuationDate: nonNegativeAmount.optional(),
}).superRefine((b, ctx) => {
  if ((b.cashAtValuationDate === undefined) !== (b.debtAtValuationDate === undefined)) {
    const missing = b.cashAtValuationDate === undefined ? 'cashAtValuationDate' : 'debtAtValuationDate';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message:
        'must be given with the other figure at the valuation date (cashAtValuationDate and debtAtValuationDate together)',
    });
  }
  if (b.cashAtValuationDate !== undefined && b.cashAdjustmentSinceBalanceSheet !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['cashAdjustmentSinceBalanceSheet'],
      message: 'must not be given with cashAtValuationDate, which already holds the cash on the valuation date',
    });
  }
});

/** A comparable transaction: a deal in the target's industry, its date and the multiples it was done at. */
const transactionSchema = strict({
  deal: z
    .string({ error: expected('a string') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(200),
  date: isoDate,
  evToEbitda: multiple.optional(),
  evToRevenue: multiple.optional(),
  /** TRAILING: the deal's multiple of the target's trailing metric at the deal date; FORWARD: of its forecast. */
  basis: metricBasis.optional(),
  /** The document or database the deal's terms come from, and how its parties were related (docs/evidence.md). */
  source: sourceText.optional(),
  partiesRelation: sourceText.optional(),
});

/** An issue of new shares, or a sale of existing shares between holders. */
export const ROUND_KINDS = ['ISSUE', 'SECONDARY_SALE'] as const;

/** The price of a recent investment in the company (docs/valuation-method.md, Market approach). */
const recentRoundSchema = strict({
  date: isoDate,
  instrument: z.enum(INSTRUMENTS, { error: `must be one of ${INSTRUMENTS.join(', ')}` }),
  /** ₹ per equity share (per share on conversion for a convertible). */
  pricePerShare: positiveNumber.refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimal places' }),
  /**
   * ISSUE (the default): the company issued the shares and raised `amountRaised`. SECONDARY_SALE: holders sold
   * existing shares to the buyer for `consideration`; the company raised nothing, so its balance sheet shows no new
   * capital (docs/valuation-method.md, Market approach).
   */
  kind: z.enum(ROUND_KINDS, { error: `must be one of ${ROUND_KINDS.join(', ')}` }).optional(),
  /** In the document's unit: the money the company raised (an issue). */
  amountRaised: nonNegativeAmount.optional(),
  /** In the document's unit: the price the buyer paid the sellers (a secondary sale). */
  consideration: nonNegativeAmount.optional(),
  /** Who sold and who bought (a secondary sale), in the valuer's words. */
  parties: sourceText.optional(),
  armsLength: z.boolean({ error: expected('true or false') }),
  /** The agreement or term sheet the round's price comes from (docs/evidence.md). */
  document: sourceText.optional(),
  adjustments: z
    .array(
      strict({
        kind: z.enum(['TIME', 'RIGHTS'], { error: 'must be TIME or RIGHTS' }),
        /** Signed percent: −15 for a 15 % reduction. */
        percent: z
          .number({ error: numberError })
          .refine((v) => v > -100 && v <= 100, { error: 'must be a percent above −100 and at most 100' }),
        reason: z
          .string({ error: expected('a string') })
          .trim()
          .min(10, { error: 'must give the reason (at least 10 characters)' })
          .max(2000),
      }),
      arrayError,
    )
    .optional(),
}).superRefine((r, ctx) => {
  const sale = r.kind === 'SECONDARY_SALE';
  const need = (field: 'amountRaised' | 'consideration' | 'parties', why: string) =>
    ctx.addIssue({ code: 'custom', path: [field], message: why });
  const forbid = (field: 'amountRaised' | 'consideration' | 'parties', why: string) =>
    ctx.addIssue({ code: 'custom', path: [field], message: why });
  if (!sale && r.amountRaised === undefined) need('amountRaised', 'is required for an issue (kind ISSUE)');
  if (!sale && r.consideration !== undefined)
    forbid('consideration', 'is for a secondary sale (kind SECONDARY_SALE); an issue gives amountRaised');
  if (sale && r.amountRaised !== undefined)
    forbid('amountRaised', 'must not be given for a secondary sale: the company raised nothing (give consideration)');
  if (sale && r.consideration === undefined)
    need('consideration', 'is required for a secondary sale: the price the buyer paid the sellers');
  if (sale && r.parties === undefined) need('parties', 'is required for a secondary sale: who sold to whom');
});

export const financialsDocumentSchema = strict({
  unit: z.enum(UNITS, { error: `must be one of ${UNITS.join(', ')}` }).default('RUPEES'),
  balanceSheetDate: isoDate,
  shares: strict({
    equitySharesOutstanding: z
      .number({ error: numberError })
      .refine((v) => Number.isSafeInteger(v) && v > 0, { error: 'must be a whole number greater than 0' }),
    faceValuePerShare: positiveNumber.refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimal places' }),
  }),
  balanceSheet: strict(balanceSheetShape),
  navAdjustments: strict(navAdjustmentsShape).optional(),
  navAdjustmentSources: navAdjustmentSourcesSchema(
    nonNegativeAmount,
    isoDate,
    strict,
    positiveNumber.refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimal places' }),
  ).optional(),
  // Optional: NAV and IBC valuations use none. Whether the engagement's statute needs them is
  // checked at ingestion and at the lock (statute readiness), not here.
  projections: z
    .array(projectionSchema, arrayError)
    .min(MIN_PROJECTION_YEARS, { error: `must have at least ${MIN_PROJECTION_YEARS} projection years` })
    .max(MAX_PROJECTION_YEARS, { error: `must have at most ${MAX_PROJECTION_YEARS} projection years` })
    .optional(),
  nonOperatingAssets: nonNegativeAmount.optional(),
  equityBridge: equityBridgeSchema.optional(),
  peers: z.array(peerSchema, arrayError).optional(),
  transactions: z.array(transactionSchema, arrayError).optional(),
  recentRound: recentRoundSchema.optional(),
  comparableMetrics: comparableMetricsSchema.optional(),
  liquidation: liquidationSchema.optional(),
  // Optional, for the report: the years up to the balance sheet's, and the capital table.
  history: z
    .array(historyYearSchema, arrayError)
    .min(MIN_HISTORY_YEARS, { error: `must have at least ${MIN_HISTORY_YEARS} years` })
    .max(MAX_HISTORY_YEARS, { error: `must have at most ${MAX_HISTORY_YEARS} years` })
    .optional(),
  shareholding: z.array(shareholdingSchema, arrayError).min(1, { error: 'must list at least one holder' }).optional(),
});

export type FinancialsDocument = z.infer<typeof financialsDocumentSchema>;
export type AssetClass = (typeof ASSET_CLASSES)[number];
/** What a caller may send (unit optional); `FinancialsDocument` is the parsed form. */
export type FinancialsDocumentInput = z.input<typeof financialsDocumentSchema>;
