// An IBC set signs its FINAL one valuer after another (docs/report-signatures.md, Several signatures): the land
// valuer adds their DSC with pdfsig and uploads the copy; the coordinating valuer adds theirs to that copy and
// uploads it; each copy is accepted, each added signature verifies and is named by the verify answer; a member
// outside the set may not upload one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { TestApp } from '../../helpers/app.js';
import { addMember, appWith, asUser, patchMe, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement, decide, fixture, lock, sourced, upload } from '../../helpers/engagements.js';
import { IBC_RATES } from '../../helpers/signatories.js';
import { uploadSignedCopy } from '../../helpers/final-report.js';
import { addSignatureWithPdfsig, nssDatabaseWithCertificate, pdfsig } from '../../helpers/pdfsig.js';
import { setPaymentStatus } from '../../../src/features/engagements/engagements.repository.js';

let t: TestApp;
let admin: Session, valuer: Session, reviewer: Session, land: Session, sfa: Session;

const rv = (number: string, assetClass: string) => ({ registrations: [{ type: 'IBBI_RV', number, assetClass }] });

appWith(
  async (app) => {
    const a = await signupAdmin(app, 'Signing Set Valuers LLP');
    const m = {
      admin: a,
      valuer: await addMember(app, a, 'VALUER', 'Vani Valuer'),
      reviewer: await addMember(app, a, 'VALUER', 'Rekha Reviewer'),
      land: await addMember(app, a, 'VALUER', 'Lata Land Valuer'),
      sfa: await addMember(app, a, 'VALUER', 'Sunil Securities Valuer'),
    };
    assert.equal((await patchMe(app, m.land, rv('IBBI/RV/01/2020/22222', 'LAND_AND_BUILDING'))).statusCode, 200);
    assert.equal(
      (await patchMe(app, m.sfa, rv('IBBI/RV/03/2019/44444', 'SECURITIES_OR_FINANCIAL_ASSETS'))).statusCode,
      200,
    );
    return m;
  },
  (s) => ({ t, admin, valuer, reviewer, land, sfa } = s),
);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const verified = {
  date: '2026-04-03',
  inspected: 'The factory land and buildings at Plot 12, MIDC Waluj, and the stores',
  present: "The resolution professional's representative and the plant manager",
};

/** A CIRP engagement of a set of two (land and building; securities or financial assets, coordinating), signed off. */
async function signedOffBySet(): Promise<{ id: string; final: Buffer }> {
  const e = await createEngagement(t, asUser(valuer), {
    statute: 'IBC_LIQUIDATION',
    purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
    valuationDate: '2026-03-31',
    appointingOfficer: {
      name: 'Arvind Kulkarni',
      role: 'RESOLUTION_PROFESSIONAL',
      ibbiRegistration: 'IBBI/IPA-001/IP-P01234/2019-2020/12345',
      appointedOn: '2026-04-01',
    },
    valuerSet: {
      classes: [
        { assetClass: 'LAND_AND_BUILDING', memberId: land.userId, verification: verified },
        { assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS', memberId: sfa.userId, verification: verified },
      ],
      coordinatingValuerId: sfa.userId,
    },
  });
  const doc = Buffer.from(JSON.stringify(sourced(fixture('ibc-shortfall.json'))));
  assert.equal((await upload(t, asUser(valuer), e.id, 'FINANCIALS', 'ibc.json', doc)).statusCode, 201);
  await t.worker.drain();
  assert.equal((await lock(t, asUser(valuer), e.id, IBC_RATES)).statusCode, 200);
  await t.worker.drain();
  assert.equal((await decide(t, e.id, 'GATE_1', 'approve', asUser(valuer))).statusCode, 200);
  assert.equal((await decide(t, e.id, 'GATE_2', 'approve', asUser(reviewer))).statusCode, 200);
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
  const signed = await decide(t, e.id, 'GATE_3', 'approve', asUser(admin), { place: 'Pune' });
  assert.equal(signed.statusCode, 200, signed.body);
  await t.worker.drain();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers: asUser(admin) });
  assert.equal(res.headers['x-report-kind'], 'FINAL');
  return { id: e.id, final: res.rawPayload };
}

const mayUpload = async (id: string, who: Session) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(who) })).json().myActions
    .actions.uploadSignedCopy.allowed as boolean;

test('each valuer of the set adds their own DSC to the FINAL in turn; every signature verifies and verify names each', async () => {
  const { id, final } = await signedOffBySet();
  assert.equal(await mayUpload(id, land), true, 'a class valuer of the set may upload a signed copy');
  assert.equal(await mayUpload(id, sfa), true, 'the coordinating valuer may');
  assert.equal(await mayUpload(id, reviewer), false, 'a member outside the set may not');
  const outsider = await uploadSignedCopy(t, id, final, reviewer);
  assert.equal(outsider.statusCode, 403, outsider.body);

  // The land valuer signs first.
  const landDsc = nssDatabaseWithCertificate('land-dsc', 'CN=Lata Land Valuer,O=Test DSC Authority,C=IN');
  const first = addSignatureWithPdfsig(final, landDsc, 'land-dsc', 'Land and building: my estimate');
  const one = await uploadSignedCopy(t, id, first, land);
  assert.equal(one.statusCode, 200, one.body);
  assert.deepEqual(
    one.json().signatures.map((s: { commonName: string }) => s.commonName),
    ['Lata Land Valuer'],
  );
  assert.deepEqual(one.json().warnings, []);

  // The coordinating valuer signs the land valuer's copy: an incremental update on top of the first.
  const sfaDsc = nssDatabaseWithCertificate('sfa-dsc', 'CN=Sunil Securities Valuer,O=Test DSC Authority,C=IN');
  const second = addSignatureWithPdfsig(first, sfaDsc, 'sfa-dsc', 'Coordinating valuer: the report as a whole');
  assert.ok(second.subarray(0, first.length).equals(first), 'the second signature is appended to the first copy');
  const read = pdfsig(second);
  assert.equal(read.signatures.length, 3, read.text);
  assert.ok(
    read.signatures.every((s) => s.validation === 'Signature is Valid.'),
    read.text,
  );
  const two = await uploadSignedCopy(t, id, second, sfa);
  assert.equal(two.statusCode, 200, two.body);
  assert.deepEqual(
    two.json().signatures.map((s: { commonName: string; valid: boolean }) => [s.commonName, s.valid]),
    [
      ['Lata Land Valuer', true],
      ['Sunil Securities Valuer', true],
    ],
  );
  assert.deepEqual(two.json().warnings, []);

  // The issued copy is the last; verify names the firm's seal and each valuer's signature.
  const issued = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) });
  assert.equal(issued.headers['x-report-copy'], 'SIGNED_COPY');
  assert.ok(issued.rawPayload.equals(second));
  const verify = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(second)}` })).json();
  assert.equal(verify.valid, true, JSON.stringify(verify));
  assert.equal(verify.originalSha256, sha(final));
  assert.deepEqual(
    verify.pdfSignatures.map((s: { commonName: string; role: string; valid: boolean }) => [
      s.role,
      s.commonName,
      s.valid,
    ]),
    [
      ['SEAL', 'Signing Set Valuers LLP', true],
      ['ADDED', 'Lata Land Valuer', true],
      ['ADDED', 'Sunil Securities Valuer', true],
    ],
  );
  // The first copy stays known to verify too.
  assert.equal((await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(first)}` })).json().valid, true);
});
