import { z } from 'zod';
import { binaryFile, skipBodyValidation } from '../../../../single-file-upload.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { withIdempotency } from '../../../../idempotency.js';
import { documentSchema } from '../../../../schemas/engagement.js';
import { AppError, validationFailed } from '../../../../../lib/errors.js';
import { uploadDocument } from '../../../../../features/engagements/documents.service.js';
import { defineRoute } from '../../../define-route.js';
import {
  DOCUMENT_KINDS,
  EVIDENCE_FIELDS,
  EVIDENCE_TEXT_MAX,
  type DocumentKind,
  type EvidenceField,
} from '../../../../../contract/document-kinds.js';

const uploadForm = z
  .object({
    file: binaryFile(
      'FINANCIALS: JSON, CSV or XLSX in the template layout; EVIDENCE and SUPPORTING: PDF, XLSX, CSV, JSON, ' +
        'DOCX, PNG or JPEG. At most 25 MiB; type judged by content',
    ),
    kind: z
      .enum(DOCUMENT_KINDS)
      .describe(
        'FINANCIALS are parsed into the canonical financials; EVIDENCE is a document the valuation relies on ' +
          '(audited statements, board-approved projections, peer and deal data, a stamp-duty valuation, a term ' +
          'sheet, a share purchase agreement), listed in the report with its title, date, provider and SHA-256; ' +
          'SUPPORTING (kept for earlier callers) is stored and hashed without a description',
      ),
    title: z
      .string()
      .max(EVIDENCE_TEXT_MAX)
      .optional()
      .describe('EVIDENCE only, required: what the document is, e.g. "Audited financial statements, FY 2025-26"'),
    documentDate: z
      .string()
      .optional()
      .describe("EVIDENCE only, required: YYYY-MM-DD, the document's own date, not after today"),
    providedBy: z
      .string()
      .max(EVIDENCE_TEXT_MAX)
      .optional()
      .describe('EVIDENCE only, required: who provided it, e.g. "The management of the company"'),
  })
  .meta({ id: 'DocumentUpload' });

export default defineRoute((app) => {
  app.post(
    '',
    {
      config: {
        errorCodes: ['not_found', 'invalid_transition', 'idempotency_conflict', 'idempotency_in_progress'],
        auth: { role: 'VALUER' },
      },
      validatorCompiler: skipBodyValidation as never,
      schema: {
        tags: ['documents'],
        operationId: 'uploadDocument',
        summary:
          'Upload a document (multipart/form-data: file, kind; for EVIDENCE also title, documentDate, providedBy)',
        description:
          'FINANCIALS (JSON, CSV or XLSX in the template layout; see /api/v1/templates/financials.*) ' +
          'move the engagement to DATA_INGESTING and are parsed by a job: then DATA_READY, or back ' +
          'with the document REJECTED and its errors. ' +
          'Uploads are refused with 409 once computation has started, and while another FINANCIALS ' +
          'file is being ingested. 413 above 25 MiB; 415 for other types. Honours Idempotency-Key.',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string() }),
        body: uploadForm,
        response: { 201: documentSchema },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send multipart/form-data with fields file and kind');
      let kind: string | undefined;
      let file: { fileName: string; data: Buffer } | undefined;
      const evidence: Partial<Record<EvidenceField, string>> = {};
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file)
            throw validationFailed([{ path: `/${part.fieldname}`, message: 'exactly one file, in the field "file"' }]);
          file = { fileName: part.filename || 'upload', data: await part.toBuffer() };
        } else if (part.fieldname === 'kind') {
          kind = String(part.value);
        } else if ((EVIDENCE_FIELDS as readonly string[]).includes(part.fieldname)) {
          evidence[part.fieldname as EvidenceField] = String(part.value);
        } else {
          throw validationFailed([{ path: `/${part.fieldname}`, message: 'unknown field' }]);
        }
      }
      const errors = [];
      if (!file) errors.push({ path: '/file', message: 'is required' });
      if (!(DOCUMENT_KINDS as readonly (string | undefined)[]).includes(kind))
        errors.push({ path: '/kind', message: `must be one of ${DOCUMENT_KINDS.join(', ')}` });
      if (errors.length) throw validationFailed(errors);
      const input = { kind: kind as DocumentKind, fileName: file!.fileName, data: file!.data, evidence };
      const fingerprint = [input.kind, input.fileName, input.data, ...EVIDENCE_FIELDS.map((f) => evidence[f] ?? '')];
      return withIdempotency(app.services, request, reply, fingerprint, 201, (record) =>
        uploadDocument(app.services, principal, request.params.id, input, request.ref, record),
      );
    },
  );
});
