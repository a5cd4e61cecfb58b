import { z } from 'zod';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { problemResponses } from '../../../../problem.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { withIdempotency } from '../../../../idempotency.js';
import { documentSchema } from '../../../../schemas/engagement.js';
import { AppError, validationFailed } from '../../../../../lib/errors.js';
import { uploadDocument } from '../../../../../services/documents.js';
import { defineRoute } from '../../../define-route.js';

const uploadForm = z
  .object({
    file: z
      .string()
      .meta({ format: 'binary' })
      .describe('CSV, XLSX, JSON or PDF; at most 25 MiB; type judged by content'),
    kind: z
      .enum(['FINANCIALS', 'SUPPORTING'])
      .describe('FINANCIALS are parsed into the canonical financials; SUPPORTING are stored and hashed'),
  })
  .meta({ id: 'DocumentUpload' });

// The multipart body is read in the handler (streamed, size-limited); the schema above is for the docs only.
const skipBodyValidation: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);

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
        summary: 'Upload a document (multipart/form-data: file, kind)',
        description:
          'FINANCIALS (JSON, CSV or XLSX in the template layout; see /api/v1/templates/financials.*) ' +
          'move the engagement to DATA_INGESTING and are parsed by a job: then DATA_READY, or back ' +
          'with the document REJECTED and its errors. ' +
          'Uploads are refused with 409 once computation has started, and while another FINANCIALS ' +
          'file is being ingested. 413 above 25 MiB; 415 for other types. Honours Idempotency-Key.',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string() }),
        body: uploadForm,
        response: { 201: documentSchema, ...problemResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send multipart/form-data with fields file and kind');
      let kind: string | undefined;
      let file: { fileName: string; data: Buffer } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file)
            throw validationFailed([{ path: `/${part.fieldname}`, message: 'exactly one file, in the field "file"' }]);
          file = { fileName: part.filename || 'upload', data: await part.toBuffer() };
        } else if (part.fieldname === 'kind') {
          kind = String(part.value);
        } else {
          throw validationFailed([{ path: `/${part.fieldname}`, message: 'unknown field' }]);
        }
      }
      const errors = [];
      if (!file) errors.push({ path: '/file', message: 'is required' });
      if (kind !== 'FINANCIALS' && kind !== 'SUPPORTING')
        errors.push({ path: '/kind', message: 'must be FINANCIALS or SUPPORTING' });
      if (errors.length) throw validationFailed(errors);
      const input = { kind: kind as 'FINANCIALS' | 'SUPPORTING', fileName: file!.fileName, data: file!.data };
      return withIdempotency(app.services, request, reply, [input.kind, input.fileName, input.data], 201, (record) =>
        uploadDocument(app.services, principal, request.params.id, input, request.ref, record),
      );
    },
  );
});
