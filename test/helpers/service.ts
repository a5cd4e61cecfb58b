// The service tier's tests call use cases directly (no HTTP): a session as the principal the HTTP layer would make
// of it, and the AppError a refused call throws.
import assert from 'node:assert/strict';
import type { Session } from './principals.js';
import type { Principal } from '../../src/domain/identity/roles.js';
import { AppError } from '../../src/lib/errors.js';

export const person = (s: Session, role: 'ADMIN' | 'VALUER', name: string): Principal => ({
  kind: 'user',
  userId: s.userId,
  firmId: s.firmId,
  role,
  sessionId: 'svc',
  email: s.email,
  name,
});

/** The AppError `p` is refused with; fails the test when it resolves or throws anything else. */
export async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  assert.fail('expected a refusal');
}
