import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { verifyReport } from '../../../../services/reports.js';
import { enforceAddressLimit } from '../../../../services/rate-limits.js';

const verificationSchema = z
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
    designation: z.string().optional().describe('The signatory\'s designation'),
    registration: z.string().optional().describe('The signatory\'s registration(s) that qualify them for the statute, e.g. "IBBI/RV/03/2019/12345 (IBBI registered valuer, …)"'),
    firmRegistration: z.string().optional().describe('The firm\'s IBBI registered-valuer-entity number'),
    place: z.string().optional().describe('Where the report was signed'),
    udin: z.string().optional().describe('The chartered-accountant signatory\'s UDIN'),
    signedPayload: z.string().optional().describe('The exact canonical certificate that was signed: verify the signature over its UTF-8 bytes'),
    certificate: z.record(z.string(), z.string()).optional().describe('signedPayload parsed: the certificate fields, in canonical (sorted) key order'),
    canonicalization: z.string().optional().describe('The rule that produced signedPayload from the certificate fields'),
    signatureAlgorithm: z.literal('Ed25519').optional().describe('The signature algorithm'),
    signature: z.string().optional().describe('Base64 Ed25519 signature over the UTF-8 bytes of signedPayload'),
    keyId: z.string().optional(),
  })
  .meta({ id: 'ReportVerification' });

export default function route(app: AppInstance) {
  app.get(
    '/verify/:sha256',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['reports'],
        operationId: 'verifyReport',
        summary: 'Verify a report from the SHA-256 of its PDF (public, rate-limited)',
        description: 'valid:true only for a FINAL report this service signed; a DRAFT or unknown hash answers valid:false with a reason.',
        params: z.object({ sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be a SHA-256: 64 hexadecimal characters').describe('SHA-256 of the PDF file, hex') }),
        response: { 200: verificationSchema, ...problemResponses(400, 429) },
      },
    },
    async (request) => {
      await enforceAddressLimit(app.services, 'verify', request.ip);
      return verifyReport(app.services, request.params.sha256.toLowerCase());
    },
  );
}
