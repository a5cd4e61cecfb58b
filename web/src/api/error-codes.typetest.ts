// A type-level test, checked by `npm run typecheck` (tsc -p web/tsconfig.json): the generated client
// names every error code, so console code narrows on one and a misspelt code does not compile.
import { ApiError } from './client';

export function needsAnotherReviewer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  switch (error.code) {
    case 'independent_review_required':
      return true;
    // @ts-expect-error: not a code of the catalogue, so not a code the client can receive
    case 'independent_review_requried':
      return true;
    default:
      return false;
  }
}
