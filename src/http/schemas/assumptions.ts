import { z } from 'zod';
import { isoDateTime } from './common.js';
import { costOfCapitalBody, lockAssumptionsBody as lockBody } from '../../contract/lock-forms.js';

export const assumptionsObject = z.object({
  locked: z.boolean(),
  version: z
    .number()
    .int()
    .optional()
    .describe('1 for the first lock; n + 1 after the engagement was returned for revision n times'),
  wacc: z
    .number()
    .optional()
    .describe(
      'Percent; absent before the lock, and where the valuation needs no rates and none were locked (the prescribed NAV of a transfer or receipt)',
    ),
  terminalGrowthRate: z.number().optional().describe('Percent; absent as wacc is'),
  rationale: z.string().optional(),
  midYear: z.boolean().optional(),
  lockedAt: isoDateTime.optional(),
  lockedBy: z.string().optional(),
  methodWeights: z.record(z.string(), z.number()).optional().describe('Method code → percent, as locked'),
  weightsRationale: z.string().optional(),
  dlomPercent: z.number().optional().describe('Discount for lack of marketability, percent'),
  dlomRationale: z.string().optional(),
  dlocPercent: z.number().optional().describe('Discount for lack of control, percent'),
  dlocRationale: z.string().optional(),
  projectionsReasonableness: z
    .string()
    .optional()
    .describe("The valuer's note on the reasonableness of the projections, where a DCF is adopted"),
  costOfCapital: costOfCapitalBody.optional().describe("The WACC's build-up, as locked"),
  marketApproach: lockBody.shape.marketApproach.describe('The market approach as locked'),
  warnings: z
    .array(z.object({ code: z.string(), message: z.string() }))
    .optional()
    .describe(
      'Lock response only, where the valuation has a DCF: RATES_LOOK_LIKE_FRACTIONS (a WACC below ' +
        '1 with growth below 1, or a tax rate between 0 and 1: a fraction typed for a percent) and ' +
        'WACC_GROWTH_SPREAD_NARROW (wacc − terminalGrowthRate under 2 percentage points)',
    ),
});

export const assumptionsVersionObject = z.object({
  version: z.number().int(),
  status: z
    .enum(['SUPERSEDED', 'CURRENT'])
    .describe('SUPERSEDED: returned for revision at a gate; CURRENT: the lock in force'),
  wacc: z.number().optional().describe('Percent; absent where none was locked (a prescribed NAV needs none)'),
  terminalGrowthRate: z.number().optional().describe('Percent; absent as wacc is'),
  rationale: z.string(),
  midYear: z.boolean(),
  methodWeights: z.record(z.string(), z.number()).optional(),
  weightsRationale: z.string().optional(),
  dlomPercent: z.number().optional(),
  dlomRationale: z.string().optional(),
  dlocPercent: z.number().optional().describe('Discount for lack of control, percent'),
  dlocRationale: z.string().optional(),
  projectionsReasonableness: z.string().optional(),
  costOfCapital: costOfCapitalBody.optional().describe("The WACC's build-up, as locked in this version"),
  marketApproach: lockBody.shape.marketApproach.describe('The market approach as locked in this version'),
  lockedAt: isoDateTime,
  lockedBy: z.string(),
  valuation: z
    .object({
      computedAt: z.string().nullable(),
      engineVersion: z.string().nullable(),
      valuePerShare: z.string().nullable(),
      result: z.unknown(),
    })
    .nullable()
    .describe('The valuation computed from this version (kept as history when it was returned for revision)'),
  revision: z
    .object({
      gate: z.string(),
      reason: z.string(),
      by: z.string().nullable(),
      at: isoDateTime,
      draftReportId: z.string().nullable(),
    })
    .nullable()
    .describe(
      'Where, why, by whom and when this version was returned for revision, and the DRAFT report of that round',
    ),
});
