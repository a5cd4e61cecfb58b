// `npm run bench -- threads`: the API's /health while the heavy work of one process runs beside it (the service
// as `npm start` runs it: API and worker in one process, on a throwaway PostgreSQL database). Two phases, each
// with /health polled by four loops from a process of its own (bench/lib/health-poller.ts):
//   1. DRAFT reports: BENCH_THREADS_N engagements (the ten-year example, Rule 11UA, with BENCH_THREADS_EVIDENCE
//      evidence documents listed: about 20 pages) locked one after another, each waited for until its DRAFT is READY;
//   2. 20 MB JSON financials uploads, BENCH_THREADS_N of them (refused as larger than a financials document may
//      be, after the whole body was received and checked).
// Target: /health p99 < 200 ms in each (docs/architecture.md, Work on threads). BENCH_THREADS_N (5).
import { readFileSync } from 'node:fs';
import { quantile, type Scenario } from './lib/scenario.js';
import { healthSummary, pollHealth, withBenchService, type HealthLatencies } from './lib/bench-service.js';
import { httpCaller, sessionOf, uploadDocument } from './lib/firm-team.js';
import { ASSUMPTIONS, ENGAGEMENT, type Who } from './lib/heavy-inputs.js';

const N = Number(process.env.BENCH_THREADS_N ?? 5);
const EVIDENCE = Number(process.env.BENCH_THREADS_EVIDENCE ?? 180);
const TARGET_P99_MS = 200;
const tenYear = JSON.parse(
  readFileSync(new URL('../test/fixtures/financials/ten-year-company.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const summary = (seen: HealthLatencies) => healthSummary(seen, TARGET_P99_MS);

const scenario: Scenario = {
  name: 'threads',
  description: `/health p99 while ${N} DRAFT reports (~20 pages) render and while ${N} 20 MB JSON financials are uploaded; one process (npm start)`,
  async run() {
    const figures: Record<string, number | string> = {};
    return withBenchService('threads', async ({ base }) => {
      const call = httpCaller(base);
      const session = sessionOf(
        await call('POST', '/api/v1/auth/signup', undefined, {
          firmName: 'Bench Threads LLP',
          name: 'Asha Admin',
          email: `admin.${process.pid}.${Date.now()}@example.com`,
          password: 'correct horse battery staple',
        }),
      );
      const token = String(
        (await call('POST', '/api/v1/settings/api-tokens', session, { name: 'bench' })).json().token,
      );
      const bearer: Who = { headers: { authorization: `Bearer ${token}` } };
      const upload = (id: string, name: string, data: Buffer, expect?: number[], fields = { kind: 'FINANCIALS' }) =>
        uploadDocument(call, bearer, id, { name, data }, { fields, ...(expect && { expect }) });
      const until = async (what: string, check: () => Promise<boolean>) => {
        for (const deadline = Date.now() + 120_000; !(await check());) {
          if (Date.now() > deadline) throw new Error(`${what}: not within 120 s`);
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      const statusOf = async (id: string) =>
        String((await call('GET', `/api/v1/engagements/${id}`, bearer)).json().status);

      // 1. DRAFT reports. The engagements are taken to DATA_READY first (one more, unmeasured, to warm up).
      const ids: string[] = [];
      for (let i = 0; i <= N; i++) {
        const id = String((await call('POST', '/api/v1/engagements', bearer, ENGAGEMENT)).json().id);
        await upload(id, 'financials.json', Buffer.from(JSON.stringify(tenYear)));
        await until(`${id} DATA_READY`, async () => (await statusOf(id)) === 'DATA_READY');
        for (let e = 1; e <= EVIDENCE; e++) {
          const evidence = {
            kind: 'EVIDENCE',
            title: `Board minutes and supporting schedule number ${e} for the valuation`,
            documentDate: '2026-03-15',
            providedBy: 'Company Secretary, Bench Castings Private Limited',
          };
          await upload(id, `evidence-${e}.json`, Buffer.from(JSON.stringify({ schedule: e })), undefined, evidence);
        }
        ids.push(id);
      }
      const draftReady = async (id: string) => {
        const r = (await call('GET', `/api/v1/engagements/${id}/report/status`, bearer, undefined, [200, 404])).json();
        if (r.status === 'FAILED') throw new Error(`DRAFT failed: ${JSON.stringify(r)}`);
        return r.kind === 'DRAFT' && r.status === 'READY';
      };
      const lockToDraft = async (id: string) => {
        const t0 = performance.now();
        await call('POST', `/api/v1/engagements/${id}/assumptions/lock`, bearer, ASSUMPTIONS);
        await until(`${id} DRAFT READY`, () => draftReady(id));
        return performance.now() - t0;
      };
      await lockToDraft(ids[0]);
      const draft = (await call('GET', `/api/v1/engagements/${ids[0]}/report`, bearer)).buf;
      const pages = draft.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
      let poller = await pollHealth(`${base}/api/v1/health`);
      const drafts: number[] = [];
      for (const id of ids.slice(1)) drafts.push(await lockToDraft(id));
      figures[`/health during ${N} DRAFT renders (ms)`] = summary(await poller.stop());
      const sorted = [...drafts].sort((a, b) => a - b);
      figures['lock → DRAFT READY (ms)'] =
        `p50 ${quantile(sorted, 0.5).toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}; ${pages} pages, ${(draft.length / 1024).toFixed(0)} KiB`;

      // 2. 20 MB JSON financials: the ten-year example with a 20 MB note.
      const big = Buffer.from(JSON.stringify({ ...tenYear, notes: 'x'.repeat(20 * 1024 * 1024) }));
      const target = String((await call('POST', '/api/v1/engagements', bearer, ENGAGEMENT)).json().id);
      poller = await pollHealth(`${base}/api/v1/health`);
      const statuses = new Map<number, number>();
      for (let i = 0; i < N; i++) {
        const r = await upload(target, 'financials.json', big, [201, 400, 409, 413]);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
      figures[`/health during ${N} uploads of ${(big.length / 1024 / 1024).toFixed(1)} MB JSON (ms)`] = summary(
        await poller.stop(),
      );
      figures['those uploads answered'] = [...statuses].map(([s, n]) => `${n} × ${s}`).join(', ');
      return figures;
    });
  },
};

export default scenario;
