import { z } from 'zod';
import { ENGAGEMENT_STATUSES } from '../../domain/engagement/state-machine.js';
import { PURPOSES, STATUTES } from '../../domain/valuation/types.js';
import { isoDateTime } from './common.js';

export const statuteSchema = z.enum(STATUTES);
export const engagementStatusSchema = z.enum(ENGAGEMENT_STATUSES);
const money = z.string().describe('Decimal rupees, rounded half-up to 2 places, e.g. "245.37"');

export const engagementSchema = z
  .object({
    id: z.string().describe('eng_…'),
    targetEntity: z.string(),
    cin: z.string().nullable().describe('21-character Corporate Identity Number, upper-case'),
    statute: statuteSchema,
    purpose: z.string().nullable().describe('RULE_11UA: ISSUE_OF_SHARES | TRANSFER_OR_RECEIPT; FEMA_RBI: ISSUE_TO_NON_RESIDENT | TRANSFER_RESIDENT_TO_NON_RESIDENT | TRANSFER_NON_RESIDENT_TO_RESIDENT'),
    status: engagementStatusSchema,
    valuationDate: z.string().describe('YYYY-MM-DD'),
    assumptionsLocked: z.boolean(),
    paymentStatus: z.enum(['UNPAID', 'PAID']),
    failureReason: z.string().nullable().describe('Why the engagement FAILED, when it did'),
    createdBy: z.string(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Engagement' });

export const createEngagementBody = z
  .object({
    targetEntity: z.string().trim().min(2).max(200),
    statute: statuteSchema,
    cin: z.string().trim().max(21, 'must be a 21-character CIN').optional().describe('Corporate Identity Number (21 characters), stored upper-case'),
    purpose: z.enum(PURPOSES).optional().describe('Needed to conclude RULE_11UA and FEMA_RBI valuations; without it every variant is shown'),
    valuationDate: z.iso.date().optional().describe('Defaults to today (India)'),
  })
  .strict()
  .meta({ id: 'CreateEngagement' });

export const documentErrorSchema = z.object({
  path: z.string().describe('JSON Pointer into the canonical financials document'),
  message: z.string(),
  location: z.string().optional().describe('CSV/XLSX: "row 14, column FY2028"'),
});

export const documentSchema = z
  .object({
    id: z.string(),
    engagementId: z.string(),
    kind: z.enum(['FINANCIALS', 'SUPPORTING']),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    sha256: z.string(),
    status: z.enum(['STORED', 'PARSING', 'PARSED', 'REJECTED']),
    errors: z.array(documentErrorSchema).optional(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Document' });

export const assumptionsSchema = z
  .object({
    locked: z.boolean(),
    wacc: z.number().optional().describe('Percent'),
    terminalGrowthRate: z.number().optional().describe('Percent'),
    rationale: z.string().optional(),
    midYear: z.boolean().optional(),
    lockedAt: isoDateTime.optional(),
    lockedBy: z.string().optional(),
  })
  .meta({ id: 'Assumptions' });

const decimalPlaces = (max: number) => (n: number) => Number.isInteger(n * 10 ** max) || Math.abs(n * 10 ** max - Math.round(n * 10 ** max)) < 1e-9;

export const lockAssumptionsBody = z
  .object({
    wacc: z.number().min(0.01).max(50).refine(decimalPlaces(4), 'at most 4 decimal places').describe('Weighted average cost of capital, percent (12.5 = 12.5 %)'),
    terminalGrowthRate: z.number().min(0).max(15).refine(decimalPlaces(4), 'at most 4 decimal places').describe('Terminal growth, percent; must be below wacc'),
    rationale: z.string().trim().min(20).max(5000),
    midYear: z.boolean().optional().describe('Mid-year discounting (default end-of-year)'),
  })
  .strict()
  .meta({ id: 'LockAssumptions' });

const lineSchema = z.object({
  label: z.string(),
  value: z.string(),
  kind: z.enum(['AMOUNT', 'PER_SHARE', 'FACTOR', 'PERCENT', 'COUNT', 'MULTIPLE']),
  note: z.string().optional(),
});

const methodSchema = z.object({
  method: z.enum(['DCF', 'NAV_11UA_2A', 'NAV_11UA_1CB', 'NAV', 'COMPARABLES', 'FAIR_VALUE', 'LIQUIDATION_VALUE']),
  title: z.string(),
  lines: z.array(lineSchema).describe('Every intermediate figure, in order'),
  enterpriseValue: money.optional(),
  equityValue: money,
  valuePerShare: money,
  servesPurpose: z.string().optional(),
  purposes: z.array(z.string()).optional(),
});

export const valuationSchema = z
  .object({
    engagementId: z.string(),
    statute: statuteSchema,
    computedAt: isoDateTime,
    engineVersion: z.string(),
    purpose: z.string().nullable(),
    valuationDate: z.string(),
    assumptions: z.object({ wacc: z.string(), terminalGrowthRate: z.string(), rationale: z.string().optional() }),
    conventions: z.object({
      discounting: z.enum(['END_OF_YEAR', 'MID_YEAR']),
      terminalValueDiscounting: z.string(),
      rounding: z.string(),
      statements: z.array(z.string()),
    }),
    methods: z.array(methodSchema),
    conclusion: z.object({
      valuePerShare: money.nullable().describe('null when no single value concludes (RULE_11UA without purpose: see byPurpose; IBC: fair and liquidation values)'),
      basis: z.string(),
      weights: z.array(z.object({ method: z.string(), weightPercent: z.string(), valuePerShare: money, weightedValuePerShare: money })).optional(),
      floorOrCeiling: z.enum(['FLOOR', 'CEILING']).optional(),
      byPurpose: z.array(z.object({ purpose: z.string(), method: z.string(), valuePerShare: money, floorOrCeiling: z.enum(['FLOOR', 'CEILING']).optional(), basis: z.string() })).optional(),
      fairValue: z.object({ equityValue: money, valuePerShare: money }).optional(),
      liquidationValue: z.object({ equityValue: money, valuePerShare: money }).optional(),
    }),
    sensitivity: z
      .object({ waccValues: z.array(z.string()), growthValues: z.array(z.string()), grid: z.array(z.array(money.nullable())).describe('grid[i][j] at waccValues[i], growthValues[j]; null where g ≥ WACC') })
      .optional(),
    warnings: z.array(z.object({ code: z.string(), message: z.string() })),
  })
  .meta({ id: 'Valuation' });

export const auditEventSchema = z
  .object({
    id: z.string(),
    action: z.string(),
    actor: z.object({ type: z.enum(['USER', 'API_TOKEN', 'SYSTEM']), id: z.string().nullable() }),
    fromStatus: z.string().nullable(),
    toStatus: z.string().nullable(),
    requestId: z.string().nullable(),
    details: z.unknown(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AuditEvent' });
