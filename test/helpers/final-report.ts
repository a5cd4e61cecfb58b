// A FINAL report made through the API for the PDF-signature tests: the three gates decided by a firm's team (the
// ADMIN signs), paid, rendered; and the partner's signed copy uploaded as the console sends it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { TestApp } from './app.js';
import { asUser, reviewTeamApp, type Session } from './principals.js';
import { decide, engagementAtGate1, multipart } from './engagements.js';
import { setPaymentStatus } from '../../src/features/engagements/engagements.repository.js';

export interface Team {
  admin: Session;
  valuer: Session;
  reviewer: Session;
}

/** An engagement taken through the three gates by the admin (the signatory); its FINAL, as downloaded. */
export async function completedWithFinal(t: TestApp, team: Team): Promise<{ id: string; pdf: Buffer }> {
  const e = await engagementAtGate1(t, asUser(team.valuer));
  return { id: e.id, pdf: await signedFinal(t, team, e.id) };
}

/** An engagement at GATE_1 taken to GATE_3: approved by the valuer and the reviewer, and paid. */
export async function approvedToGate3(t: TestApp, { admin, valuer, reviewer }: Team, id: string): Promise<void> {
  assert.equal((await decide(t, id, 'GATE_1', 'approve', asUser(valuer))).statusCode, 200);
  assert.equal((await decide(t, id, 'GATE_2', 'approve', asUser(reviewer))).statusCode, 200);
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, id, 'PAID'));
}

/** A new engagement (`body` over the defaults) locked by the valuer and taken to GATE_3, paid; its id. */
export async function engagementAtGate3(t: TestApp, team: Team, body: Record<string, unknown> = {}): Promise<string> {
  const e = await engagementAtGate1(t, asUser(team.valuer), body);
  await approvedToGate3(t, team, e.id);
  return e.id;
}

/** An engagement at GATE_1 approved by the valuer and the reviewer, paid, signed by the admin; its FINAL, as downloaded. */
export async function signedFinal(t: TestApp, team: Team, id: string): Promise<Buffer> {
  const { admin } = team;
  await approvedToGate3(t, team, id);
  const signed = await decide(t, id, 'GATE_3', 'approve', asUser(admin), { place: 'Mumbai' });
  assert.equal(signed.statusCode, 200, signed.body);
  await t.worker.drain();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['x-report-kind'], 'FINAL');
  return res.rawPayload;
}

/** The partner's signed copy uploaded (PUT …/report/signed-copy, one file). */
export function uploadSignedCopy(t: TestApp, id: string, data: Buffer, who: Session) {
  const mp = multipart({}, { name: 'signed.pdf', data, type: 'application/pdf' });
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/engagements/${id}/report/signed-copy`,
    headers: { ...asUser(who), ...mp.headers },
    payload: mp.payload,
  });
}

/** A hex SHA-256, as the signed-copy answers and the audit state them. */
export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The PDF-signature tests' firm, the common name of its seal. */
export const SIGNING_FIRM = 'Seal And Sign Valuers LLP';

/**
 * The PDF-signature tests' firm (its review team in the test file's app, handed to `set`), and its FINAL and signed
 * copy made in that app: `completedWithFinal()` and `uploadCopy(id, data, who = admin)`.
 */
export function sealAndSignApp(set: (suite: Team & { t: TestApp }) => unknown) {
  let suite: Team & { t: TestApp };
  reviewTeamApp(SIGNING_FIRM, 'Vani Valuer', (s) => {
    suite = s;
    return set(s);
  });
  return {
    completedWithFinal: () => completedWithFinal(suite.t, suite),
    uploadCopy: (id: string, data: Buffer, who: Session = suite.admin) => uploadSignedCopy(suite.t, id, data, who),
  };
}
