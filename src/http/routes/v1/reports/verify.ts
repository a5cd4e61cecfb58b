import { z } from 'zod';
import { verifyReport } from '../../../../features/reports/report-verification.service.js';
import { enforceAddressLimit } from '../../../../features/platform/rate-limits.service.js';
import { pdfSignatureSchema } from '../../../schemas/pdf-signatures.js';
import { defineRoute } from '../../define-route.js';

const money = (what: string) => z.string().nullable().describe(`${what}: rupees as a decimal string to the paisa`);

/** The report's conclusion, as its cover and executive summary state it (docs/reports.md). */
export const concludedValueSchema = z
  .object({
    valuationDate: z.string().describe('The valuation date, YYYY-MM-DD'),
    valuePerShare: money('The concluded value per equity share, after any discount; null for IBC'),
    shares: z
      .string()
      .nullable()
      .describe('The number of equity shares the value per share applies to (shareBasis says which count)'),
    shareBasis: z
      .enum(['BASIC', 'FULLY_DILUTED'])
      .nullable()
      .describe('BASIC: the shares outstanding; FULLY_DILUTED: with conversions and in-the-money options'),
    totalValue: money('valuePerShare × shares: the value of the equity shares in total'),
    values: z
      .array(z.object({ label: z.string(), totalValue: z.string() }))
      .describe('IBC: the value of the assets in total for each basis (fair, liquidation or realisable value)'),
    basisOfValue: z.string().describe('The basis of value, e.g. fair value (ICAI VS 102) or fair market value'),
    premiseOfValue: z.string().describe('Going concern or liquidation'),
    levelOfValue: z
      .string()
      .nullable()
      .describe('Control or minority, marketable or not, of the concluded value; null for IBC (assets)'),
  })
  .meta({ id: 'ConcludedValue' });

export const verificationSchema = z
  .object({
    valid: z.boolean(),
    sha256: z.string(),
    reason: z.string().optional(),
    reportId: z.string().optional(),
    engagementId: z.string().optional(),
    targetEntity: z.string().optional(),
    statute: z.string().optional(),
    conclusion: concludedValueSchema
      .optional()
      .describe(
        "For a valid report: the value it concludes and its basis, as the report's cover states them. Not given for an " +
          'IBC valuation: its fair and liquidation values are confidential (CIRP Reg 35(2)), so verification confirms the ' +
          'file and its signatures only',
      ),
    firm: z.string().optional(),
    kind: z.literal('FINAL').optional(),
    signedBy: z.string().optional(),
    signedAt: z.string().optional(),
    designation: z.string().optional().describe("The signatory's designation"),
    registration: z
      .string()
      .optional()
      .describe(
        "The signatory's registration(s) that qualify them for the statute, e.g. " +
          '"IBBI/RV/03/2019/12345 (IBBI registered valuer, …)"',
      ),
    firmRegistration: z.string().optional().describe("The firm's IBBI registered-valuer-entity number"),
    place: z.string().optional().describe('Where the report was signed'),
    udin: z.string().optional().describe("The chartered-accountant signatory's UDIN"),
    signedPayload: z
      .string()
      .optional()
      .describe('The exact canonical certificate that was signed: verify the signature over its UTF-8 bytes'),
    certificate: z
      .record(z.string(), z.string())
      .optional()
      .describe('signedPayload parsed: the certificate fields, in canonical (sorted) key order'),
    canonicalization: z
      .string()
      .optional()
      .describe('The rule that produced signedPayload from the certificate fields'),
    signatureAlgorithm: z.literal('Ed25519').optional().describe('The signature algorithm'),
    signature: z.string().optional().describe('Base64 Ed25519 signature over the UTF-8 bytes of signedPayload'),
    keyId: z.string().optional(),
    copy: z
      .enum(['SEALED', 'SIGNED_COPY'])
      .optional()
      .describe(
        'SEALED: the FINAL as the service sealed it; SIGNED_COPY: a copy the partner signed ' +
          'afterwards (their DSC appended), accepted by the service',
      ),
    originalSha256: z.string().optional().describe('For a signed copy: the SHA-256 of the sealed FINAL it begins with'),
    signedCopyId: z.string().optional(),
    signedCopyUploadedAt: z.string().optional(),
    pdfSignatures: z
      .array(pdfSignatureSchema)
      .optional()
      .describe(
        "The file's PDF signatures in the order they were made: the firm's seal, then those added to a signed copy",
      ),
    brokenSignatures: z
      .array(z.string())
      .optional()
      .describe('From verify-file: the signatures (signer and field) that a change to the file breaks'),
    caCertificateUrl: z
      .string()
      .optional()
      .describe(
        "The certificate of the service's own CA, which issues firms without their own certificate " +
          'the one their reports are sealed with',
      ),
  })
  .meta({ id: 'ReportVerification' });

export default defineRoute((app) => {
  app.get(
    '/verify/:sha256',
    {
      config: { errorCodes: ['rate_limited'], auth: 'public' },
      schema: {
        tags: ['reports'],
        operationId: 'verifyReport',
        summary: 'Verify a report from the SHA-256 of its PDF (public, rate-limited)',
        description:
          'valid:true for a FINAL report this service signed and sealed (copy SEALED), or a copy of ' +
          'one the partner signed with their own DSC and the service accepted (copy SIGNED_COPY, ' +
          'linked to the original by originalSha256); a DRAFT or unknown hash (a file changed after ' +
          'its signatures) answers valid:false with a reason. pdfSignatures lists the PDF signatures ' +
          'with the trust in each certificate.',
        params: z.object({
          sha256: z
            .string()
            .regex(/^[0-9a-fA-F]{64}$/, 'must be a SHA-256: 64 hexadecimal characters')
            .describe('SHA-256 of the PDF file, hex'),
        }),
        response: { 200: verificationSchema },
      },
    },
    async (request) => {
      await enforceAddressLimit(app.services, 'verify', request.ip);
      return verifyReport(app.services, request.params.sha256.toLowerCase());
    },
  );
});
