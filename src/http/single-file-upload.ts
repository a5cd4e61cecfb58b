// A multipart body that carries exactly one file, in the field "file", and nothing else: the signed copy of a
// report, a report to verify. Refusals name the field, as every other validation error does.
import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../lib/errors.js';

export async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Send multipart/form-data with the field file');
  let file: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file' && part.fieldname === 'file' && !file) file = await part.toBuffer();
    else
      throw validationFailed([
        {
          path: `/${part.fieldname}`,
          message: part.type === 'file' ? 'exactly one file, in the field "file"' : 'unknown field',
        },
      ]);
  }
  if (!file || file.length === 0) throw validationFailed([{ path: '/file', message: 'is required' }]);
  return file;
}
