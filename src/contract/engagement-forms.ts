// Engagement request bodies, shared by the API (request validation, OpenAPI) and the console's forms,
// so a person sees the server's rule before submitting.
import { z } from 'zod';
import { PURPOSES, PURPOSES_BY_STATUTE, STATUTES } from './vocabulary.js';
import { isValidCin, normaliseCin } from './cin.js';
import { ibcAppointingAuthorityProblem } from './ibc-appointment.js';

const statuteSchema = z.enum(STATUTES);

const proposedPrice = z
  .union([
    z.string().regex(/^\d+(\.\d{1,2})?$/, 'must be decimal rupees with at most 2 decimals, e.g. "245.50"'),
    z.number().positive(),
  ])
  .describe(
    'The price per share the client proposes, in rupees (a decimal string such as "245.50", or ' +
      "a number); tested against the statute's rule in the valuation's `compliance`",
  );

/** FEMA, an issue of a convertible (CCPS, CCD): the conversion price per equity share fixed upfront. */
const conversionPrice = proposedPrice.describe(
  'FEMA_RBI ISSUE_TO_NON_RESIDENT of a convertible (CCPS or CCD): the conversion price per ' +
    'equity share fixed upfront, rupees, e.g. "250.00". The compliance then also tests it ' +
    'against the fair value at issue (NDI Rule 21: not below it)',
);

/** The report's facts (Rule 8 of the Companies (Registered Valuers and Valuation) Rules, 2017), editable until sign-off. */
const reportFacts = {
  appointingAuthority: z
    .string()
    .trim()
    .min(2, 'Name who appointed the valuer, e.g. "Board of Directors of Acme Industries Private Limited"')
    .max(300)
    .describe('Who appointed the valuer, e.g. "Board of Directors of Acme Industries Private Limited"'),
  appointmentDate: z.iso
    .date('Enter the date of appointment as YYYY-MM-DD')
    .describe('YYYY-MM-DD, the date of the appointment; not later than today in India'),
  addressee: z
    .string()
    .trim()
    .min(2, 'Name to whom the report is addressed')
    .max(300)
    .describe('To whom the report is addressed; the appointing authority when not given'),
  companyBackground: z
    .string()
    .trim()
    .min(50, 'Write at least 50 characters about the company: its business, history and industry')
    .max(10_000)
    .describe("The company's business, history and industry, printed in the report (50–10,000 characters)"),
  valuationDateReason: z
    .string()
    .trim()
    .min(20, 'Say why the valuation is as at this date, e.g. the date of the latest audited balance sheet')
    .max(2000)
    .describe(
      "Why the valuation is as at its date, printed in the report's scope (docs/reports.md, Dates); required at " +
        'sign-off (400 naming /valuationDateReason) when the report is dated more than 90 days after the valuation date',
    ),
};
/** A member of the firm, by id. */
const memberId = z.string().min(1).max(100);

const transactionDate = z.iso
  .date('Enter the transaction date as YYYY-MM-DD')
  .describe(
    'YYYY-MM-DD: the date of the receipt, transfer or issue. Decides the law in force for ' +
      'RULE_11UA; defaults to the valuation date',
  );

/**
 * The fields of a new engagement as the console's create form takes them. The API's body adds the transaction facts
 * (src/contract/engagement-bodies.ts), kept apart so the first page the console loads does not carry them.
 */
export const createEngagementFields = {
  targetEntity: z.string().trim().min(2).max(200),
  statute: statuteSchema,
  cin: z
    .string()
    .trim()
    .max(21, 'must be a 21-character CIN')
    .optional()
    .describe('Corporate Identity Number (21 characters), stored upper-case'),
  purpose: z
    .enum(PURPOSES)
    .optional()
    .describe(
      'Needed to conclude RULE_11UA and FEMA_RBI valuations; without it every variant is shown. ' +
        'IBC_LIQUIDATION: CIRP_FAIR_AND_LIQUIDATION_VALUE (CIRP Regulations, Reg 35; the default) ' +
        'or LIQUIDATION_REALISABLE_VALUE (Liquidation Process Regulations, Reg 35)',
    ),
  valuationDate: z.iso
    .date()
    .optional()
    .describe('YYYY-MM-DD. Defaults to today in India (IST); may not be later than today in India'),
  proposedPricePerShare: proposedPrice.optional(),
  conversionPricePerShare: conversionPrice.optional(),
  transactionDate: transactionDate.optional(),
  appointingAuthority: reportFacts.appointingAuthority.optional(),
  appointmentDate: reportFacts.appointmentDate.optional(),
  addressee: reportFacts.addressee.optional(),
  companyBackground: reportFacts.companyBackground.optional(),
  valuationDateReason: reportFacts.valuationDateReason.optional(),
  assignedValuerId: memberId
    .optional()
    .describe(
      'The member whose work the engagement is: an active VALUER or ADMIN of the firm. Defaults ' +
        "to the creator (a token's creator) when a VALUER or ADMIN",
    ),
};

type CreateFields = z.output<z.ZodObject<typeof createEngagementFields>>;

/** The rules across the create body's fields: the CIN, the IBC appointing authority, the purpose for the statute. */
export function refineCreateEngagement(body: CreateFields, ctx: z.RefinementCtx<CreateFields>) {
  if (body.cin !== undefined && !isValidCin(normaliseCin(body.cin), new Date().getUTCFullYear())) {
    ctx.addIssue({
      code: 'custom',
      path: ['cin'],
      message: 'must be a 21-character CIN such as U72200KA2015PTC081234',
    });
  }
  if (body.statute === 'IBC_LIQUIDATION' && body.appointingAuthority !== undefined) {
    const problem = ibcAppointingAuthorityProblem(body.purpose, body.appointingAuthority);
    if (problem) ctx.addIssue({ code: 'custom', path: ['appointingAuthority'], message: problem });
  }
  const allowed = PURPOSES_BY_STATUTE[body.statute] as readonly string[];
  if (body.purpose !== undefined && !allowed.includes(body.purpose)) {
    ctx.addIssue({
      code: 'custom',
      path: ['purpose'],
      message: allowed.length
        ? `must be one of ${allowed.join(', ')} for ${body.statute}`
        : `${body.statute} takes no purpose`,
    });
  }
}

/** The console's create form: the create body without the transaction facts, which are asked for on the engagement. */
export const createEngagementForm = z.object(createEngagementFields).strict().superRefine(refineCreateEngagement);

/** A report fact in a PATCH: null clears it, and it is editable until GATE_3 is approved. */
export const untilSignedOff = <T extends z.ZodType>(fact: T) =>
  fact.nullable().optional().describe('null clears it; editable until GATE_3 is approved');

/** The PATCH body's fields; the API's body adds the transaction facts (src/contract/engagement-bodies.ts). */
export const patchEngagementFields = {
  targetEntity: z.string().trim().min(2).max(200).optional(),
  cin: z.string().trim().max(21, 'must be a 21-character CIN').nullable().optional().describe('null clears it'),
  purpose: z.enum(PURPOSES).nullable().optional().describe('null clears it'),
  valuationDate: z.iso.date().optional().describe('YYYY-MM-DD, not later than today in India'),
  proposedPricePerShare: proposedPrice.nullable().optional().describe('null clears it'),
  conversionPricePerShare: conversionPrice.nullable().optional().describe('null clears it'),
  transactionDate: transactionDate.nullable().optional().describe('YYYY-MM-DD; null makes it the valuation date again'),
  appointingAuthority: untilSignedOff(reportFacts.appointingAuthority),
  appointmentDate: untilSignedOff(reportFacts.appointmentDate),
  addressee: untilSignedOff(reportFacts.addressee),
  companyBackground: untilSignedOff(reportFacts.companyBackground),
  valuationDateReason: untilSignedOff(reportFacts.valuationDateReason),
  issueAlreadyMade: untilSignedOff(
    z
      .object({
        reason: z
          .string()
          .trim()
          .min(20, 'Say why the certificate follows the issue, e.g. late reporting to the RBI or compounding')
          .max(2000),
      })
      .strict(),
  ).describe(
    'FEMA_RBI ISSUE_TO_NON_RESIDENT only: the issue has already been made, and why the certificate ' +
      'follows it (late reporting, compounding); printed in the report. Without it a sign-off after ' +
      'the proposed issue date (transactionDate) is 409 certificate_after_issue. null clears it; ' +
      'editable until GATE_3 is approved',
  ),
  assignedValuerId: memberId
    .optional()
    .describe(
      'Assign the engagement to another active VALUER or ADMIN of the firm, in any status; only ' +
        'an ADMIN or the current assignee may (403 otherwise)',
    ),
};

/** The report facts GATE_3 needs (the addressee defaults to the appointing authority). */
export const REQUIRED_REPORT_FACTS = ['appointingAuthority', 'appointmentDate', 'companyBackground'] as const;
