import { z } from 'zod';
import { ENGAGEMENT_STATUSES, GATES } from '../../contract/stages.js';
import { STATUTES } from '../../domain/valuation/types.js';
import { METHOD_CODES } from '../../contract/vocabulary.js';
import { ACTS } from '../../domain/valuation/law-in-force.js';
import { isoDateTime } from './common.js';
export { createEngagementBody, lockAssumptionsBody, patchEngagementBody } from '../../contract/engagement-forms.js';
import { costOfCapitalBody, lockAssumptionsBody as lockBody } from '../../contract/engagement-forms.js';

export const statuteSchema = z.enum(STATUTES);
export const engagementStatusSchema = z.enum(ENGAGEMENT_STATUSES);
const money = z.string().describe('Decimal rupees, rounded half-up to 2 places, e.g. "245.37"');

export const engagementSchema = z
  .object({
    id: z.string().describe('eng_…'),
    targetEntity: z.string(),
    cin: z.string().nullable().describe('21-character Corporate Identity Number, upper-case'),
    statute: statuteSchema,
    purpose: z
      .string()
      .nullable()
      .describe(
        'RULE_11UA: ISSUE_OF_SHARES | TRANSFER_OR_RECEIPT; FEMA_RBI: ISSUE_TO_NON_RESIDENT | TRANSFER_RESIDENT_TO_NON_RESIDENT | TRANSFER_NON_RESIDENT_TO_RESIDENT; IBC_LIQUIDATION: CIRP_FAIR_AND_LIQUIDATION_VALUE (Insolvency and Bankruptcy Board of India (Insolvency Resolution Process for Corporate Persons) Regulations, 2016, Reg 35: fair value and liquidation value; the default) | LIQUIDATION_REALISABLE_VALUE (Insolvency and Bankruptcy Board of India (Liquidation Process) Regulations, 2016, Reg 35: realisable value, the average of two estimates)',
      ),
    status: engagementStatusSchema,
    valuationDate: z.string().describe('YYYY-MM-DD'),
    proposedPricePerShare: z
      .string()
      .nullable()
      .describe(
        "The price per share the client proposes, decimal rupees; the valuation tests it against the statute's rule (`compliance`)",
      ),
    conversionPricePerShare: z
      .string()
      .nullable()
      .optional()
      .describe(
        'FEMA issue of a convertible: the conversion price per equity share fixed upfront, decimal rupees; tested against the fair value at issue',
      ),
    transactionDate: z
      .string()
      .describe(
        'YYYY-MM-DD: the date of the receipt, transfer or issue (the valuation date unless given). For RULE_11UA it decides the Income-tax Act: on or after 1 April 2026 the Income-tax Act, 2025 (Rule 57 of the Income-tax Rules, 2026), before it the Income-tax Act, 1961 (Rule 11UA)',
      ),
    appointingAuthority: z.string().nullable().describe('Who appointed the valuer'),
    appointmentDate: z.string().nullable().describe('YYYY-MM-DD'),
    addressee: z.string().nullable().describe('To whom the report is addressed; the appointing authority when null'),
    companyBackground: z.string().nullable(),
    reportFactsMissing: z
      .array(z.string())
      .describe(
        'The report facts still missing (appointingAuthority, appointmentDate, companyBackground); GATE_3 is refused until none is',
      ),
    signingPlace: z.string().nullable().describe('Where the report was signed, recorded at GATE_3'),
    udin: z
      .string()
      .nullable()
      .describe("The signatory's UDIN, recorded at GATE_3 when the signatory signs as a chartered accountant"),
    issuedCopy: z
      .enum(['SEALED', 'SIGNED_COPY'])
      .nullable()
      .describe(
        'Which copy of the FINAL was issued to the client: the sealed FINAL (the ADMIN issued it as it is) or the copy the partner signed with their DSC; null until then',
      ),
    awaitingPartnerSignature: z
      .boolean()
      .describe(
        "COMPLETED, and the FINAL awaits the partner's signature: no signed copy uploaded and the sealed copy not issued",
      ),
    assumptionsLocked: z.boolean(),
    paymentStatus: z.enum(['UNPAID', 'PAID']),
    failureReason: z.string().nullable().describe('Why the engagement FAILED, when it did'),
    createdBy: z.string(),
    assignedValuer: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .describe(
        'The member whose work the engagement is: they lock the assumptions, and again after a return for revision. null only for an engagement made before assignment, whose creator could not be assigned',
      ),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Engagement' });

export const signatorySchema = z
  .object({
    rule: z.string().describe('The provision that says who may sign'),
    needs: z.string().describe('The registration needed, as a person reads it'),
    acceptable: z
      .array(z.object({ type: z.string(), assetClass: z.string().optional() }))
      .describe('Any one of these registrations qualifies'),
    qualifiedMembers: z
      .array(z.object({ id: z.string(), name: z.string(), role: z.string(), registrations: z.array(z.string()) }))
      .describe('Active members who hold a qualifying registration; GATE_3 is signed by one of them who is an ADMIN'),
  })
  .meta({
    id: 'SignatoryRequirement',
    description:
      'Who may sign this valuation, decided by the methods its conclusion adopts (weight above nil), not by the inputs uploaded',
  });

export const myActionsSchema = z
  .object({
    gate: z.enum(GATES).nullable().describe('The gate the engagement is at, or null'),
    canApprove: z.boolean().describe('The caller may approve the current gate now'),
    canReject: z.boolean().describe('The caller may reject the current gate now (decline, or return for revision)'),
    blockedBecause: z
      .string()
      .nullable()
      .describe(
        'At a gate the caller may not approve: why, as the approval would be refused (e.g. four eyes, naming who did what); null otherwise',
      ),
    blockedCode: z
      .string()
      .nullable()
      .describe(
        'The error code the approval would be refused with (person_required, forbidden, independent_review_required, payment_required); null when it would not',
      ),
    canSignOff: z
      .boolean()
      .describe(
        "At GATE_3: the caller may sign off now (an ADMIN, not the GATE_2 reviewer, the engagement paid). The report facts, `place`, the UDIN and the signatory's registration are checked with the sign-off itself",
      ),
    canUploadSignedCopy: z
      .boolean()
      .describe('COMPLETED: the caller may upload the partner-signed copy of the FINAL (its signatory, or an ADMIN)'),
    canIssueSealedCopy: z
      .boolean()
      .describe("COMPLETED: the caller may issue the sealed FINAL without the partner's DSC (an ADMIN)"),
  })
  .meta({
    id: 'MyActions',
    description:
      'What the caller (a signed-in person, or an API token counted as the member who created it) may do on this engagement now, decided by the same rules that refuse the request',
  });

export const engagementDetailSchema = engagementSchema
  .extend({
    signatory: signatorySchema
      .optional()
      .describe('From GATE_1 on: the signatory requirement and who in the firm meets it'),
    myActions: myActionsSchema,
  })
  .meta({ id: 'EngagementDetail' });

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
    version: z
      .number()
      .int()
      .optional()
      .describe('1 for the first lock; n + 1 after the engagement was returned for revision n times'),
    wacc: z.number().optional().describe('Percent'),
    terminalGrowthRate: z.number().optional().describe('Percent'),
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
    costOfCapital: costOfCapitalBody.optional().describe("The WACC's build-up, as locked"),
    marketApproach: lockBody.shape.marketApproach.describe('The market approach as locked'),
    warnings: z
      .array(z.object({ code: z.string(), message: z.string() }))
      .optional()
      .describe(
        'Lock response only, where the valuation has a DCF: RATES_LOOK_LIKE_FRACTIONS (a WACC below 1 with growth below 1, or a tax rate between 0 and 1: a fraction typed for a percent) and WACC_GROWTH_SPREAD_NARROW (wacc − terminalGrowthRate under 2 percentage points)',
      ),
  })
  .meta({ id: 'Assumptions' });

const lineSchema = z.object({
  label: z.string(),
  value: z.string(),
  kind: z.enum(['AMOUNT', 'PER_SHARE', 'FACTOR', 'PERCENT', 'COUNT', 'MULTIPLE']),
  note: z.string().optional(),
});

const methodSchema = z.object({
  method: z
    .enum(METHOD_CODES)
    .describe(
      'NAV_11UA_2A and NAV_11UA_1CB: Rule 11UA(2)(a) and (1)(c)(b) of the Income-tax Rules, 1962 (transactions before 1 April 2026); NAV_RULE_57: Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026 (from 1 April 2026)',
    ),
  title: z.string(),
  lines: z.array(lineSchema).describe('Every intermediate figure, in order'),
  enterpriseValue: money.optional(),
  equityValue: money,
  valuePerShare: money,
  basicValuePerShare: z
    .string()
    .optional()
    .describe(
      'The value per share before dilution; present only where valuePerShare is fully diluted (CCPS and CCDs converted, in-the-money options and warrants exercised)',
    ),
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
    transactionDate: z
      .string()
      .optional()
      .describe(
        'YYYY-MM-DD: the date of the receipt, transfer or issue the valuation serves (the valuation date unless the engagement gives one)',
      ),
    legalBasis: z
      .object({
        act: z
          .enum(ACTS)
          .describe(
            "INCOME_TAX_ACT_2025 for a Rule 11UA transaction in a tax year beginning on or after 1 April 2026, INCOME_TAX_ACT_1961 before it (s.536 of the 2025 Act); the other statutes' own Acts",
          ),
        provisions: z
          .array(z.string())
          .describe(
            'Sections of the Act, e.g. "s.92(2)(m)(iii)", "s.79"; empty where the rules alone govern (FEMA, IBC)',
          ),
        rules: z
          .array(z.string())
          .describe(
            'Rules or regulations with their instrument, e.g. "Income-tax Rules, 2026, Rule 57 (Table, Sl. No. 4)"',
          ),
      })
      .optional()
      .describe(
        'The Act, sections and rules the valuation is made under, as the report cites them (absent in results computed before it was recorded)',
      ),
    balanceSheetDate: z
      .string()
      .optional()
      .describe(
        'YYYY-MM-DD: the balance sheet the valuation uses; Rule 11U (Rule 56 from 1 April 2026) wants it drawn up on the valuation date',
      ),
    assumptions: z.object({
      wacc: z.string(),
      terminalGrowthRate: z.string(),
      rationale: z.string().optional(),
      costOfCapital: z
        .object({
          riskFreeRate: z.string(),
          equityRiskPremium: z.string(),
          beta: z.string(),
          betaBasis: z.enum(['UNLEVERED', 'LEVERED']),
          debtToEquity: z.string(),
          taxRate: z.string(),
          preTaxCostOfDebt: z.string(),
          sizePremium: z.string(),
          companySpecificPremium: z.string(),
          source: z.string(),
          leveredBeta: z.string(),
          costOfEquity: z.string(),
          costOfDebtAfterTax: z.string(),
          equityWeight: z.string(),
          debtWeight: z.string(),
          wacc: z.string(),
        })
        .optional()
        .describe(
          'The WACC built up (when the lock gave costOfCapital): the inputs as locked and the computed βL, Ke, Kd after tax, E/V, D/V and WACC to 6 places',
        ),
    }),
    conventions: z.object({
      discounting: z.enum(['END_OF_YEAR', 'MID_YEAR']),
      terminalValueDiscounting: z.string(),
      rounding: z.string(),
      statements: z.array(z.string()),
    }),
    methods: z.array(methodSchema),
    conclusion: z.object({
      valuePerShare: money
        .nullable()
        .describe(
          'null when no single value concludes (RULE_11UA without purpose: see byPurpose; IBC: fair and liquidation values)',
        ),
      basis: z.string(),
      weights: z
        .array(
          z.object({
            method: z.string(),
            weightPercent: z.string(),
            valuePerShare: money,
            weightedValuePerShare: money,
          }),
        )
        .optional(),
      weightsSetBy: z
        .enum(['VALUER', 'ENGINE_DEFAULT'])
        .optional()
        .describe('VALUER: locked methodWeights with weightsRationale; ENGINE_DEFAULT: the documented s.62 default'),
      weightsRationale: z.string().optional(),
      valueBeforeDiscount: money.optional().describe('The weighted value per share before any discount'),
      controlDiscount: z
        .object({
          percent: z.string(),
          rationale: z.string(),
          valueBeforeDiscount: money,
          discountPerShare: money,
          valueAfterDiscount: money,
        })
        .optional()
        .describe(
          'Discount for lack of control, applied first: valueAfterDiscount = valueBeforeDiscount × (1 − percent/100); the discount for lack of marketability then applies to its valueAfterDiscount',
        ),
      discount: z
        .object({
          percent: z.string(),
          rationale: z.string(),
          valueBeforeDiscount: money,
          discountPerShare: money,
          valueAfterDiscount: money,
        })
        .optional()
        .describe(
          'Discount for lack of marketability, applied after the discount for lack of control; both are applied method by method before weighting (discountsByMethod), so valueBeforeDiscount and valueAfterDiscount here are the weighted values before and after it',
        ),
      discountsByMethod: z
        .array(
          z.object({
            method: z.string(),
            weightPercent: z.string(),
            basis: z
              .enum(['CONTROL_MARKETABLE', 'MINORITY_MARKETABLE', 'MINORITY_NON_MARKETABLE'])
              .describe(
                "The basis of the method's value: DCF, NAV and comparable transactions are on a control, marketable basis; listed peers' trading multiples minority, marketable; a recent round's price of unlisted shares minority, non-marketable",
              ),
            controlDiscountApplies: z
              .boolean()
              .describe('The discount for lack of control applies only to a value on a control basis'),
            marketabilityDiscountApplies: z
              .boolean()
              .describe('The discount for lack of marketability applies only to a value on a marketable basis'),
            valueBeforeDiscounts: money,
            valueAfterDiscounts: money,
          }),
        )
        .optional()
        .describe(
          'With a discount: for each weighed method, whether each discount applies to it and its value after them; the concluded value is Σ weight × valueAfterDiscounts / 100 (exact)',
        ),
      floorOrCeiling: z.enum(['FLOOR', 'CEILING']).optional(),
      byPurpose: z
        .array(
          z.object({
            purpose: z.string(),
            method: z.string(),
            valuePerShare: money,
            floorOrCeiling: z.enum(['FLOOR', 'CEILING']).optional(),
            basis: z.string(),
          }),
        )
        .optional(),
      fairValue: z
        .object({
          totalValue: money.optional().describe("The assets' total fair value: the headline of an IBC valuation"),
          equityValue: money.describe(
            'What is left for equity after all creditors and then preference capital (s.53), never negative',
          ),
          valuePerShare: money.describe(
            'Kept for clients; not a figure the regulations ask for, and not printed in the report',
          ),
          shortfall: money
            .optional()
            .describe("Creditors' claims the assets do not meet; equity is then 0.00, never negative (s.53 waterfall)"),
        })
        .optional(),
      liquidationValue: z
        .object({
          totalValue: money
            .optional()
            .describe(
              "The assets' total liquidation value (CIRP), or realisable value (LIQUIDATION_REALISABLE_VALUE): the headline",
            ),
          equityValue: money.describe(
            'What is left for equity after liquidation costs, all creditors and then preference capital (s.53), never negative',
          ),
          valuePerShare: money.describe(
            'Kept for clients; not a figure the regulations ask for, and not printed in the report',
          ),
          shortfall: money
            .optional()
            .describe("Creditors' claims the assets do not meet; equity is then 0.00, never negative (s.53 waterfall)"),
        })
        .optional(),
    }),
    compliance: z
      .object({
        proposedPricePerShare: money,
        tests: z.array(
          z.object({
            purpose: z.string().nullable(),
            rule: z.string().describe('The provision the price must meet'),
            test: z.string().describe('The test in words, e.g. "price ≥ fair value"'),
            relation: z.enum(['AT_LEAST', 'AT_MOST']).describe('AT_LEAST: price ≥ line; AT_MOST: price ≤ line'),
            valuePerShare: money,
            linePerShare: money.describe(
              'The line the price is tested against: the value, or FMV × 1.10 for a Rule 11UA issue (safe harbour)',
            ),
            proposedPricePerShare: money,
            passes: z.boolean(),
            margin: money.describe('price − line'),
            marginPercent: z.string().describe('margin / line × 100, 2 decimals'),
            applies: z
              .boolean()
              .describe(
                'false where the provision does not reach the transaction: s.56(2)(viib) reaches only an issue (consideration received) before 1 April 2024, tested on the transaction date, never the valuation date',
              ),
            note: z.string(),
          }),
        ),
      })
      .optional()
      .describe(
        'Present when the engagement has a proposedPricePerShare (or, for a FEMA issue of a convertible, a conversionPricePerShare): the test that applies for each statute and purpose (none for IBC). proposedPricePerShare here is the proposed price, or the conversion price where only that is given',
      ),
    sensitivity: z
      .object({
        waccValues: z.array(z.string()),
        growthValues: z.array(z.string()),
        grid: z
          .array(z.array(money.nullable()))
          .describe('grid[i][j] at waccValues[i], growthValues[j]; null where g ≥ WACC'),
      })
      .optional(),
    warnings: z
      .array(z.object({ code: z.string(), message: z.string() }))
      .describe(
        "Among them VALUATION_DATE_NOT_TRANSACTION_DATE (a Rule 11UA receipt or transfer valued as at a date other than the transaction's, naming the rule) and VALUATION_DATE_STALE (FEMA and s.62: the valuation date more than 90 days before the transaction, a practice)",
      ),
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
    clientRequestId: z
      .string()
      .nullable()
      .optional()
      .describe("The X-Request-Id the caller sent with the request, if any (requestId is always the service's own)"),
    details: z.unknown(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AuditEvent' });

export const assumptionsVersionSchema = z
  .object({
    version: z.number().int(),
    status: z
      .enum(['SUPERSEDED', 'CURRENT'])
      .describe('SUPERSEDED: returned for revision at a gate; CURRENT: the lock in force'),
    wacc: z.number(),
    terminalGrowthRate: z.number(),
    rationale: z.string(),
    midYear: z.boolean(),
    methodWeights: z.record(z.string(), z.number()).optional(),
    weightsRationale: z.string().optional(),
    dlomPercent: z.number().optional(),
    dlomRationale: z.string().optional(),
    dlocPercent: z.number().optional().describe('Discount for lack of control, percent'),
    dlocRationale: z.string().optional(),
    costOfCapital: costOfCapitalBody.optional().describe("The WACC's build-up, as locked in this version"),
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
  })
  .meta({ id: 'AssumptionsVersion' });
