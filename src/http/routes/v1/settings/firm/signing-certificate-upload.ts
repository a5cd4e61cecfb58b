import { z } from 'zod';
import { binaryFile, skipBodyValidation } from '../../../../single-file-upload.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { firmCertificateSchema } from '../../../../schemas/pdf-signatures.js';
import { AppError, validationFailed } from '../../../../../lib/errors.js';
import { uploadFirmCertificate } from '../../../../../features/reports/signing-certificates.service.js';
import { defineRoute } from '../../../define-route.js';

const uploadForm = z
  .object({
    file: binaryFile('PKCS#12 (.p12 or .pfx) holding an RSA private key and its certificate'),
    password: z.string().describe('The PKCS#12 password: used to open the file once, never stored'),
  })
  .meta({ id: 'SigningCertificateUpload' });

/** A PKCS#12 is a few kilobytes; a chain of certificates a few more. */
const MAX_P12_BYTES = 256 * 1024;

export default defineRoute((app) => {
  app.put(
    '/signing-certificate',
    {
      config: { errorCodes: ['certificate_not_usable'], auth: { role: 'ADMIN', userOnly: true } },
      validatorCompiler: skipBodyValidation as never,
      schema: {
        tags: ['settings'],
        operationId: 'uploadFirmSigningCertificate',
        summary: "Upload the firm's document-signing certificate (PKCS#12 and its password; ADMIN)",
        description:
          'multipart/form-data with `file` (PKCS#12) and `password`. FINAL reports rendered from then ' +
          'on are sealed with it. ' +
          'The private key is kept encrypted at rest; the password is not stored. 422 ' +
          'certificate_not_usable with a sentence when the password does not open the file, ' +
          'the file holds no RSA key and its certificate, or the certificate is expired or not yet ' +
          'valid; nothing is stored then.',
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: { 200: firmCertificateSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send multipart/form-data with fields file and password');
      let password: string | undefined;
      let file: Buffer | undefined;
      for await (const part of request.parts({ limits: { fileSize: MAX_P12_BYTES } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file)
            throw validationFailed([{ path: `/${part.fieldname}`, message: 'exactly one file, in the field "file"' }]);
          file = await part.toBuffer();
        } else if (part.fieldname === 'password') {
          password = String(part.value);
        } else {
          throw validationFailed([{ path: `/${part.fieldname}`, message: 'unknown field' }]);
        }
      }
      const errors = [];
      if (!file || file.length === 0) errors.push({ path: '/file', message: 'is required' });
      if (password === undefined)
        errors.push({ path: '/password', message: 'is required (enter an empty field for a file without a password)' });
      if (errors.length) throw validationFailed(errors);
      return uploadFirmCertificate(app.services, principal, file!, password!, request.ref);
    },
  );
});
