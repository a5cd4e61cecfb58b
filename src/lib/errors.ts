// Errors that services raise; the HTTP layer maps them to problem+json in one place. Codes come from
// the one catalogue (src/contract/errors.ts).
import { ERROR_CATALOGUE, type ErrorCode } from '../contract/errors.js';

export interface FieldError {
  path: string;
  message: string;
}

/** A refusal: its code names it in the catalogue, which also gives its HTTP status (never passed by hand). */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_CATALOGUE[code].status;
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (detail = 'Your role does not allow this action') => new AppError('forbidden', detail);
export const conflict = (code: ErrorCode, detail: string) => new AppError(code, detail);
export const badRequest = (code: ErrorCode, detail: string, errors?: FieldError[]) =>
  new AppError(code, detail, errors);
/** 400 validation_failed; its detail, unless given, says each problem where it is (as the schema's refusals do). */
export const validationFailed = (
  errors: FieldError[],
  detail = errors.map((e) => `${e.path}: ${e.message}`).join('; ') || 'The request is not valid',
) => new AppError('validation_failed', detail, errors);
export const unauthorized = (detail = 'Missing or invalid credentials') => new AppError('unauthorized', detail);
