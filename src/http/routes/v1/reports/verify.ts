import { z } from 'zod';
import { verifyReport } from '../../../../features/reports/report-verification.service.js';
import { enforceAddressLimit } from '../../../../features/platform/rate-limits.service.js';
import { pdfSignatureSchema } from '../../../schemas/pdf-signatures.js';
import { defineRoute } from '../../define-route.js';

export const verificationSchema = z
  .object({
    valid: z.boolean(),
    sha256: z.string(),
    reason: z.string().optional(),
    reportId: z.string().optional(),
    engagementId: z.string().optional(),
    targetEntity: z.string().optional(),
    statute: z.string().optional(),
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
