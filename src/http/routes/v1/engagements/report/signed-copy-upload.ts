import { z } from 'zod';
import { binaryFile, readSingleFile, skipBodyValidation } from '../../../../single-file-upload.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { signedCopySchema } from '../../../../schemas/pdf-signatures.js';
import { uploadSignedCopy } from '../../../../../features/reports/signed-copies.service.js';
import { defineRoute } from '../../../define-route.js';

const uploadForm = z
  .object({
    file: binaryFile(
      "The FINAL report as the partner's signing software saved it: the FINAL's exact bytes with " +
        'their signature appended (an incremental update)',
    ),
  })
  .meta({ id: 'SignedCopyUpload' });

export default defineRoute((app) => {
  app.put(
    '/signed-copy',
    {
      config: {
        errorCodes: [
          'not_found',
          'signed_copy_not_of_this_report',
          'signed_copy_changes_report',
          'signed_copy_signature_invalid',
          'no_final_report',
        ],
        auth: { role: 'VALUER' },
      },
      validatorCompiler: skipBodyValidation as never,
      schema: {
        tags: ['reports'],
        operationId: 'uploadSignedCopy',
        summary: "Upload the FINAL signed with the partner's own DSC (the signatory or an ADMIN; multipart: file)",
        description:
          'Accepted only when the file begins with the exact bytes of the FINAL this service issued ' +
          'and what follows is an incremental update that adds signatures and changes no page; ' +
          "each added signature's CMS must verify over its byte range and the last must cover the " +
          'whole file. Refusals are 422: signed_copy_not_of_this_report (the first bytes differ), ' +
          'signed_copy_changes_report (the appended revision changes a page, adds an annotation other ' +
          'than a signature field, or adds no signature), signed_copy_signature_invalid (an added ' +
          'signature does not verify); nothing is stored then. ' +
          'The answer lists each added signer (subject, issuer, serial, validity, signing time) and ' +
          "`warnings` when a signer's name is not the signatory's. " +
          'The accepted copy becomes the one issued to the client (the report download); the sealed ' +
          'original stays available with `copy=sealed`. The first copy issued sends ' +
          '`engagement.completed`. 409 no_final_report before the FINAL is ready; 413 above the ' +
          'upload limit.',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string() }),
        body: uploadForm,
        response: { 200: signedCopySchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const file = await readSingleFile(request);
      return uploadSignedCopy(app.services, principal, request.params.id, file, request.ref);
    },
  );
});
