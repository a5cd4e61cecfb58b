// `npm run bench -- heavy`: the paths people wait on, each BENCH_HEAVY_N times, with p50/p95 and the server's
// RSS (its process tree, sampled every 100 ms): lock → GATE_1 (the computation with its sensitivity grid),
// GATE_3 → FINAL report READY, the workpapers download, and a 5 MB XLSX upload → DATA_READY with the API's
// /health p99 meanwhile. One throwaway PostgreSQL database; the service as `npm start` runs it (API and worker
// in one process), or BENCH_HEAVY_ROLES=split for an `api` and a `worker` process.
// BENCH_HEAVY_N (8); BENCH_HEAVY_STATUTE (RULE_11UA, the ten-year DCF example: the longest report).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_SERVICE_ENV, createMigratedDatabase, dropDatabase } from './lib/throwaway-db.js';
import { MAX_XLSX_EXPANDED_BYTES } from '../src/domain/documents/upload-bounds.js';
import { inflateZipBounded } from '../src/integrations/spreadsheets/zip-bounds.js';
import { quantile, type Scenario } from './lib/scenario.js';
import { startChild, stopAll, treeRssMb, type Child } from './lib/children.js';
import type { TraceSecond } from '../src/lib/stall-trace.js';
import { formatStalls, summarizeStalls } from './lib/stall-summary.js';
import { ASSUMPTIONS, ENGAGEMENT, STATUTE, firmWorkbook } from './lib/heavy-inputs.js';
import { firmTeam, httpCaller, uploadDocument } from './lib/firm-team.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.BENCH_HEAVY_N ?? 8);
const SPLIT = process.env.BENCH_HEAVY_ROLES === 'split';
const FIXTURES = new URL('../test/fixtures/financials/', import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Record<string, unknown>;

const ms = (t0: number) => performance.now() - t0;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p95: quantile(s, 0.95), p99: quantile(s, 0.99), max: s.at(-1) ?? NaN };
};

const scenario: Scenario = {
  name: 'heavy',
  description: `lock → GATE_1, GATE_3 → FINAL (${STATUTE}${STATUTE === 'IBC_LIQUIDATION' ? ', IBC shortfall example' : ', ten-year example'}), workpapers, 5 MB XLSX → DATA_READY with /health meanwhile; ${N} each; server RSS`,
  async run() {
    const figures: Record<string, number | string> = {};
    const say = (line: string) => console.log(`   · ${line}`);
    const dbName = `vs_bench_heavy_${process.pid}_${Date.now()}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'vs-bench-heavy-'));
    let created = false;
    const servers: Child[] = [];
    // RSS of the servers, sampled every 100 ms, the largest per phase.
    let phase = 'start';
    const rss = new Map<string, number>();
    const perServer = new Map<string, number>();
    const sampler = setInterval(() => {
      let mb = 0;
      for (const c of servers) {
        const own = treeRssMb(c.proc.pid!) ?? 0;
        perServer.set(c.name, Math.max(perServer.get(c.name) ?? 0, own));
        mb += own;
      }
      rss.set(phase, Math.max(rss.get(phase) ?? 0, mb));
    }, 100);
    const cleanup = async () => {
      clearInterval(sampler);
      await stopAll();
      rmSync(dataDir, { recursive: true, force: true });
      if (created) await dropDatabase(ADMIN_URL, dbName);
    };
    const onSignal = () => void cleanup().finally(() => process.exit(130));
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      const dbUrl = await createMigratedDatabase(ADMIN_URL, dbName);
      created = true;
      const env = {
        DATABASE_URL: dbUrl,
        DATA_DIR: dataDir,
        ...BENCH_SERVICE_ENV,
      };
      const trace = join(dataDir, 'stalls.jsonl');
      const api = await startChild(
        SPLIT ? 'api' : 'service',
        'src/main.ts',
        SPLIT ? ['api'] : [],
        { ...env, STALL_TRACE_FILE: trace },
        '/api/v1/health',
      );
      servers.push(api);
      if (SPLIT) servers.push(await startChild('worker', 'src/main.ts', ['worker'], env, null));
      const base = api.base;

      const call = httpCaller(base);
      const { boss, valuer, reviewer, bearer } = await firmTeam(call, base, dataDir, 'Bench Heavy LLP');

      const statusOf = async (id: string) =>
        String((await call('GET', `/api/v1/engagements/${id}`, bearer)).json().status);
      const waitFor = async (id: string, wanted: string, refuse = ['REJECTED', 'FAILED']) => {
        const deadline = Date.now() + 60_000;
        for (;;) {
          const s = await statusOf(id);
          if (s === wanted) return;
          if (refuse.includes(s)) throw new Error(`${id} went to ${s}, waiting for ${wanted}`);
          if (Date.now() > deadline) throw new Error(`${id} still ${s} after 60 s, waiting for ${wanted}`);
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      const upload = (id: string, name: string, data: Buffer, expect?: number[]) =>
        uploadDocument(call, bearer, id, { name, data }, expect ? { expect } : {});
      const doc = fixture(STATUTE === 'IBC_LIQUIDATION' ? 'ibc-shortfall.json' : 'ten-year-company.json'); // IBC needs liquidation assets

      // 1. lock → GATE_1, 2. GATE_3 → FINAL READY, 3. workpapers, on N engagements (one more first, unmeasured, to warm up).
      const toGate1: number[] = [];
      const toFinal: number[] = [];
      const workpapers: number[] = [];
      let finalBytes = 0;
      let workpaperBytes = 0;
      for (let i = 0; i <= N; i++) {
        const warm = i === 0;
        const id = String((await call('POST', '/api/v1/engagements', bearer, ENGAGEMENT)).json().id);
        await upload(id, 'financials.json', Buffer.from(JSON.stringify(doc)));
        await waitFor(id, 'DATA_READY');
        phase = 'lock → GATE_1';
        let t0 = performance.now();
        await call('POST', `/api/v1/engagements/${id}/assumptions/lock`, bearer, ASSUMPTIONS);
        await waitFor(id, 'GATE_1');
        if (!warm) toGate1.push(ms(t0));
        phase = 'between';
        const order = (await call('POST', '/api/v1/payments', bearer, { engagementId: id })).json();
        const paid = (
          await call('POST', '/api/v1/payments/sandbox/pay', undefined, { gateway_order_id: order.gatewayOrderId })
        ).json();
        await call('POST', '/api/v1/payments/verify', bearer, paid);
        await call('POST', `/api/v1/engagements/${id}/gates/GATE_1/approve`, valuer, {});
        await call('POST', `/api/v1/engagements/${id}/gates/GATE_2/approve`, reviewer, {});
        phase = 'GATE_3 → FINAL';
        t0 = performance.now();
        await call('POST', `/api/v1/engagements/${id}/gates/GATE_3/approve`, boss, { place: 'Mumbai' });
        for (let deadline = Date.now() + 120_000; ;) {
          const r = (await call('GET', `/api/v1/engagements/${id}/report/status`, bearer)).json();
          if (r.kind === 'FINAL' && r.status === 'READY') break;
          if (r.status === 'FAILED' || Date.now() > deadline) throw new Error(`FINAL report: ${JSON.stringify(r)}`);
          await new Promise((res) => setTimeout(res, 10));
        }
        if (!warm) toFinal.push(ms(t0));
        if (warm) finalBytes = (await call('GET', `/api/v1/engagements/${id}/report`, bearer)).buf.length;
        phase = 'workpapers download';
        t0 = performance.now();
        const wp = await call('GET', `/api/v1/engagements/${id}/valuation/workpapers.xlsx`, bearer);
        if (!warm) workpapers.push(ms(t0));
        workpaperBytes = wp.buf.length;
        phase = 'between';
        if (!warm)
          say(
            `${i}/${N}: lock → GATE_1 ${toGate1.at(-1)!.toFixed(0)} ms, GATE_3 → FINAL ${toFinal.at(-1)!.toFixed(0)} ms, workpapers ${workpapers.at(-1)!.toFixed(0)} ms`,
          );
      }

      // 4. A 5 MB workbook → DATA_READY, with /health polled by 4 clients meanwhile. The ten-year example on a
      // Rule 11UA engagement whatever BENCH_HEAVY_STATUTE: the cost measured is reading the workbook.
      const tenYear = fixture('ten-year-company.json');
      const XLSX_ENGAGEMENT = { ...ENGAGEMENT, statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT' };
      const accepted = await firmWorkbook(tenYear, 5 * 1024 * 1024);
      const mbOf = (b: number) => (b / (1024 * 1024)).toFixed(2);
      const expanded = inflateZipBounded(accepted, Number.MAX_SAFE_INTEGER).reduce((n, e) => n + e.data.length, 0);
      if (expanded > MAX_XLSX_EXPANDED_BYTES)
        throw new Error(`the bench's workbook expands to ${mbOf(expanded)} MB, over the upload bound`);
      say(
        `workbook: ${mbOf(accepted.length)} MB file, ${mbOf(expanded)} MB expanded (the bound: ${mbOf(MAX_XLSX_EXPANDED_BYTES)} MB)`,
      );
      const toReady: number[] = [];
      const ingestionFrom = Date.now();
      // /health is polled from a process of its own: this one's event loop is busy with the uploads.
      const poller = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/health-poller.ts'], {
        cwd: ROOT,
        env: { ...process.env, HEALTH_URL: `${base}/api/v1/health` },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let pollerOut = '';
      poller.stdout.on('data', (b: Buffer) => (pollerOut += b.toString()));
      const stopPoller = async (): Promise<{ latencies: number[]; failures: number }> => {
        const exited = new Promise((r) => poller.once('exit', r));
        poller.kill('SIGTERM');
        await exited;
        const last = pollerOut.trim().split('\n').at(-1) ?? '';
        return last.startsWith('{') ? JSON.parse(last) : { latencies: [], failures: 0 };
      };
      for (const deadline = Date.now() + 30_000; !pollerOut.includes('polling\n');) {
        if (Date.now() > deadline || poller.exitCode !== null) throw new Error('the /health poller did not start');
        await new Promise((r) => setTimeout(r, 50));
      }
      const serverAlive = () => {
        if (api.proc.exitCode !== null || api.proc.signalCode !== null) {
          throw new Error(
            `the service exited (${api.proc.exitCode ?? api.proc.signalCode}) during ingestion: ${api.output.join('').slice(-3000)}`,
          );
        }
      };
      for (let i = 0; i <= N; i++) {
        const id = String((await call('POST', '/api/v1/engagements', bearer, XLSX_ENGAGEMENT)).json().id);
        phase = 'XLSX upload → DATA_READY';
        const t0 = performance.now();
        try {
          await upload(id, 'financials.xlsx', accepted);
          await waitFor(id, 'DATA_READY');
        } catch (err) {
          await stopPoller(); // before the service is stopped
          serverAlive();
          const docs = (await call('GET', `/api/v1/engagements/${id}/documents`, bearer)).buf.toString();
          throw new Error(`${(err as Error).message}; its documents: ${docs.slice(0, 1500)}`);
        }
        if (i > 0) toReady.push(ms(t0));
        phase = 'between';
        if (i > 0) say(`${i}/${N}: XLSX → DATA_READY ${toReady.at(-1)!.toFixed(0)} ms`);
      }
      const { latencies: health, failures: healthFailures } = await stopPoller();
      const ingestionTo = Date.now();
      if (healthFailures > 0) figures['/health requests that failed'] = healthFailures;

      const g1 = stats(toGate1);
      const fin = stats(toFinal);
      const wp = stats(workpapers);
      const rd = stats(toReady);
      const h = stats(health);
      const maxRss = Math.max(...rss.values());
      const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
      figures['layout'] = SPLIT ? 'api + worker processes' : 'one process (API and worker, as npm start)';
      figures['lock → GATE_1 (ms)'] =
        `p50 ${g1.p50.toFixed(0)}, p95 ${g1.p95.toFixed(0)} (target p95 ≤ 1000: ${verdict(g1.p95 <= 1000)})`;
      figures[`GATE_3 → FINAL READY (ms), ${STATUTE}`] =
        `p50 ${fin.p50.toFixed(0)}, p95 ${fin.p95.toFixed(0)} (target p95 ≤ 2000: ${verdict(fin.p95 <= 2000)}); PDF ${(finalBytes / 1024).toFixed(0)} KiB`;
      figures['workpapers download (ms)'] =
        `p50 ${wp.p50.toFixed(0)}, p95 ${wp.p95.toFixed(0)}; ${(workpaperBytes / 1024).toFixed(0)} KiB`;
      figures[`XLSX ${mbOf(accepted.length)} MB (${mbOf(expanded)} MB expanded) → DATA_READY (ms)`] =
        `p50 ${rd.p50.toFixed(0)}, p95 ${rd.p95.toFixed(0)} (target p95 ≤ 3000: ${verdict(rd.p95 <= 3000)})`;
      figures['/health during XLSX ingestion (ms)'] =
        `p50 ${h.p50.toFixed(1)}, p99 ${h.p99.toFixed(1)}, max ${h.max.toFixed(0)}, ${health.length} requests (target p99 < 50: ${verdict(h.p99 < 50)})`;
      // What held the API's event loop meanwhile (its stall trace): delay, GC pauses, the worst seconds.
      await new Promise((r) => setTimeout(r, 1100));
      const ingestionStalls = summarizeStalls(trace, ingestionFrom, ingestionTo);
      if (ingestionStalls)
        formatStalls(ingestionStalls).forEach((line, i) => (figures[`API during XLSX ingestion (${i + 1})`] = line));
      for (const [p, mb] of rss) if (p !== 'between') figures[`server RSS max, ${p} (MB)`] = Number(mb.toFixed(0));
      // The API process's own view (its stall trace): V8 heap in use against resident memory, first and last second.
      await new Promise((r) => setTimeout(r, 1100));
      const secs = readFileSync(trace, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as TraceSecond)
        .filter((x) => x.mem);
      if (secs.length > 1) {
        const [first, last] = [secs[0].mem, secs.at(-1)!.mem];
        figures['API process memory, first → last second (MB)'] =
          `RSS ${first.rss} → ${last.rss}, V8 heap used ${first.heap} → ${last.heap} (max ${Math.max(...secs.map((x) => x.mem.heap))}), external ${first.external} → ${last.external}`;
      }
      if (SPLIT) for (const [name, mb] of perServer) figures[`${name} process RSS max (MB)`] = Number(mb.toFixed(0));
      figures[`server RSS max, throughout (MB)${SPLIT ? ', both processes' : ''}`] =
        `${maxRss.toFixed(0)} (target < 400: ${verdict(maxRss < 400)})`;
      return figures;
    } finally {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      await cleanup();
    }
  },
};

export default scenario;
