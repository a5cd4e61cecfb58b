// A multipart body that carries exactly one file, in the field "file", and nothing else: the signed copy of a
// report, a report to verify. Refusals name the field, as every other validation error does.
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validationFailed } from '../lib/errors.js';

/** A multipart route's validator: the body is read in the handler (streamed, size-limited); its schema is for the docs only. */
export const skipBodyValidation: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);

/** A file as the OpenAPI document shows it: a binary string, a form part or a download. */
export const binaryFile = (description: string) => z.string().meta({ format: 'binary' }).describe(description);

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
