// Errors that services raise; the HTTP layer maps them to problem+json in one place. Codes come from
// the one catalogue (src/contract/errors.ts).
import type { ErrorCode } from '../contract/errors.js';

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = (detail = 'Your role does not allow this action') => new AppError(403, 'forbidden', detail);
export const conflict = (code: ErrorCode, detail: string) => new AppError(409, code, detail);
export const badRequest = (code: ErrorCode, detail: string, errors?: FieldError[]) => new AppError(400, code, detail, errors);
export const validationFailed = (errors: FieldError[], detail = 'The request is not valid') =>
  new AppError(400, 'validation_failed', detail, errors);
export const unauthorized = (detail = 'Missing or invalid credentials') => new AppError(401, 'unauthorized', detail);
