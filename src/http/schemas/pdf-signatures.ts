// Schemas of the PDF signatures: the firm's document-signing certificate, a PDF signature's facts, and a
// partner-signed copy of a FINAL report.
import { z } from 'zod';

export const firmCertificateSchema = z
  .object({
    source: z
      .enum(['ISSUED', 'UPLOADED', 'NONE'])
      .describe(
        "UPLOADED: the firm's own PKCS#12; ISSUED: issued by this service's CA; NONE: not yet " +
          'issued (the first FINAL issues one)',
      ),
    subject: z.string().optional(),
    issuer: z.string().optional(),
    serialNumber: z.string().optional().describe('Hexadecimal'),
    notBefore: z.string().optional(),
    notAfter: z.string().optional(),
    sha256Fingerprint: z.string().optional(),
    uploadedAt: z.string().optional().describe('When it was uploaded or issued'),
    caCertificateUrl: z.string().describe("Where the service's own CA certificate is served (public)"),
  })
  .meta({ id: 'FirmSigningCertificate' });

export const pdfSignatureSchema = z
  .object({
    fieldName: z.string().nullable().describe('The PDF signature field'),
    subject: z.string().describe("The signer certificate's subject"),
    commonName: z.string().nullable(),
    issuer: z.string(),
    serialNumber: z.string(),
    notBefore: z.string(),
    notAfter: z.string(),
    sha256Fingerprint: z.string(),
    signingTime: z
      .string()
      .nullable()
      .describe('The signing time the signature states (CMS signed attribute, else the signature dictionary)'),
    subFilter: z.string().nullable().describe('adbe.pkcs7.detached or ETSI.CAdES.detached'),
    byteRange: z.array(z.number().int()),
    valid: z
      .boolean()
      .describe('The CMS verifies over its byte range (the trust in its certificate is stated by `trust`)'),
    trust: z
      .enum(['SERVICE_CA', 'CONFIGURED_ROOT', 'EXTERNAL_UNVERIFIED'])
      .optional()
      .describe(
        'SERVICE_CA: a certificate this service issued; CONFIGURED_ROOT: chains to a root in ' +
          'PDF_TRUST_ROOTS; EXTERNAL_UNVERIFIED: from an authority this service was not told to trust',
      ),
    role: z
      .enum(['SEAL', 'ADDED'])
      .optional()
      .describe("SEAL: the firm's seal applied by the service; ADDED: added afterwards (the partner's DSC)"),
  })
  .meta({ id: 'PdfSignature' });

export const signedCopySchema = z
  .object({
    id: z.string(),
    engagementId: z.string(),
    reportId: z.string().describe('The FINAL report this is a signed copy of'),
    sha256: z.string(),
    sizeBytes: z.number().int(),
    signatures: z.array(pdfSignatureSchema).describe('The signatures added to the FINAL, in the order they were added'),
    warnings: z.array(z.string()).describe("For people: e.g. a signer whose name does not match the signatory's"),
    uploadedBy: z.string(),
    uploadedAt: z.string(),
    downloadUrl: z.string(),
  })
  .meta({ id: 'SignedCopy' });
