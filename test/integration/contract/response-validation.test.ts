// Every response of a whole engagement's life, errors and downloads included, checked against the served
// OpenAPI document with ajv: the path and method are documented, the status is, the Content-Type is one
// documented for that status, and a JSON body (application/json or application/problem+json) validates
// against its schema. Binary answers are parsed far enough to know they are what they claim (PDF, XLSX).
// The event stream never ends, so inject cannot record it; its media type is checked in the document.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { addMember, asToken, asUser, createToken, signupAdmin, uniqueEmail, type Session } from '../../helpers/principals.js';
import { engagementAtGate1, fixture, upload } from '../../helpers/engagements.js';

interface Seen { method: string; url: string; status: number; contentType: string; body: Buffer }
type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>>; components: object };

let t: TestApp;
const seen: Seen[] = [];
before(async () => {
  t = await createTestApp();
  // Record every answer the app gives through inject, whoever calls it (this file or the shared helpers).
  const inject = t.app.inject.bind(t.app) as (o: InjectOptions) => Promise<LightMyRequestResponse>;
  (t.app as unknown as { inject: typeof inject }).inject = async (opts: InjectOptions) => {
    const res = await inject(opts);
    seen.push({ method: String(opts.method ?? 'GET').toUpperCase(), url: String(opts.url), status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.rawPayload });
    return res;
  };
});
after(() => t.close());

async function lifecycle(): Promise<void> {
  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const admin: Session = await signupAdmin(t, 'Contract Check Valuers LLP');
  const valuer = await addMember(t, admin, 'VALUER', 'Vani Valuer');
  const viewer = await addMember(t, admin, 'VIEWER', 'Vivek Viewer');
  const { id: tokenId, token } = await createToken(t, admin, 'contract bot');
  const bot = asToken(token);
  await call('GET', '/api/v1/health');
  await call('GET', '/api/v1/auth/me', asUser(admin));
  await call('GET', '/api/v1/auth/me', bot);
  await call('POST', '/api/v1/auth/login', {}, { email: 'nobody@example.com', password: 'wrong password here' });

  const e = await engagementAtGate1(t, asUser(valuer), { targetEntity: 'Contract Check Industries Pvt Ltd', cin: 'U28100MH2015PTC123456' });
  for (const path of ['', '/events', '/financials', '/assumptions', '/assumptions/history', '/valuation', '/valuation/workpapers.xlsx', '/documents', '/report/status', '/report']) {
    await call('GET', `/api/v1/engagements/${e.id}${path}`, asUser(viewer));
  }
  const docs = (await call('GET', `/api/v1/engagements/${e.id}/documents`, bot)).json() as { id: string }[];
  await call('GET', `/api/v1/engagements/${e.id}/documents/${docs[0].id}`, bot);
  await call('GET', `/api/v1/engagements/${e.id}/documents/${docs[0].id}/content`, bot);
  for (const format of ['json', 'csv', 'xlsx']) await call('GET', `/api/v1/templates/financials.${format}`, bot);
  await call('GET', '/api/v1/engagements?limit=5', bot);
  await call('GET', '/api/v1/engagements?q=contract', bot);

  // The gates, the fee, sign-off and the FINAL report.
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_1/approve`, asUser(valuer), { comment: 'Inputs tie to the audited accounts' });
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_2/approve`, asUser(valuer), {}); // 409 four eyes
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_2/approve`, bot, {});
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_3/approve`, asUser(admin), {}); // 409 payment_required
  const order = (await call('POST', '/api/v1/payments', bot, { engagementId: e.id })).json() as { gatewayOrderId: string };
  const paid = (await call('POST', '/api/v1/payments/sandbox/pay', {}, { gateway_order_id: order.gatewayOrderId })).json() as Record<string, string>;
  await call('POST', '/api/v1/payments/verify', bot, { ...paid, gateway_signature: 'not-the-signature' });
  await call('POST', '/api/v1/payments/verify', bot, paid);
  await call('GET', '/api/v1/payments', bot);
  await call('POST', `/api/v1/engagements/${e.id}/gates/GATE_3/approve`, asUser(admin), { comment: 'Signed off' });
  await t.worker.drain();
  const pdf = await call('GET', `/api/v1/engagements/${e.id}/report`, bot);
  const sha = createHash('sha256').update(pdf.rawPayload).digest('hex');
  await call('GET', `/api/v1/reports/verify/${sha}`);
  await call('GET', `/api/v1/reports/verify/${'0'.repeat(64)}`);
  await call('GET', '/api/v1/reports/verify/abc');
  await call('GET', '/api/v1/reports/signing-key');

  // Webhooks, tokens, team, profiles.
  const hook = (await call('POST', '/api/v1/settings/webhooks', asUser(admin), { url: 'http://127.0.0.1:9/hook', events: ['engagement.status_changed'] })).json() as { id: string };
  await call('GET', '/api/v1/settings/webhooks', asUser(admin));
  await call('GET', `/api/v1/settings/webhooks/${hook.id}`, asUser(admin));
  await call('PATCH', `/api/v1/settings/webhooks/${hook.id}`, asUser(admin), { description: 'Contract check' });
  await call('POST', `/api/v1/settings/webhooks/${hook.id}/test`, asUser(admin), {});
  await call('GET', `/api/v1/settings/webhooks/${hook.id}/deliveries`, asUser(admin));
  await call('DELETE', `/api/v1/settings/webhooks/${hook.id}`, asUser(admin));
  await call('GET', '/api/v1/settings/api-tokens', asUser(admin));
  await call('GET', '/api/v1/team', bot);
  await call('POST', '/api/v1/team/invite', asUser(admin), { email: uniqueEmail('contract'), name: 'Pending Person', role: 'VIEWER' });
  const invitations = (await call('GET', '/api/v1/invitations', asUser(admin))).json() as { id: string }[];
  await call('POST', `/api/v1/invitations/${invitations[0].id}/resend`, asUser(admin), {});
  await call('DELETE', `/api/v1/invitations/${invitations[0].id}`, asUser(admin));
  await call('PATCH', `/api/v1/team/${viewer.userId}`, asUser(admin), { role: 'VALUER' });
  await call('GET', '/api/v1/settings/firm', asUser(admin));
  await call('PATCH', '/api/v1/auth/me', asUser(admin), { designation: 'Partner' });
  await call('DELETE', `/api/v1/settings/api-tokens/${tokenId}`, asUser(admin));

  // Errors a client meets.
  await call('GET', '/api/v1/engagements'); // 401
  await call('GET', '/api/v1/engagements', bot); // 401: revoked
  await call('POST', '/api/v1/engagements', asUser(viewer, {}), { targetEntity: 'x', statute: 'RULE_11UA' }); // 403 (role changed → VALUER? still fine either way)
  await call('POST', '/api/v1/engagements', { ...asUser(valuer), 'x-csrf-token': 'wrong' }, { targetEntity: 'Forged Ltd', statute: 'RULE_11UA' }); // 403 csrf
  await call('GET', '/api/v1/engagements/eng_01M835VC43RMPC5RH4D8B73W4T', asUser(valuer)); // 404
  await call('POST', '/api/v1/engagements', asUser(valuer), { targetEntity: '', statute: 'NOPE' }); // 400
  await call('POST', `/api/v1/engagements/${e.id}/assumptions/lock`, asUser(valuer), { wacc: 12, terminalGrowthRate: 4, rationale: 'Locked again on purpose to see 409.' }); // 409
  await t.app.inject({ method: 'POST', url: '/api/v1/engagements', headers: { ...asUser(valuer), 'content-type': 'text/xml' }, payload: '<e/>' }); // 415
  const other = (await call('POST', '/api/v1/engagements', asUser(valuer), { targetEntity: 'Bad Upload Ltd', statute: 'RULE_11UA' })).json() as { id: string };
  await upload(t, asUser(valuer), other.id, 'FINANCIALS', 'financials.json', Buffer.from(JSON.stringify({ ...fixture('sample-company.json'), years: 'not years' })));
  await t.worker.drain();
  for (let i = 0; i < 62; i++) await call('GET', `/api/v1/reports/verify/${sha}`); // 429 at the end
}

test('every response of a whole lifecycle, errors and downloads included, matches the served OpenAPI document', async () => {
  await lifecycle();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addFormat('binary', true);
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(), path, op,
      pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    })));
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const failures: string[] = [];
  const statuses = new Set<number>();
  const mediaTypes = new Set<string>();
  let checkedBodies = 0;
  for (const r of seen) {
    const path = r.url.split('?')[0];
    if (path === '/api/v1/openapi.json') continue; // the document itself (hidden from itself)
    const route = routes.find((x) => x.method === r.method && x.pattern.test(path));
    const where = `${r.method} ${path} → ${r.status}`;
    if (!route) {
      failures.push(`${where}: the path and method are not documented`);
      continue;
    }
    const response = route.op.responses[String(r.status)];
    if (!response) {
      failures.push(`${where}: status not documented (documented: ${Object.keys(route.op.responses).join(', ')})`);
      continue;
    }
    statuses.add(r.status);
    const mediaType = r.contentType.split(';')[0].trim();
    if (!response.content) {
      if (r.body.length > 0) failures.push(`${where}: documented without a body, answered ${r.body.length} bytes of ${mediaType}`);
      continue;
    }
    if (!response.content[mediaType]) {
      failures.push(`${where}: Content-Type ${mediaType} not documented (documented: ${Object.keys(response.content).join(', ')})`);
      continue;
    }
    mediaTypes.add(mediaType);
    const schema = response.content[mediaType].schema;
    if (mediaType === 'application/json' || mediaType === 'application/problem+json') {
      const key = `${route.method} ${route.path} ${r.status} ${mediaType}`;
      if (!compiled.has(key)) compiled.set(key, ajv.compile({ ...(schema ?? {}), components: doc.components }));
      const validate = compiled.get(key)!;
      if (!validate(JSON.parse(r.body.toString('utf8')))) failures.push(`${where}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
      checkedBodies++;
    } else if (mediaType === 'application/pdf') {
      if (r.body.subarray(0, 5).toString('latin1') !== '%PDF-') failures.push(`${where}: not a PDF`);
    } else if (mediaType.includes('spreadsheetml')) {
      if (r.body.subarray(0, 2).toString('latin1') !== 'PK') failures.push(`${where}: not an XLSX (zip) file`);
    } else if (r.body.length === 0) failures.push(`${where}: empty ${mediaType}`);
  }
  assert.deepEqual(failures, [], `${failures.length} responses differ from the document`);
  // The run covered what it claims to: it cannot pass by checking nothing.
  for (const s of [200, 201, 204, 400, 401, 403, 404, 409, 415, 429]) assert.ok(statuses.has(s), `no ${s} response was checked`);
  for (const m of ['application/json', 'application/problem+json', 'application/pdf', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']) {
    assert.ok(mediaTypes.has(m), `no ${m} response was checked`);
  }
  assert.ok(checkedBodies > 80, `JSON bodies validated: ${checkedBodies}`);
  const stream = routes.find((x) => x.path === '/api/v1/events/stream');
  assert.ok(stream?.op.responses['200'].content?.['text/event-stream'], 'the event stream is documented as text/event-stream');
});
