// Service tier: who may issue the FINAL, called directly (no HTTP) over a real database. The signatory or an ADMIN
// uploads the partner-signed copy; only an ADMIN issues the sealed copy, once, and never after a signed copy; what
// GET /engagements/{id} answers in myActions.actions is what the use case does, code and sentence alike
// (docs/decisions.md, Who may do what; docs/report-signatures.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../helpers/app.js';
import { addMember, reviewTeamApp, type Session } from '../helpers/principals.js';
import { person, refusal } from '../helpers/service.js';
import { completedWithFinal } from '../helpers/final-report.js';
import { getEngagement } from '../../src/features/engagements/engagement-reads.service.js';
import { issueSealedCopy, uploadSignedCopy } from '../../src/features/reports/signed-copies.service.js';
import type { Principal } from '../../src/domain/identity/roles.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session, secondAdmin: Session;
reviewTeamApp('Signed Copy Matrix LLP', 'Vani Valuer', async (s) => {
  ({ t, admin, valuer, reviewer } = s);
  secondAdmin = await addMember(t, admin, 'ADMIN', 'Anil Admin');
});

const asAdmin = () => person(admin, 'ADMIN', 'Asha Admin');
const asSecondAdmin = () => person(secondAdmin, 'ADMIN', 'Anil Admin');
const asValuer = () => person(valuer, 'VALUER', 'Vani Valuer');

const actionsOf = async (who: Principal, id: string) =>
  (await getEngagement(t.app.services, who, id)).myActions.actions;

test('a valuer who did not sign may neither upload the signed copy nor issue the sealed one; the answers say so first', async () => {
  const { id, pdf } = await completedWithFinal(t, { admin, valuer, reviewer });
  const answers = await actionsOf(asValuer(), id);
  assert.equal(answers.uploadSignedCopy.allowed, false);
  assert.equal(answers.issueSealedCopy.allowed, false);
  const upload = await refusal(uploadSignedCopy(t.app.services, asValuer(), id, pdf));
  assert.equal(upload.code, answers.uploadSignedCopy.blockedCode);
  assert.equal(upload.message, answers.uploadSignedCopy.blockedBecause);
  const issue = await refusal(issueSealedCopy(t.app.services, asValuer(), id));
  assert.equal(issue.code, answers.issueSealedCopy.blockedCode);
  assert.equal(issue.message, answers.issueSealedCopy.blockedBecause);
});

test('another ADMIN may issue the sealed copy once; then nobody is offered it again, and a second issue is refused alike', async () => {
  const { id } = await completedWithFinal(t, { admin, valuer, reviewer });
  assert.equal((await actionsOf(asSecondAdmin(), id)).issueSealedCopy.allowed, true);
  await issueSealedCopy(t.app.services, asSecondAdmin(), id);
  for (const who of [asAdmin(), asSecondAdmin()]) {
    const answer = (await actionsOf(who, id)).issueSealedCopy;
    assert.equal(answer.allowed, false);
    const again = await refusal(issueSealedCopy(t.app.services, who, id));
    assert.equal(again.code, answer.blockedCode);
    assert.equal(again.message, answer.blockedBecause);
  }
});

test('once completed: the signatory may upload and an ADMIN may issue; no gate is open and the report facts are signed', async () => {
  const { id } = await completedWithFinal(t, { admin, valuer, reviewer });
  const answers = await actionsOf(asAdmin(), id);
  assert.equal(answers.uploadSignedCopy.allowed, true);
  assert.equal(answers.issueSealedCopy.allowed, true);
  assert.equal(answers.approve.allowed, false, 'no gate is open once completed');
  assert.equal(answers.editReportFacts.blockedCode, 'report_signed');
});
