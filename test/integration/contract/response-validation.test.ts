// Every response of a whole engagement's life, errors and downloads included, checked against the served
// OpenAPI document with ajv: the path and method are documented, the status is, the Content-Type is one
// documented for that status, and a JSON body (application/json or application/problem+json) validates
// against its schema. Binary answers are parsed far enough to know they are what they claim (PDF, XLSX).
// The event stream never ends, so inject cannot record it; its media type is checked in the document.
import { unsubscribeLinks } from '../../../src/features/notifications/unsubscribe.service.js';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  addMember,
  asToken,
  asUser,
  createToken,
  signupAdmin,
  uniqueEmail,
  type Session,
} from '../../helpers/principals.js';
import { engagementAtGate1, fixture, multipart, upload } from '../../helpers/engagements.js';
import { makePkcs12 } from '../../helpers/pkcs12.js';
import { addSignatureWithPdfsig, nssDatabaseWithCertificate } from '../../helpers/pdfsig.js';
import { checkAgainstDocument, type ContractDocument, type RecordedResponse } from '../../helpers/contract.js';

let t: TestApp;
const seen: RecordedResponse[] = [];
/** Calls whose status was not the one the lifecycle expects of them. */
const unexpected: string[] = [];
before(async () => {
  t = await createTestApp();
  // Record every answer the app gives through inject, whoever calls it (this file or the shared helpers).
  const inject = t.app.inject.bind(t.app) as (o: InjectOptions) => Promise<LightMyRequestResponse>;
  (t.app as unknown as { inject: typeof inject }).inject = async (opts: InjectOptions) => {
    const res = await inject(opts);
    seen.push({
      method: String(opts.method ?? 'GET').toUpperCase(),
      url: String(opts.url),
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      body: res.rawPayload,
    });
    return res;
  };
});
after(() => t.close());

async function lifecycle(): Promise<void> {
  // Each call states the status it expects (a success by default), so a wrong answer cannot hide in the aggregate.
  const call = async (
    method: string,
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
    expect?: number,
  ) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (expect === undefined ? res.statusCode >= 400 : res.statusCode !== expect)
      unexpected.push(`${method} ${url} → ${res.statusCode} (expected ${expect ?? '2xx'}): ${res.body.slice(0, 200)}`);
    return res;
  };
  const admin: Session = await signupAdmin(t, 'Contract Check Valuers LLP');
  const valuer = await addMember(t, admin, 'VALUER', 'Vani Valuer');
  const viewer = await addMember(t, admin, 'VIEWER', 'Vivek Viewer');
  const stillViewer = await addMember(t, admin, 'VIEWER', 'Vera Viewer');
  const reviewer = await addMember(t, admin, 'VALUER', 'Rekha Reviewer');
  const { id: tokenId, token } = await createToken(t, admin, 'contract bot');
  const bot = asToken(token);
  await call('GET', '/api/v1/health');
  await call('GET', '/api/v1/auth/me', asUser(admin));
  await call('GET', '/api/v1/auth/me', bot);
  await call('POST', '/api/v1/auth/login', {}, { email: 'nobody@example.com', password: 'wrong password here' }, 401);
  await call('POST', '/api/v1/auth/known-browser-link', {}, { email: 'nobody@example.com' }, 202);
  await call('POST', '/api/v1/auth/known-browser', {}, { token: 'not-a-link' }, 410);
  await call('POST', '/api/v1/auth/forgot-password', {}, { email: 'nobody@example.com' }, 202);
  await call('POST', '/api/v1/auth/forgot-password', {}, { email: valuer.email }, 202);
  await call('POST', '/api/v1/auth/reset-password', {}, { token: 'not-a-link-at-all', password: 'x' }, 400);
  await call(
    'POST',
    '/api/v1/auth/reset-password',
    {},
    { token: 'not-a-link-at-all', password: 'mango orchard monsoon ledger' },
    410,
  );
  // The one-click opt-out of a mail: a link this service signed, and one it did not.
  const optOut = unsubscribeLinks(t.app.services, '', {
    firmId: admin.firmId,
    userId: valuer.userId,
    kind: 'REVIEW_WAITING',
  });
  await call('POST', optOut.oneClick, {}, undefined, 200);
  await call('POST', '/api/v1/notifications/unsubscribe?token=forged.token', {}, undefined, 400);

  const e = await engagementAtGate1(t, asUser(valuer), {
    targetEntity: 'Contract Check Industries Pvt Ltd',
    cin: 'U28100MH2015PTC123456',
  });
  for (const path of [
    '',
    '/events',
    '/financials',
    '/assumptions',
    '/assumptions/history',
    '/valuation',
    '/valuation/workpapers.xlsx',
    '/documents',
    '/report/status',
    '/report',
    '/review-record.pdf',
  ]) {
    await call('GET', `/api/v1/engagements/${e.id}${path}`, asUser(viewer));
  }
  const docs = (await call('GET', `/api/v1/engagements/${e.id}/documents`, bot)).json() as { id: string }[];
  await call('GET', `/api/v1/engagements/${e.id}/documents/${docs[0].id}`, bot);
  await call('GET', `/api/v1/engagements/${e.id}/documents/${docs[0].id}/content`, bot);
  for (const format of ['json', 'csv', 'xlsx']) {
    await call('GET', `/api/v1/templates/financials.${format}`, bot);
    await call('GET', `/api/v1/templates/financials-example.${format}`, bot);
  }
  await call('GET', '/api/v1/engagements?limit=5', bot);
  await call('GET', '/api/v1/engagements?q=contract', bot);

  // The gates, the fee, sign-off and the FINAL report.
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_1/approve`, asUser(valuer), {
    comment: 'Inputs tie to the audited accounts',
  });
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_2/approve`, asUser(valuer), {}, 409); // independent review
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_2/approve`, bot, {}, 403); // person_required
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_2/approve`, asUser(reviewer), {});
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_3/approve`, asUser(admin), { place: 'Mumbai' }, 409); // payment_required
  const order = (await call('POST', '/api/v1/payments', bot, { engagementId: e.id })).json() as {
    id: string;
    gatewayOrderId: string;
  };
  const paid = (
    await call('POST', '/api/v1/payments/sandbox/pay', {}, { gateway_order_id: order.gatewayOrderId })
  ).json() as Record<string, string>;
  await call('POST', '/api/v1/payments/verify', bot, { ...paid, gateway_signature: 'not-the-signature' }, 400);
  await call('POST', '/api/v1/payments/verify', bot, paid);
  await call('GET', '/api/v1/payments', bot);
  await call('GET', '/api/v1/inbox', asUser(admin));
  await call('GET', '/api/v1/notifications', asUser(admin));
  await call('POST', '/api/v1/notifications/read', asUser(admin), {});
  await call('GET', `/api/v1/payments/${order.id}/invoice.pdf`, bot);
  await call('GET', '/api/v1/payments/export.csv?from=2026-04-01&to=2099-03-31', bot);
  await call('GET', '/api/v1/payments/export.csv?from=2026-04-31&to=2099-03-31', bot, undefined, 400);
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_3/approve`, asUser(admin), {
    comment: 'Signed off',
    place: 'Mumbai',
  });
  await t.worker.drain();
  const pdf = await call('GET', `/api/v1/engagements/${e.id}/report`, bot);
  const sha = createHash('sha256').update(pdf.rawPayload).digest('hex');
  await call('GET', `/api/v1/reports/verify/${sha}`);
  await call('GET', `/api/v1/reports/verify/${'0'.repeat(64)}`, {}, undefined, 200); // {valid:false}
  await call('GET', '/api/v1/reports/verify/abc', {}, undefined, 400);
  await call('GET', '/api/v1/reports/signing-key');
  // The PDF signatures: the service's CA, the firm's certificate, the partner's signed copy, the sealed copy's issue.
  await call('GET', '/api/v1/reports/ca-certificate');
  await call('GET', '/api/v1/settings/firm/signing-certificate', asUser(valuer));
  const p12 = makePkcs12({
    commonName: 'Contract Check Valuers LLP',
    password: 'p12-password',
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000 * 365),
  });
  const p12Form = (password: string) => multipart({ password }, { name: 'firm.p12', data: p12 });
  const wrongP12 = p12Form('wrong');
  await call(
    'PUT',
    '/api/v1/settings/firm/signing-certificate',
    { ...asUser(admin), ...wrongP12.headers },
    wrongP12.payload,
    422,
  );
  const rightP12 = p12Form('p12-password');
  await call(
    'PUT',
    '/api/v1/settings/firm/signing-certificate',
    { ...asUser(admin), ...rightP12.headers },
    rightP12.payload,
  );
  const nss = nssDatabaseWithCertificate('dsc', 'CN=Asha Admin,C=IN');
  const copyForm = multipart({}, { name: 'signed.pdf', data: addSignatureWithPdfsig(pdf.rawPayload, nss, 'dsc') });
  const copy = (
    await call(
      'PUT',
      `/api/v1/engagements/${e.id}/report/signed-copy`,
      { ...asUser(admin), ...copyForm.headers },
      copyForm.payload,
    )
  ).json() as { id: string; sha256: string };
  await call('GET', `/api/v1/engagements/${e.id}/report/signed-copies`, bot);
  await call('GET', `/api/v1/engagements/${e.id}/report/signed-copies/${copy.id}`, bot);
  await call('GET', `/api/v1/engagements/${e.id}/report?copy=sealed`, bot);
  await call('GET', `/api/v1/reports/verify/${copy.sha256}`);
  const examined = multipart(
    {},
    { name: 'changed.pdf', data: Buffer.concat([pdf.rawPayload, Buffer.from('\n%changed\n')]) },
  );
  await call('POST', '/api/v1/reports/verify-file', examined.headers, examined.payload);
  await call('POST', `/api/v1/engagements/${e.id}/report/issue-sealed`, asUser(admin), undefined, 409);

  // Webhooks, tokens, team, profiles.
  const hook = (
    await call(
      'POST',
      '/api/v1/settings/webhooks',
      asUser(admin),
      { url: 'http://127.0.0.1:9/hook', events: ['engagement.stage_changed'] },
      201,
    )
  ).json() as { id: string };
  await call('GET', '/api/v1/settings/webhooks', asUser(admin));
  await call('GET', `/api/v1/settings/webhooks/${hook.id}`, asUser(admin));
  await call('PATCH', `/api/v1/settings/webhooks/${hook.id}`, asUser(admin), { description: 'Contract check' });
  await call('POST', `/api/v1/settings/webhooks/${hook.id}/test`, asUser(admin), {});
  await call('GET', `/api/v1/settings/webhooks/${hook.id}/deliveries`, asUser(admin));
  await call('POST', `/api/v1/settings/webhooks/${hook.id}/rotate-secret`, asUser(admin), {});
  await t.worker.drain();
  const deliveries = (await call('GET', `/api/v1/settings/webhooks/${hook.id}/deliveries`, asUser(admin))).json() as {
    id: string;
  }[];
  const redelivered = await t.app.inject({
    method: 'POST',
    url: `/api/v1/settings/webhooks/${hook.id}/deliveries/${deliveries[0].id}/redeliver`,
    headers: asUser(admin),
    payload: {},
  });
  // 202 when the delivery has ended, 409 delivery_pending while its retries are still scheduled: both are the contract.
  if (![202, 409].includes(redelivered.statusCode)) unexpected.push(`redeliver → ${redelivered.statusCode}`);
  await call('DELETE', `/api/v1/settings/webhooks/${hook.id}`, asUser(admin));
  await call('GET', '/api/v1/settings/api-tokens', asUser(admin));
  await call('GET', '/api/v1/team', bot);
  const invited = (
    await call('POST', '/api/v1/team/invite', asUser(admin), {
      email: uniqueEmail('contract'),
      name: 'Pending Person',
      role: 'VIEWER',
    })
  ).json() as { acceptPath: string };
  await call(
    'POST',
    '/api/v1/auth/invitation-preview',
    {},
    { token: decodeURIComponent(invited.acceptPath.split('token=')[1]) },
  );
  await call('POST', '/api/v1/auth/invitation-preview', {}, { token: 'not-a-token' }, 400);
  const invitations = (await call('GET', '/api/v1/invitations', asUser(admin))).json() as { id: string }[];
  await call('POST', `/api/v1/invitations/${invitations[0].id}/resend`, asUser(admin), {});
  await call('DELETE', `/api/v1/invitations/${invitations[0].id}`, asUser(admin));
  await call('PATCH', `/api/v1/team/${viewer.userId}`, asUser(admin), { role: 'VALUER' });
  await call('GET', '/api/v1/settings/firm', asUser(admin));
  await call('PATCH', '/api/v1/settings/firm', asUser(admin), { address: '12 Contract Street, Mumbai 400001' });
  const savedBuildUp = (
    await call(
      'POST',
      '/api/v1/settings/cost-of-capital',
      asUser(admin),
      {
        name: 'Contract peers',
        buildUp: {
          riskFreeRate: 6.5,
          equityRiskPremium: 7,
          beta: 1.1,
          betaBasis: 'UNLEVERED',
          debtToEquity: 0.25,
          taxRate: 25.17,
          preTaxCostOfDebt: 9.5,
          source: '10-year G-Sec yield (RBI); beta: median of listed peers',
          sourceDate: '2026-03-31',
        },
      },
      201,
    )
  ).json() as { id: string };
  await call('GET', '/api/v1/settings/cost-of-capital', asUser(admin));
  await call('DELETE', `/api/v1/settings/cost-of-capital/${savedBuildUp.id}`, asUser(admin), undefined, 204);
  await call('GET', '/api/v1/errors');
  await call('PATCH', '/api/v1/auth/me', asUser(admin), { designation: 'Partner' });
  await call('DELETE', `/api/v1/settings/api-tokens/${tokenId}`, asUser(admin));

  // Errors a client meets.
  await call('GET', '/api/v1/engagements', {}, undefined, 401);
  await call('GET', '/api/v1/engagements', bot, undefined, 401); // revoked
  await call(
    'POST',
    '/api/v1/engagements',
    asUser(stillViewer),
    { targetEntity: 'Viewer Tries Ltd', statute: 'RULE_11UA' },
    403,
  );
  await call(
    'POST',
    '/api/v1/engagements',
    { ...asUser(valuer), 'x-csrf-token': 'wrong' },
    { targetEntity: 'Forged Ltd', statute: 'RULE_11UA' },
    403,
  ); // csrf
  await call('GET', '/api/v1/engagements/eng_01M835VC43RMPC5RH4D8B73W4T', asUser(valuer), undefined, 404);
  await call('POST', '/api/v1/engagements', asUser(valuer), { targetEntity: '', statute: 'NOPE' }, 400);
  await call(
    'POST',
    `/api/v1/engagements/${e.id}/assumptions/lock`,
    asUser(valuer),
    { wacc: 12, terminalGrowthRate: 4, rationale: 'Locked again on purpose to see 409.' },
    409,
  );
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers: { ...asUser(valuer), 'content-type': 'text/xml' },
    payload: '<e/>',
  }); // 415
  const other = (
    await call('POST', '/api/v1/engagements', asUser(valuer), { targetEntity: 'Bad Upload Ltd', statute: 'RULE_11UA' })
  ).json() as { id: string };
  await upload(
    t,
    asUser(valuer),
    other.id,
    'FINANCIALS',
    'financials.json',
    Buffer.from(JSON.stringify({ ...fixture('sample-company.json'), years: 'not years' })),
  );
  await call('PATCH', `/api/v1/engagements/${other.id}`, asUser(valuer), { targetEntity: 'Bad Upload Industries Ltd' });
  await call(
    'POST',
    '/api/v1/payments/gateway-webhook',
    { 'x-razorpay-signature': 'forged' },
    { event: 'payment.captured' },
    400,
  );
  const returned = await engagementAtGate1(t, asUser(valuer), { targetEntity: 'Returned For Revision Ltd' });
  await call('POST', `/api/v1/engagements/${returned.id}/gates/GATE_1/reject`, asUser(admin), {
    reason: 'Projections need the latest board-approved budget',
    outcome: 'REVISE',
  });
  const declined = await engagementAtGate1(t, asUser(valuer), { targetEntity: 'Declined Then Reopened Ltd' });
  await call('POST', `/api/v1/engagements/${declined.id}/gates/GATE_1/reject`, asUser(admin), {
    reason: 'The client withdrew the mandate',
  });
  await call('POST', `/api/v1/engagements/${declined.id}/reopen`, asUser(admin), {
    reason: 'The client renewed the mandate',
  });
  await call('POST', `/api/v1/team/${stillViewer.userId}/password-reset`, asUser(admin), {}, 202);
  await call('POST', `/api/v1/team/${stillViewer.userId}/deactivate`, asUser(admin), {});
  await call('DELETE', `/api/v1/team/${viewer.userId}`, asUser(admin));
  await call('POST', '/api/v1/auth/logout', asUser(valuer), {});
  await t.worker.drain();
  for (let i = 0; i < 62; i++) await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha}` });
  await call('GET', `/api/v1/reports/verify/${sha}`, {}, undefined, 429);
}

test('every documented operation is exercised and every response of a whole lifecycle matches the served OpenAPI document', async () => {
  await lifecycle();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as ContractDocument;
  const report = checkAgainstDocument(doc, seen, {
    ignorePaths: ['/api/v1/openapi.json'], // the document itself (hidden from itself)
    exempt: {
      // The stream never ends, so inject cannot record it: its media type is asserted below instead.
      streamEvents: 'an endless stream',
    },
  });
  assert.deepEqual(report.failures, [], `${report.failures.length} problems:\n${report.failures.join('\n')}`);
  assert.deepEqual(unexpected, [], `answers other than the ones each call expects:\n${unexpected.join('\n')}`);
  // The run covered what it claims to: it cannot pass by checking nothing.
  for (const s of [200, 201, 204, 400, 401, 403, 404, 409, 415, 429])
    assert.ok(report.statuses.has(s), `no ${s} response was checked`);
  for (const m of [
    'application/json',
    'application/problem+json',
    'application/pdf',
    'text/csv',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ]) {
    assert.ok(report.mediaTypes.has(m), `no ${m} response was checked`);
  }
  assert.ok(report.checkedBodies > 80, `JSON bodies validated: ${report.checkedBodies}`);
  const stream = Object.values(doc.paths['/api/v1/events/stream'] ?? {})[0];
  assert.ok(
    stream?.responses['200'].content?.['text/event-stream'],
    'the event stream is documented as text/event-stream',
  );
});
