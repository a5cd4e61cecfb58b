import { z } from 'zod';
import { binaryFile, readSingleFile, skipBodyValidation } from '../../../single-file-upload.js';
import { enforceAddressLimit } from '../../../../features/platform/rate-limits.service.js';
import { verifyFile } from '../../../../features/reports/report-verification.service.js';
import { verificationSchema } from './verify.js';
import { defineRoute } from '../../define-route.js';

const uploadForm = z
  .object({ file: binaryFile('The PDF to examine; read, never stored') })
  .meta({ id: 'VerifyFileUpload' });

export default defineRoute((app) => {
  app.post(
    '/verify-file',
    {
      config: { errorCodes: ['rate_limited', 'file_over_limit'], auth: 'public' },
      validatorCompiler: skipBodyValidation as never,
      schema: {
        tags: ['reports'],
        operationId: 'verifyReportFile',
        summary:
          'Examine a PDF the service does not know by its SHA-256: which signature a change breaks ' +
          '(public, rate-limited)',
        description:
          'multipart/form-data with `file`. A file the service issued or accepted answers as GET ' +
          '/reports/verify/{sha256}. Otherwise valid:false, with its PDF signatures each checked over ' +
          'its byte range, ' +
          '`brokenSignatures` naming those a change breaks, the reason (changed after a signature, ' +
          'bytes added after the last one, or valid signatures on a file never uploaded), and ' +
          '`originalSha256` when the file begins with one the service knows; when it begins with a FINAL ' +
          'the service issued, the proof a signed copy must pass is run on it and its finding given as the ' +
          'reason. 422 `file_over_limit` for a file past a documented bound (how far it inflates, how many ' +
          'signatures, how large a signature). The file is not stored.',
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: { 200: verificationSchema },
      },
    },
    async (request) => {
      await enforceAddressLimit(app.services, 'verifyFile', request.ip);
      const file = await readSingleFile(request);
      return verifyFile(app.services, file);
    },
  );
});
