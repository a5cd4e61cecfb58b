// `npm run bench -- http`: the authenticated GET against a bare node:http + pg baseline, A B A B,
// on one throwaway PostgreSQL database; the same GET on the embedded database; the engagement list at 1 k and
// 1 M rows in one firm; lock-assumptions throughput. Servers are child processes; autocannon runs here with
// BENCH_WORKERS worker threads (default 2) for the GET rounds, so the load generator is not the ceiling. Each
// server writes a stall trace (STALL_TRACE_FILE): its event-loop delay, GC pauses, token-use flushes and
// credential loads per second, printed for every A/B round with the round's worst seconds.
// BENCH_DATABASE_URL: a server to make and drop the throwaway database on (default the local one).
// BENCH_ROUND_S / BENCH_WARMUP_S: seconds per measured round / warm-up; BENCH_LIST_ROWS (1000000); BENCH_LOCKS (2000);
// BENCH_PARTS: fixed,cluster,lock,list,embedded (the default; the A B A B GET always runs). DATABASE_POOL_MAX: both servers' pool.
// BENCH_FIXED_RATE: the `fixed` part's rate (3000): CPU per request of both servers at a fixed request rate.
// BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there on exit (read it with bench/lib/profile-summary.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { listEngagements } from '../src/features/engagements/engagements.repository.js';
import type { Scenario } from './lib/scenario.js';
import { BENCH_SERVICE_ENV, createMigratedDatabase, dropDatabase } from './lib/throwaway-db.js';
import { startChild, stopAll, stopChild } from './lib/children.js';
import { formatStalls } from './lib/stall-summary.js';
import { CONNECTIONS, LOADGEN_WORKERS, fmt, load, type Round } from './lib/http-load.js';
import { lockThroughput } from './lib/http-lock.js';
import { CROCKFORD_SQL, createEngagement, seedEngagements, seedFirm } from './lib/http-seed.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUND_S = Number(process.env.BENCH_ROUND_S ?? 15);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const LOCKS = Number(process.env.BENCH_LOCKS ?? 2000);
/** Which parts run (comma-separated; the A B A B GET always runs): fixed, cluster, lock, list, embedded. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'fixed,cluster,lock,list,embedded').split(',').map((s) => s.trim()));
/** The rate of the `fixed` part's rounds (requests a second). */
const FIXED_RATE = Number(process.env.BENCH_FIXED_RATE ?? 3000);
const POOL_MAX = process.env.DATABASE_POOL_MAX; // unset: the service's default, and the baseline uses the same
const tempDirs: string[] = [];

async function cleanup(dbName: string | undefined): Promise<void> {
  await stopAll();
  for (const d of tempDirs.splice(0)) rmSync(d, { recursive: true, force: true });
  if (dbName) await dropDatabase(ADMIN_URL, dbName);
}

const scenario: Scenario = {
  name: 'http',
  description: `authenticated GET vs a bare node:http + pg baseline (A B A B, ${CONNECTIONS} connections, ${LOADGEN_WORKERS} autocannon threads, ${ROUND_S} s rounds); embedded GET; list at 1 k / ${LIST_ROWS} rows; lock throughput`,
  async run() {
    const figures: Record<string, number | string> = {};
    // Other work on the machine moves every figure: say how busy it was.
    figures['machine'] = `${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at start`;
    const say = (line: string) => console.log(`   · ${line}`);
    const dbName = `vs_bench_${process.pid}_${Date.now()}`;
    let created = false;
    const onSignal = () => {
      void cleanup(created ? dbName : undefined).finally(() => process.exit(130));
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      const dbUrl = await createMigratedDatabase(ADMIN_URL, dbName);
      created = true;

      const dataDir = mkdtempSync(join(tmpdir(), 'vs-bench-http-'));
      tempDirs.push(dataDir);
      const serviceEnv = (extra: Record<string, string>) => ({
        ...BENCH_SERVICE_ENV,
        ...(POOL_MAX ? { DATABASE_POOL_MAX: POOL_MAX } : {}),
        ...extra,
      });
      const service = await startChild(
        'service',
        'src/main.ts',
        ['api'],
        serviceEnv({ DATABASE_URL: dbUrl, DATA_DIR: dataDir, STALL_TRACE_FILE: join(dataDir, 'service-stalls.jsonl') }),
        '/api/v1/health',
      );
      const main = await seedFirm(service.base, 'Bench LLP');
      const engagementId = await createEngagement(service.base, main.token);
      // The pool size the service runs with: its default unless DATABASE_POOL_MAX is given.
      const { loadConfig } = await import('../src/config.js');
      const poolMax = String(loadConfig({ ...(POOL_MAX ? { DATABASE_POOL_MAX: POOL_MAX } : {}) }).DATABASE_POOL_MAX);
      const baseline = await startChild(
        'baseline',
        'bench/lib/baseline-server.ts',
        [],
        {
          DATABASE_URL: dbUrl,
          FIRM_ID: main.firmId,
          DATABASE_POOL_MAX: poolMax,
          STALL_TRACE_FILE: join(dataDir, 'baseline-stalls.jsonl'),
        },
        `/api/v1/engagements/${engagementId}`,
      );
      figures['pool size (both servers)'] = Number(poolMax);

      // 1. A B A B on PostgreSQL.
      const path = `/api/v1/engagements/${engagementId}`;
      const a0 = await fetch(baseline.base + path);
      const b0 = await fetch(service.base + path, { headers: { authorization: `Bearer ${main.token}` } });
      if (a0.status !== 200 || b0.status !== 200)
        throw new Error(`GET answers ${a0.status} (baseline) / ${b0.status} (service)`);
      await a0.arrayBuffer();
      await b0.arrayBuffer();
      // 0. The generator's ceiling here: the same load against a server that does no work, answering a body of the GET's size.
      const staticServer = await startChild(
        'static',
        'bench/lib/static-server.ts',
        [],
        {
          BODY_BYTES: String(
            (
              await (
                await fetch(service.base + path, { headers: { authorization: `Bearer ${main.token}` } })
              ).arrayBuffer()
            ).byteLength,
          ),
        },
        '/',
      );
      await load(staticServer.base + '/', main.token, WARMUP_S);
      const ceiling = await load(staticServer.base + '/', main.token, ROUND_S, staticServer);
      await stopChild(staticServer);
      say(`load generator against a server doing no work: ${fmt(ceiling)}`);
      figures['load generator ceiling (no-work server)'] = fmt(ceiling);
      // Both servers warm up last, right before their rounds, for the same time: the JIT and the heap reach their
      // steady state in the measured process, not in a round (the first service round used to be the weaker).
      say(`warm-up ${WARMUP_S} s each`);
      await load(baseline.base + path, main.token, WARMUP_S);
      await load(service.base + path, main.token, WARMUP_S);
      const a: Round[] = [];
      const b: Round[] = [];
      const sayStalls = (r: Round) => r.stalls && formatStalls(r.stalls).forEach((l) => say(`    ${l}`));
      for (const round of [1, 2]) {
        a.push(await load(baseline.base + path, main.token, ROUND_S, baseline));
        say(`A${round} baseline  ${fmt(a.at(-1)!)}`);
        sayStalls(a.at(-1)!);
        b.push(await load(service.base + path, main.token, ROUND_S, service));
        say(`B${round} service   ${fmt(b.at(-1)!)}`);
        sayStalls(b.at(-1)!);
      }
      if (PARTS.has('fixed')) {
        // 1a. CPU per request at a fixed rate, well below saturation: the servers' own cost with less of the
        // scheduler's noise than the A B rounds carry (each server's process tree, from /proc).
        const fixed: Round[] = [];
        for (const [name, server] of [
          ['A', baseline],
          ['B', service],
        ] as const) {
          fixed.push(await load(server.base + path, main.token, ROUND_S, server, FIXED_RATE));
          say(`${name} at ${FIXED_RATE} req/s  ${fmt(fixed.at(-1)!)}`);
        }
        figures[`A at ${FIXED_RATE} req/s`] = fmt(fixed[0]);
        figures[`B at ${FIXED_RATE} req/s`] = fmt(fixed[1]);
        if (fixed[0].cpuMsPerRequest && fixed[1].cpuMsPerRequest) {
          figures[`server CPU per request service/baseline at ${FIXED_RATE} req/s`] = (
            fixed[1].cpuMsPerRequest / fixed[0].cpuMsPerRequest
          ).toFixed(2);
        }
      }
      await stopChild(baseline);
      const mean = (rs: Round[], k: 'rps' | 'p50' | 'p99' | 'p999' | 'cpuMsPerRequest') =>
        rs.reduce((s, r) => s + (r[k] ?? 0), 0) / rs.length;
      a.forEach((r, i) => (figures[`A${i + 1} baseline`] = fmt(r)));
      b.forEach((r, i) => {
        figures[`B${i + 1} service`] = fmt(r);
        if (r.stalls)
          figures[`B${i + 1} service stalls`] =
            `delay p99 ${r.stalls.eldP99} ms, max ${r.stalls.eldMax} ms; ${formatStalls(r.stalls).slice(1, 3).join('; ')}`;
      });
      // The targets, per pair of rounds (A1 with B1, A2 with B2): every pair must meet them.
      const pairs = a.map((ar, i) => ({ a: ar, b: b[i] }));
      const verdict = (name: string, values: number[], ok: (v: number) => boolean, target: string) => {
        const pass = values.every(ok);
        figures[name] = `${values.map((v) => v.toFixed(2)).join(' / ')} (target ${target}: ${pass ? 'PASS' : 'FAIL'})`;
        return pass;
      };
      const errors = [...a, ...b].reduce((s, r) => s + r.errors, 0);
      // The load generator first: it must drive a server doing no work at ≥ 15 k req/s, or no ratio below means much.
      const generatorOk = verdict(
        'load generator ≥ 15,000 req/s (no-work server)',
        [ceiling.rps / 1000],
        (v) => v >= 15,
        '≥ 15 k req/s',
      );
      verdict(
        'bare server ≥ 15,000 req/s',
        a.map((r) => r.rps / 1000),
        (v) => v >= 15,
        '≥ 15 k req/s (a goal: the machine, not the generator, decides it)',
      );
      const passes = [
        generatorOk,
        verdict(
          'throughput service/baseline',
          pairs.map((p) => p.b.rps / p.a.rps),
          (v) => v >= 0.9,
          '≥ 0.9',
        ),
        verdict(
          'p99 service/baseline',
          pairs.map((p) => p.b.p99 / p.a.p99),
          (v) => v <= 1.5,
          '≤ 1.5',
        ),
        verdict(
          'p99.9 service/baseline',
          pairs.map((p) => p.b.p999 / p.a.p999),
          (v) => v <= 3,
          '≤ 3',
        ),
      ];
      figures['errors in A/B rounds'] = `${errors} (target 0: ${errors === 0 ? 'PASS' : 'FAIL'})`;
      const cpuA = a.map((r) => r.cpuMsPerRequest);
      const cpuB = b.map((r) => r.cpuMsPerRequest);
      if ([...cpuA, ...cpuB].every((x) => x !== undefined)) {
        verdict(
          'server CPU per request service/baseline',
          pairs.map((p) => p.b.cpuMsPerRequest! / p.a.cpuMsPerRequest!),
          (v) => v <= 1.2,
          '≤ 1.2 (a goal)',
        );
      }
      figures['authenticated GET, all targets'] = passes.every(Boolean) && errors === 0 ? 'PASS' : 'FAIL';

      if (PARTS.has('cluster')) {
        // 1b. API_PROCESSES: the same GET on one API process (B) and on API_PROCESSES=2 (C), alternately.
        const clustered = await startChild(
          'service x2',
          'src/main.ts',
          ['api'],
          serviceEnv({ DATABASE_URL: dbUrl, DATA_DIR: dataDir, API_PROCESSES: '2' }),
          '/api/v1/health',
        );
        await load(clustered.base + path, main.token, WARMUP_S);
        const one: Round[] = [];
        const two: Round[] = [];
        for (const round of [1, 2]) {
          one.push(await load(service.base + path, main.token, ROUND_S, service));
          say(`B${round + 2} 1 process  ${fmt(one.at(-1)!)}`);
          two.push(await load(clustered.base + path, main.token, ROUND_S, clustered));
          say(`C${round} 2 processes ${fmt(two.at(-1)!)}`);
        }
        await stopChild(clustered);
        one.forEach((r, i) => (figures[`B${i + 3} service, 1 API process`] = fmt(r)));
        two.forEach((r, i) => (figures[`C${i + 1} service, API_PROCESSES=2`] = fmt(r)));
        figures['API_PROCESSES=2 / 1 throughput'] = (mean(two, 'rps') / mean(one, 'rps')).toFixed(2);
        figures['API_PROCESSES=2 / 1 p99'] = (mean(two, 'p99') / mean(one, 'p99')).toFixed(2);
        figures['API_PROCESSES=2 / baseline throughput'] = (mean(two, 'rps') / mean(a, 'rps')).toFixed(2);
      }

      if (PARTS.has('lock')) await lockThroughput(service.base, main.token, LOCKS, say, figures);

      if (PARTS.has('list')) {
        // 3. GET /engagements?limit=50 in a firm with 1 k rows and one with LIST_ROWS rows.
        const small = await seedFirm(service.base, 'Bench Thousand LLP');
        const large = await seedFirm(service.base, 'Bench Million LLP');
        const client = new pg.Client({ connectionString: dbUrl });
        await client.connect();
        try {
          await client.query(CROCKFORD_SQL);
          const s1 = await seedEngagements(client, small.firmId, small.userId, 1000);
          say(`seeded 1000 rows in ${s1.toFixed(1)} s; seeding ${LIST_ROWS} rows…`);
          const s2 = await seedEngagements(client, large.firmId, large.userId, LIST_ROWS);
          const analyze = Date.now();
          await client.query('VACUUM (ANALYZE) engagements'); // so autovacuum does not start mid-measurement
          figures[`seed ${LIST_ROWS} rows by SQL (s)`] = s2;
          figures['VACUUM ANALYZE (s)'] = (Date.now() - analyze) / 1000;
          say(`seeded ${LIST_ROWS} rows in ${s2.toFixed(1)} s`);
          // The service's own list query (limit 50 + 1 to detect a next page), explained, in both firms.
          for (const [label, firm] of [
            ['1 k', small],
            ['1 M', large],
          ] as const) {
            const plan = (await listEngagements(
              {
                query: async (statement, params) =>
                  (
                    await client.query(
                      `EXPLAIN (ANALYZE, BUFFERS) ${typeof statement === 'string' ? statement : statement.text}`,
                      params as unknown[],
                    )
                  ).rows,
              },
              firm.firmId,
              { limit: 51 },
            )) as unknown as { 'QUERY PLAN': string }[];
            const planText = plan.map((r) => r['QUERY PLAN']).join('\n');
            console.log(`     EXPLAIN list, ${label} firm:`);
            console.log(
              planText
                .split('\n')
                .map((l) => `     | ${l}`)
                .join('\n'),
            );
            const indexed = /Index Scan using engagements_firm_id_c_idx/.test(planText) && !/\bSort\b/.test(planText);
            const scan =
              /(Index Scan[^(]* on engagements[^(]*|Seq Scan on engagements[^(]*|Bitmap[^(]*)/
                .exec(planText)?.[1]
                ?.trim() ?? '?';
            if (/Seq Scan on assumptions/.test(planText))
              console.log('     (the list scans the whole assumptions table)');
            figures[`list plan, ${label} firm`] =
              `${indexed ? 'served by engagements_firm_id_c_idx, no sort' : 'NOT served by engagements_firm_id_c_idx'}: ${scan}; ${/Execution Time: ([\d.]+ ms)/.exec(planText)?.[1]}`;
          }
        } finally {
          await client.end();
        }
        const listPath = '/api/v1/engagements?limit=50';
        const check = await fetch(service.base + listPath, { headers: { authorization: `Bearer ${large.token}` } });
        const page = (await check.json()) as unknown[];
        if (check.status !== 200 || page.length !== 50)
          throw new Error(`list answers ${check.status} with ${page.length} rows`);
        // Warm-up, then 1 k and 1 M alternately (two rounds each), as for the GET: drift on the machine hits both.
        await load(service.base + listPath, small.token, WARMUP_S);
        await load(service.base + listPath, large.token, WARMUP_S);
        const k: Round[] = [];
        const m: Round[] = [];
        for (const round of [1, 2]) {
          k.push(await load(service.base + listPath, small.token, ROUND_S));
          say(`list 1 k (${round})  ${fmt(k.at(-1)!)}`);
          m.push(await load(service.base + listPath, large.token, ROUND_S));
          say(`list 1 M (${round})  ${fmt(m.at(-1)!)}`);
        }
        k.forEach((r, i) => (figures[`list limit=50, 1 k rows (${i + 1})`] = fmt(r)));
        m.forEach((r, i) => (figures[`list limit=50, ${LIST_ROWS} rows (${i + 1})`] = fmt(r)));
        const lRatio = mean(m, 'p50') / mean(k, 'p50');
        const lRatio99 = mean(m, 'p99') / mean(k, 'p99');
        figures['list latency 1M/1k p50'] = `${lRatio.toFixed(2)} (target ≤ 1.5: ${lRatio <= 1.5 ? 'met' : 'NOT met'})`;
        figures['list latency 1M/1k p99'] =
          `${lRatio99.toFixed(2)} (target ≤ 1.5: ${lRatio99 <= 1.5 ? 'met' : 'NOT met'})`;
      }
      await stopChild(service);

      if (PARTS.has('embedded')) {
        // 4. The same GET on the embedded database (PGlite in a temporary DATA_DIR).
        const pgliteDir = mkdtempSync(join(tmpdir(), 'vs-bench-pglite-'));
        tempDirs.push(pgliteDir);
        const embedded = await startChild(
          'embedded',
          'src/main.ts',
          ['api'],
          serviceEnv({ DATA_DIR: pgliteDir }),
          '/api/v1/health',
        );
        const e = await seedFirm(embedded.base, 'Bench Embedded LLP');
        const eId = await createEngagement(embedded.base, e.token);
        await load(`${embedded.base}/api/v1/engagements/${eId}`, e.token, WARMUP_S);
        const em = await load(`${embedded.base}/api/v1/engagements/${eId}`, e.token, ROUND_S);
        say(`embedded   ${fmt(em)}`);
        figures['GET engagement, embedded PGlite'] = fmt(em);
      }
      figures['load average at end'] = Number(loadavg()[0].toFixed(1));
      return figures;
    } finally {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      await cleanup(created ? dbName : undefined);
    }
  },
};

export default scenario;
