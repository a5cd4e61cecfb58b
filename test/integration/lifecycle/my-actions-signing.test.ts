// myActions at sign-off and after it, from the same rights that refuse the action (src/domain/engagement/rights.ts):
// an ADMIN who holds no registration the statute accepts is not offered sign-off (and is refused it with the same
// code), and once a copy of the FINAL is issued nobody is offered to issue the sealed copy (and is refused it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { sealAndSignApp, signedFinal } from '../../helpers/final-report.js';
import { addMember, asUser, type Session } from '../../helpers/principals.js';
import { decide, engagementAtGate1 } from '../../helpers/engagements.js';
import { setPaymentStatus } from '../../../src/features/engagements/engagements.repository.js';
import { addSignature, testSigner } from '../../helpers/pdf-attacks.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
const { uploadCopy } = sealAndSignApp((s) => ({ t, admin, valuer, reviewer } = s));

async function myActions(id: string, who: Session) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(who) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().myActions;
}

test('an ADMIN without a qualifying registration is not offered sign-off, and is refused it with the same code', async () => {
  const unqualified = await addMember(t, admin, 'ADMIN', 'Uma Unregistered');
  const e = await engagementAtGate1(t, asUser(valuer));
  assert.equal((await decide(t, e.id, 'GATE_1', 'approve', asUser(valuer))).statusCode, 200);
  assert.equal((await decide(t, e.id, 'GATE_2', 'approve', asUser(reviewer))).statusCode, 200);
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));

  const offered = await myActions(e.id, unqualified);
  assert.equal(offered.gate, 'GATE_3');
  assert.equal(offered.canSignOff, false);
  assert.equal(offered.canApprove, false);
  assert.equal(offered.blockedCode, 'signatory_not_qualified');
  assert.match(offered.blockedBecause, /needs the report signed by/);
  const refused = await decide(t, e.id, 'GATE_3', 'approve', asUser(unqualified), { place: 'Mumbai' });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, offered.blockedCode);
  assert.equal(refused.json().detail, offered.blockedBecause);

  const qualified = await myActions(e.id, admin);
  assert.equal(qualified.canSignOff, true);
  assert.equal(qualified.blockedCode, null);
});

test('once a signed copy is issued, nobody is offered to issue the sealed copy, and the ADMIN is refused it', async () => {
  const e = await engagementAtGate1(t, asUser(valuer));
  const final = await signedFinal(t, { admin, valuer, reviewer }, e.id);
  assert.equal((await myActions(e.id, admin)).canIssueSealedCopy, true, 'before: the ADMIN may issue it');
  const upload = await uploadCopy(e.id, addSignature(final, testSigner('Asha Admin')));
  assert.equal(upload.statusCode, 200, upload.body);

  const after = await myActions(e.id, admin);
  assert.equal(after.canIssueSealedCopy, false);
  assert.equal(after.canUploadSignedCopy, true, 'another signed copy may still be uploaded');
  const refused = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${e.id}/report/issue-sealed`,
    headers: asUser(admin),
  });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'invalid_transition');
  assert.match(refused.json().detail, /A signed copy has been issued already/);
});
