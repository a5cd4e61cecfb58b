import { z } from 'zod';
import { ASSET_CLASSES, BALANCE_SHEET_FIELDS, NAV_ADJUSTMENT_FIELDS, UNITS } from './fields.js';
import { isDecimalString } from '../valuation/money.js';

/**
 * Shape check for an already normalised document, so the engine can refuse a hand-built or
 * stale object with a readable message instead of failing on a missing field.
 */
const decimal = z.custom<string>(isDecimalString, { error: 'must be a decimal string' });
const fields = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, decimal])) as Record<K, typeof decimal>);

export const normalisedFinancialsSchema = z.object({
  sourceUnit: z.enum(UNITS),
  balanceSheetDate: z.string(),
  shares: z.object({ equitySharesOutstanding: decimal, faceValuePerShare: decimal }),
  balanceSheet: fields(BALANCE_SHEET_FIELDS),
  // Financials stored before arrears of cumulative preference dividend existed lack the field (read as 0).
  navAdjustments: fields(NAV_ADJUSTMENT_FIELDS.filter((f) => f !== 'arrearsOfCumulativePreferenceDividend')).extend({
    arrearsOfCumulativePreferenceDividend: decimal.optional(),
  }),
  projections: z.array(
    z.object({
      year: z.string(),
      revenue: decimal,
      ebitda: decimal,
      depreciationAndAmortisation: decimal,
      capitalExpenditure: decimal,
      changeInNetWorkingCapital: decimal,
      taxRate: decimal,
    }),
  ),
  nonOperatingAssets: decimal,
  equityBridge: z
    .object({
      nonOperatingAssets: z.array(z.object({ name: z.string(), fairValue: decimal })).optional(),
      leaseLiabilities: decimal.optional(),
      contingentLiabilities: z
        .array(z.object({ description: z.string(), amount: decimal, probability: decimal }))
        .optional(),
      minorityInterest: decimal.optional(),
      surplusCash: decimal.optional(),
      cashAdjustmentSinceBalanceSheet: decimal.optional(),
      cashAtValuationDate: decimal.optional(),
      debtAtValuationDate: decimal.optional(),
    })
    .optional(),
  peers: z.array(
    z.object({
      name: z.string(),
      basis: z.enum(['TRAILING', 'FORWARD']).optional(),
      evToEbitda: decimal.optional(),
      evToRevenue: decimal.optional(),
      peRatio: decimal.optional(),
      priceToBook: decimal.optional(),
    }),
  ),
  comparableMetrics: z
    .object({
      ebitda: decimal.optional(),
      revenue: decimal.optional(),
      profitAfterTax: decimal.optional(),
      ccdInterestAfterTax: decimal.optional(),
      sources: z
        .object({
          ebitda: z.string().optional(),
          revenue: z.string().optional(),
          profitAfterTax: z.string().optional(),
        })
        .optional()
        .describe('Where each trailing figure comes from, as given'),
    })
    .optional(),
  liquidation: z
    .object({
      assets: z.array(
        z
          .object({
            assetClass: z.enum(ASSET_CLASSES),
            description: z.string().optional(),
            bookValue: decimal,
            fairValue: decimal.optional(),
            liquidationValue: decimal.optional(),
            fromRegister: z.literal(true).optional().describe("The class's values are its asset register's totals"),
            estimates: z
              .array(z.object({ valuer: z.string(), fairValue: decimal, liquidationValue: decimal }))
              .min(2)
              .optional(),
          })
          .refine((a) => a.estimates !== undefined || (a.fairValue !== undefined && a.liquidationValue !== undefined), {
            error: 'needs fairValue and liquidationValue, or estimates',
          }),
      ),
      liquidationCosts: decimal,
      liabilities: decimal.optional(),
      // docs/asset-registers.md: each register's rows as given, amounts in rupees, every number as exact text.
      registers: z
        .record(z.string(), z.array(z.record(z.string(), z.string())))
        .optional()
        .describe('The asset registers by name (land, landComparables, buildings, machinery, …), row by row'),
      reconciliation: z
        .array(
          z.object({
            item: z.enum(BALANCE_SHEET_FIELDS),
            assetClass: z.enum(ASSET_CLASSES).optional(),
            excludedReason: z.string().optional(),
          }),
        )
        .optional()
        .describe('Each balance-sheet asset line valued in a class or excluded with its reason, as stated'),
    })
    .optional(),
  history: z
    .array(
      z.object({
        year: z.string(),
        revenue: decimal,
        ebitda: decimal,
        depreciationAndAmortisation: decimal,
        financeCost: decimal,
        profitBeforeTax: decimal,
        profitAfterTax: decimal,
        netWorth: decimal,
        totalBorrowings: decimal,
      }),
    )
    .optional()
    .describe('The historical years, in rupees, oldest first'),
  shareholding: z
    .array(
      z.object({
        holder: z.string(),
        instrument: z.string(),
        number: decimal,
        faceValue: decimal,
        conversionRatio: decimal.optional(),
        exercisePrice: decimal.optional(),
        presentedIn: z.enum(['PREFERENCE_CAPITAL', 'OTHER_EQUITY', 'BORROWINGS']).optional(),
        termsSource: z.string().optional(),
      }),
    )
    .optional()
    .describe('The capital table as given: numbers of instruments; face value and exercise price in rupees'),
});
