import { z } from 'zod';
import { GATES } from '../../contract/stages.js';
import { ENGAGEMENT_ACTION_NAMES } from '../../contract/engagement-actions.js';
import { isoDateTime } from './common.js';
import { engagementStatusSchema, statuteSchema } from './vocabulary.js';
import { documentObject } from './document.js';
import { assumptionsObject, assumptionsVersionObject } from './assumptions.js';
import { valuationObject } from './valuation.js';
import { issueFactsBody, shareholdingRowBody, transferFactsBody } from '../../contract/transaction-facts.js';
import { appointingOfficerBody, valuerSetBody } from '../../contract/ibc-valuer-set.js';
import { insolvencyFactsBody } from '../../contract/ibc-insolvency-facts.js';
export { lockAssumptionsBody } from '../../contract/lock-forms.js';
export { createEngagementBody, patchEngagementBody } from '../../contract/engagement-bodies.js';

export { statuteSchema, engagementStatusSchema } from './vocabulary.js';

/** A holder's shares before and after the transaction, with the percentages the service works out. */
const shareholdingRowObject = shareholdingRowBody.extend({
  percentBefore: z.string().describe("Percentage of all the shares before the transaction, 2 decimals, e.g. '12.50'"),
  percentAfter: z.string().describe("Percentage of all the shares after the transaction, 2 decimals, e.g. '10.00'"),
});
const transactionObject = z
  .discriminatedUnion('kind', [
    transferFactsBody.extend({ shareholding: z.array(shareholdingRowObject) }),
    issueFactsBody.extend({ shareholding: z.array(shareholdingRowObject) }),
  ])
  .nullable()
  .describe(
    'The transaction the report prices, as recorded (null until it is): the transfer and its parties or the ' +
      'issue and its allottees, and the shareholding before and after with its percentages',
  );

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
        'RULE_11UA: ISSUE_OF_SHARES | TRANSFER_OR_RECEIPT; FEMA_RBI: ISSUE_TO_NON_RESIDENT | ' +
          'TRANSFER_RESIDENT_TO_NON_RESIDENT | TRANSFER_NON_RESIDENT_TO_RESIDENT; IBC_LIQUIDATION: ' +
          'CIRP_FAIR_AND_LIQUIDATION_VALUE (Insolvency and Bankruptcy Board of India (Insolvency ' +
          'Resolution Process for Corporate Persons) Regulations, 2016, Reg 35: fair value and ' +
          'liquidation value; the default) | LIQUIDATION_REALISABLE_VALUE (Insolvency and Bankruptcy ' +
          'Board of India (Liquidation Process) Regulations, 2016, Reg 35: realisable value, the ' +
          'average of two estimates)',
      ),
    status: engagementStatusSchema,
    valuationDate: z.string().describe('YYYY-MM-DD'),
    proposedPricePerShare: z
      .string()
      .nullable()
      .describe(
        'The price per share the client proposes, decimal rupees; the valuation tests it against ' +
          "the statute's rule (`compliance`)",
      ),
    conversionPricePerShare: z
      .string()
      .nullable()
      .optional()
      .describe(
        'FEMA issue of a convertible: the conversion price per equity share fixed upfront, decimal ' +
          'rupees; tested against the fair value at issue',
      ),
    transactionDate: z
      .string()
      .describe(
        'YYYY-MM-DD: the date of the receipt, transfer or issue (the valuation date unless given). ' +
          'For RULE_11UA it decides the Income-tax Act: on or after 1 April 2026 the Income-tax Act, ' +
          '2025 (Rule 57 of the Income-tax Rules, 2026), before it the Income-tax Act, 1961 (Rule ' +
          '11UA)',
      ),
    appointingAuthority: z.string().nullable().describe('Who appointed the valuer'),
    appointmentDate: z.string().nullable().describe('YYYY-MM-DD'),
    addressee: z.string().nullable().describe('To whom the report is addressed; the appointing authority when null'),
    companyBackground: z.string().nullable(),
    issueAlreadyMade: z
      .object({ reason: z.string() })
      .nullable()
      .describe(
        'FEMA issue: the issue has already been made, and why the certificate follows it (printed in the report); ' +
          'null when the certificate precedes the issue',
      ),
    valuationDateReason: z
      .string()
      .nullable()
      .describe(
        "Why the valuation is as at its date, printed in the report's scope; needed at sign-off when the report is dated more than 90 days after the valuation date",
      ),
    transaction: transactionObject,
    appointmentBasis: z
      .string()
      .nullable()
      .describe('Under which provision and by whom the valuer was appointed, e.g. s.247(1): the audit committee'),
    engagementLetterDate: z.string().nullable().describe('YYYY-MM-DD: the date of the engagement letter'),
    valuerSet: valuerSetBody
      .nullable()
      .describe(
        'IBC: the set of valuers whose work the engagement is, one member per asset class, the coordinating ' +
          'valuer and each class’s physical verification; null when none is recorded',
      ),
    appointingOfficer: appointingOfficerBody
      .nullable()
      .describe(
        'IBC: the resolution professional or liquidator who appointed the set, as facts; null when not recorded',
      ),
    freshValuationReason: z
      .string()
      .nullable()
      .describe('Liquidation: why a fresh valuation is made rather than the average of the CIRP estimates'),
    insolvencyFacts: insolvencyFactsBody
      .nullable()
      .describe(
        'IBC: the NCLT bench, petition, admission order, applicant, interim resolution professional, committee of ' +
          'creditors and methodology meeting the report states; null when not recorded',
      ),
    appointmentWarnings: z
      .array(z.object({ code: z.literal('VALUER_APPOINTMENT_LATE'), message: z.string() }))
      .describe(
        "IBC: the valuer's appointment later than the regulation's days (CIRP Reg 27(1): within seven days of the " +
          "resolution professional's appointment and by the 47th day from the commencement date; Liquidation Reg " +
          '35(2): within seven days of the liquidation commencement date), each naming the regulation; empty otherwise',
      ),
    reportFactsMissing: z
      .array(z.string())
      .describe(
        'The report facts still missing (appointingAuthority, appointmentDate, companyBackground); ' +
          'GATE_3 is refused until none is',
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
        'Which copy of the FINAL was issued to the client: the sealed FINAL (the ADMIN issued it as ' +
          'it is) or the copy the partner signed with their DSC; null until then',
      ),
    awaitingPartnerSignature: z
      .boolean()
      .describe(
        "COMPLETED, and the FINAL awaits the partner's signature: no signed copy uploaded and the " +
          'sealed copy not issued',
      ),
    assumptionsLocked: z.boolean(),
    paymentStatus: z.enum(['UNPAID', 'PAID']),
    failureReason: z.string().nullable().describe('Why the engagement FAILED, when it did'),
    createdBy: z.string(),
    assignedValuer: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .describe(
        'The member whose work the engagement is: they lock the assumptions, and again after a ' +
          'return for revision. null only for an engagement made before assignment, whose creator ' +
          'could not be assigned',
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
    classes: z
      .array(
        z.object({
          assetClass: z.enum(['LAND_AND_BUILDING', 'PLANT_AND_MACHINERY', 'SECURITIES_OR_FINANCIAL_ASSETS']),
          name: z.string().describe('The IBBI registration class, as a person reads it'),
          qualifiedMembers: z
            .array(z.object({ id: z.string(), name: z.string(), registration: z.string() }))
            .describe('Active members registered with IBBI for this class: who may sign its estimate'),
        }),
      )
      .optional()
      .describe(
        'IBC only: each registration class the asset estimates cover, with the members who may sign it; ' +
          "GATE_3's `classSignatories` names one per class",
      ),
  })
  .meta({
    id: 'SignatoryRequirement',
    description:
      'Who may sign this valuation, decided by the methods its conclusion adopts (weight above ' +
      'nil), not by the inputs uploaded',
  });

const actionAnswerSchema = z
  .object({
    allowed: z.boolean(),
    blockedCode: z.string().nullable().describe('The error code the request would be refused with; null when allowed'),
    blockedBecause: z.string().nullable().describe('Why, as a sentence; null when allowed'),
  })
  .meta({ id: 'ActionAnswer' });
type ActionShape = Record<(typeof ENGAGEMENT_ACTION_NAMES)[number], typeof actionAnswerSchema>;

export const myActionsSchema = z
  .object({
    gate: z.enum(GATES).nullable().describe('The gate the engagement is at, or null'),
    canApprove: z.boolean().describe('The caller may approve the current gate now'),
    canReject: z.boolean().describe('The caller may reject the current gate now (decline, or return for revision)'),
    blockedBecause: z
      .string()
      .nullable()
      .describe(
        'At a gate the caller may not approve: why, as the approval would be refused (e.g. four ' +
          'eyes, naming who did what); null otherwise',
      ),
    blockedCode: z
      .string()
      .nullable()
      .describe(
        'The error code the approval would be refused with (person_required, forbidden, ' +
          'independent_review_required, payment_required); null when it would not',
      ),
    canSignOff: z
      .boolean()
      .describe(
        'At GATE_3: the caller may sign off now (an ADMIN, not the GATE_2 reviewer, the engagement ' +
          "paid). The report facts, `place`, the UDIN and the signatory's registration are checked " +
          'with the sign-off itself',
      ),
    canUploadSignedCopy: z
      .boolean()
      .describe('COMPLETED: the caller may upload the partner-signed copy of the FINAL (its signatory, or an ADMIN)'),
    canIssueSealedCopy: z
      .boolean()
      .describe("COMPLETED: the caller may issue the sealed FINAL without the partner's DSC (an ADMIN)"),
    actions: z
      .object(Object.fromEntries(ENGAGEMENT_ACTION_NAMES.map((name) => [name, actionAnswerSchema])) as ActionShape)
      .describe(
        'Every action on the engagement, each allowed or refused with the code and the sentence the request ' +
          'itself would be refused with: approve, reject, signOff, uploadSignedCopy, issueSealedCopy, ' +
          'editDetails (the facts the valuation rests on), editReportFacts, uploadFinancials, uploadEvidence, ' +
          'lockAssumptions, pay, reassign. An API token is told no for reassign (PATCH decides with its creator)',
      ),
  })
  .meta({
    id: 'MyActions',
    description:
      'What the caller (a signed-in person, or an API token counted as the member who created it) ' +
      'may do on this engagement now, decided by the same rules that refuse the request',
  });

export const engagementDetailSchema = engagementSchema
  .extend({
    signatory: signatorySchema
      .optional()
      .describe('From GATE_1 on: the signatory requirement and who in the firm meets it'),
    myActions: myActionsSchema,
  })
  .meta({ id: 'EngagementDetail' });

// The shapes of these responses are in their own modules; each is named here, in the order the OpenAPI document lists them.
export const documentSchema = documentObject.meta({ id: 'Document' });
export const assumptionsSchema = assumptionsObject.meta({ id: 'Assumptions' });
export const valuationSchema = valuationObject.meta({ id: 'Valuation' });

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

export const assumptionsVersionSchema = assumptionsVersionObject.meta({ id: 'AssumptionsVersion' });
