// Drives engagements through the real API: create, upload (real multipart bodies), lock, run the worker.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { IBC_APPOINTING_EXAMPLE } from '../../src/contract/ibc-appointment.js';
import type { TestApp } from './app.js';

export const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/financials/${name}`, import.meta.url), 'utf8'));

export function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) {
  const boundary = `----vs${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The facts a signed report needs about the appointment and the company (GATE_3 refuses without them). */
export const REPORT_FACTS = {
  appointingAuthority: 'Board of Directors of Sample Manufacturing Private Limited',
  appointmentDate: '2026-04-02',
  companyBackground:
    'Sample Manufacturing makes precision castings for the automotive industry from two plants in Pune, founded in 2015 and profitable since 2019.',
  // The fixtures value on 31 March 2026, months before the day the tests sign (docs/reports.md, Dates).
  valuationDateReason:
    'The valuation is as at 31 March 2026, the date of the latest audited balance sheet, on which the board asked for it.',
};

/** Where the partner signs, given with the GATE_3 approval. */
export const SIGNING = { place: 'Mumbai' };

/**
 * The fixtures' balance sheets close on 31 March 2026 and their projections start with FY2027, so the
 * tests value on that date: the first projection year starts the next day (no stub period) and the
 * figures do not move with the day the tests run (docs/valuation-method.md, Stub period).
 */
export const FIXTURE_VALUATION_DATE = '2026-03-31';

/** The sample company's engagement (a Rule 11UA transfer), as the tests create it unless told otherwise. */
export const SAMPLE_ENGAGEMENT = {
  targetEntity: 'Sample Manufacturing Pvt Ltd',
  statute: 'RULE_11UA',
  cin: 'U28100MH2015PTC123456',
  purpose: 'TRANSFER_OR_RECEIPT',
  valuationDate: FIXTURE_VALUATION_DATE,
  ...REPORT_FACTS,
};

export async function createEngagement(
  t: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown> = {},
) {
  // Under the IBC the resolution professional or the liquidator appoints, never a board (src/contract/ibc-appointment.ts).
  const ibcAuthority =
    body.statute === 'IBC_LIQUIDATION'
      ? {
          appointingAuthority:
            body.purpose === 'LIQUIDATION_REALISABLE_VALUE'
              ? IBC_APPOINTING_EXAMPLE.LIQUIDATION
              : IBC_APPOINTING_EXAMPLE.CIRP,
        }
      : {};
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers,
    payload: { ...SAMPLE_ENGAGEMENT, ...ibcAuthority, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; status: string };
}

export async function upload(
  t: TestApp,
  headers: Record<string, string>,
  engagementId: string,
  kind: string,
  name: string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const mp = multipart({ kind, ...fields }, { name, data });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${engagementId}/documents`,
    headers: { ...headers, ...mp.headers },
    payload: mp.payload,
  });
}

/** A financials fixture uploaded as JSON (FINANCIALS), by default the sample company as financials.json. */
export function uploadFixture(
  t: TestApp,
  headers: Record<string, string>,
  engagementId: string,
  name = 'sample-company.json',
  fileName = 'financials.json',
) {
  return upload(t, headers, engagementId, 'FINANCIALS', fileName, Buffer.from(JSON.stringify(fixture(name))));
}

/** A financials document moved two years back: balance sheet of 31 March 2024, projections from FY2025 (in place). */
export function twoYearsEarlier<T extends Record<string, unknown>>(doc: T): T {
  const projections = doc.projections as { year: string }[];
  return Object.assign(doc, {
    balanceSheetDate: '2024-03-31',
    projections: projections.map((p, i) => ({ ...p, year: `FY${2025 + i}` })),
  });
}

/** The valuer's note on the projections, which a lock adopting a DCF needs (docs/reports.md, Annexures). */
export const PROJECTIONS_NOTE =
  'Revenue growth and margins follow the last three years and the order book; capex and working capital match the plan.';

export const VALID_ASSUMPTIONS = {
  wacc: 12.5,
  terminalGrowthRate: 4,
  rationale: 'Peer beta 1.1 relevered; CAPM on 10y G-sec yield of 7.0 %.',
  projectionsReasonableness: PROJECTIONS_NOTE,
};

export async function lock(
  t: TestApp,
  headers: Record<string, string>,
  engagementId: string,
  body: Record<string, unknown> = VALID_ASSUMPTIONS,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${engagementId}/assumptions/lock`,
    headers,
    payload: body,
  });
}

/** The cost-of-capital rationale the valuation tests lock with. */
export const CAPM_RATIONALE = 'Cost of equity by CAPM on the 10-year G-sec; peer beta relevered.';

/** The lock body the valuation tests start from: WACC 12 %, growth 4 %, the CAPM rationale. */
export const CAPM_LOCK = {
  wacc: 12,
  terminalGrowthRate: 4,
  rationale: CAPM_RATIONALE,
  projectionsReasonableness: PROJECTIONS_NOTE,
};

/** An engagement made with `body` and `document` uploaded as its financials (201), read by the worker. */
export async function withFinancials(
  t: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown>,
  document: unknown,
) {
  const e = await createEngagement(t, headers, body);
  const up = await upload(t, headers, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(document)));
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  return e;
}

/** An engagement made with `body` and the fixture financials uploaded and read by the worker. */
export async function withFixture(t: TestApp, headers: Record<string, string>, body: Record<string, unknown>) {
  const e = await createEngagement(t, headers, body);
  await uploadFixture(t, headers, e.id);
  await t.worker.drain();
  return e;
}

/** GET …/valuation: the stored valuation's JSON. */
export async function valuationOf(t: TestApp, headers: Record<string, string>, engagementId: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${engagementId}/valuation`, headers })).json();
}

/** Locks with `body` (a refusal fails the test) and lets the worker value it. */
export async function lockedAndValued(
  t: TestApp,
  headers: Record<string, string>,
  engagementId: string,
  body: Record<string, unknown>,
) {
  const res = await lock(t, headers, engagementId, body);
  assert.equal(res.statusCode, 200, res.body);
  await t.worker.drain();
}

export async function status(t: TestApp, headers: Record<string, string>, engagementId: string): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${engagementId}`, headers })).json().status;
}

/** A gate decided through the API (POST …/gates/{gate}/approve or reject). */
export function decide(
  t: TestApp,
  id: string,
  gate: string,
  verb: 'approve' | 'reject',
  headers: Record<string, string>,
  payload: object = {},
) {
  return t.app.inject({ method: 'POST', url: `/api/v1/engagements/${id}/gates/${gate}/${verb}`, headers, payload });
}

/** Creates an engagement and takes it to GATE_1 through a JSON upload, the lock and the worker. */
export async function engagementAtGate1(
  t: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown> = {},
) {
  const e = await createEngagement(t, headers, body);
  const up = await uploadFixture(t, headers, e.id);
  if (up.statusCode !== 201) throw new Error(`upload failed ${up.body}`);
  const l = await lock(t, headers, e.id);
  if (l.statusCode !== 200) throw new Error(`lock failed ${l.body}`);
  await t.worker.drain();
  return e;
}

/**
 * A financials document with a source on every peer, deal, round and IBC asset class that lacks one (docs/evidence.md),
 * for tests about something else; test/integration/evidence tests the refusals themselves.
 */
export function sourced<T>(doc: T): T {
  const d = structuredClone(doc) as Record<string, unknown> & {
    peers?: Record<string, unknown>[];
    transactions?: Record<string, unknown>[];
    recentRound?: Record<string, unknown>;
    liquidation?: { assets?: Record<string, unknown>[] };
  };
  const nav = d.navAdjustments as Record<string, number | undefined> | undefined;
  if (nav) {
    // One property at the whole stamp-duty value, so the sources add up whatever values the test set.
    const stampDuty = nav.immovablePropertyStampDutyValue ?? 0;
    d.navAdjustmentSources = {
      ...(stampDuty > 0 && {
        immovableProperties: [{ description: 'Factory', stampDutyValue: stampDuty, authority: 'Sub-Registrar' }],
      }),
      sharesAndSecuritiesSource: 'National Stock Exchange',
      sharesAndSecuritiesPriceDate: '2026-03-31',
      jewelleryAndArtSource: "Registered valuer's report",
    };
  }
  d.peers = d.peers?.map((p) => ({ source: 'Capitaline', asOf: '2026-03-31', ...p }));
  if (d.transactions)
    d.transactions = d.transactions.map((x) => ({ source: 'Deal announcement', partiesRelation: 'Unrelated', ...x }));
  if (d.recentRound) d.recentRound = { document: 'Share subscription agreement', ...d.recentRound };
  if (d.liquidation?.assets)
    d.liquidation.assets = d.liquidation.assets.map((a) => ({
      method: 'Sales comparison method',
      physicalVerification: 'Site inspection',
      verifiedOn: '2026-04-03',
      ...a,
    }));
  if (d.peers === undefined) delete d.peers;
  return d as T;
}
