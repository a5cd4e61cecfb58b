// `npm run bench -- attacks`: the service (as `npm start` runs it, on a throwaway PostgreSQL database) while the
// attack files of docs/report-signatures.md (Bounds) are sent to it: a stream that inflates to 384 MiB in a
// signed copy and on the public verify-file, a PKCS#12 asking for 2,500,000 iterations, 21 signatures, a 64 KB
// certificate name, the shadow redefinition. Each is refused (422); /health is polled from a process of its
// own meanwhile and the server's RSS (its process tree) sampled every 50 ms.
// Targets: /health p99 < 200 ms, RSS growth over the warmed-up service < 100 MB. BENCH_ATTACKS_N (3) of each.
import { readFileSync } from 'node:fs';
import type { Scenario } from './lib/scenario.js';
import { treeRssMb } from './lib/children.js';
import { healthSummary, pollHealth, withBenchService } from './lib/bench-service.js';
import { ASSUMPTIONS, ENGAGEMENT, multipart, type Who } from './lib/heavy-inputs.js';
import { firmTeam, httpCaller } from './lib/firm-team.js';
import { addSignature, shadowedPage, streamBomb, testSigner } from '../test/helpers/pdf-attacks.js';
import { iterationBomb } from '../test/helpers/pkcs12.js';

const N = Number(process.env.BENCH_ATTACKS_N ?? 3);
const TARGET_P99_MS = 200;
const TARGET_RSS_GROWTH_MB = 100;
const tenYear = readFileSync(new URL('../test/fixtures/financials/ten-year-company.json', import.meta.url));

const scenario: Scenario = {
  name: 'attacks',
  description: `/health p99 and server RSS while ${N} of each attack file is refused (stream bomb, iteration bomb, 21 signatures, 64 KB name, shadow)`,
  async run() {
    const figures: Record<string, number | string> = {};
    return withBenchService('attacks', async ({ base, dataDir, service }) => {
      const call = httpCaller(base);
      const team = await firmTeam(call, base, dataDir, 'Bench Attacks LLP');
      const send = (
        path: string,
        method: string,
        who: Who | undefined,
        fields: Record<string, string>,
        name: string,
        data: Buffer,
      ) => {
        const mp = multipart(fields, { name, data });
        return call(
          method,
          path,
          { headers: { ...(who?.headers ?? {}), 'content-type': mp.type } },
          mp.body,
          [200, 201, 422],
        );
      };

      // A FINAL to attack: the ten-year example through the three gates.
      const id = String((await call('POST', '/api/v1/engagements', team.bearer, ENGAGEMENT)).json().id);
      await send(`/api/v1/engagements/${id}/documents`, 'POST', team.bearer, { kind: 'FINANCIALS' }, 'f.json', tenYear);
      const waitFor = async (wanted: string) => {
        for (const deadline = Date.now() + 120_000; ;) {
          const s = String((await call('GET', `/api/v1/engagements/${id}`, team.bearer)).json().status);
          if (s === wanted) return;
          if (Date.now() > deadline || s === 'FAILED') throw new Error(`engagement ${s}, waiting for ${wanted}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      await waitFor('DATA_READY');
      await call('POST', `/api/v1/engagements/${id}/assumptions/lock`, team.bearer, ASSUMPTIONS);
      await waitFor('GATE_1');
      const order = (await call('POST', '/api/v1/payments', team.bearer, { engagementId: id })).json();
      const paid = (
        await call('POST', '/api/v1/payments/sandbox/pay', undefined, { gateway_order_id: order.gatewayOrderId })
      ).json();
      await call('POST', '/api/v1/payments/verify', team.bearer, paid);
      await call('POST', `/api/v1/engagements/${id}/gates/GATE_1/approve`, team.valuer, {});
      await call('POST', `/api/v1/engagements/${id}/gates/GATE_2/approve`, team.reviewer, {});
      await call('POST', `/api/v1/engagements/${id}/gates/GATE_3/approve`, team.boss, { place: 'Mumbai' });
      for (const deadline = Date.now() + 120_000; ;) {
        const r = (await call('GET', `/api/v1/engagements/${id}/report/status`, team.bearer)).json();
        if (r.kind === 'FINAL' && r.status === 'READY') break;
        if (r.status === 'FAILED' || Date.now() > deadline) throw new Error(`FINAL report: ${JSON.stringify(r)}`);
        await new Promise((res) => setTimeout(res, 20));
      }
      const final = (await call('GET', `/api/v1/engagements/${id}/report`, team.bearer)).buf;

      const signer = testSigner('Asha Admin');
      const bomb = streamBomb(final, 384);
      let many = final;
      for (let i = 0; i < 20; i++) many = addSignature(many, signer);
      const attacks: { name: string; send: () => Promise<{ status: number }> }[] = [
        { name: 'stream bomb (384 MiB) as a signed copy', send: () => upload(bomb) },
        { name: 'stream bomb (384 MiB) on verify-file', send: () => examine(bomb) },
        { name: '21 signatures as a signed copy', send: () => upload(many) },
        {
          name: '64 KB certificate name as a signed copy',
          send: () => upload(addSignature(final, testSigner('A'.repeat(65536)))),
        },
        { name: 'shadow redefinition as a signed copy', send: () => upload(addSignature(shadowedPage(final), signer)) },
        {
          name: 'PKCS#12 asking for 2,500,000 iterations',
          send: () =>
            send(
              '/api/v1/settings/firm/signing-certificate',
              'PUT',
              team.boss,
              { password: 'x' },
              'bomb.p12',
              iterationBomb(2_500_000),
            ),
        },
      ];
      function upload(file: Buffer) {
        return send(`/api/v1/engagements/${id}/report/signed-copy`, 'PUT', team.boss, {}, 'signed.pdf', file);
      }
      function examine(file: Buffer) {
        return send('/api/v1/reports/verify-file', 'POST', undefined, {}, 'check.pdf', file);
      }

      // Warm up (every thread started once), then the baseline RSS.
      await upload(addSignature(final, signer));
      await examine(final);
      await new Promise((r) => setTimeout(r, 2000));
      const pid = service.proc.pid!;
      const baseline = treeRssMb(pid) ?? NaN;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(pid) ?? 0)), 50);

      const poller = await pollHealth(`${base}/api/v1/health`);
      for (const attack of attacks) {
        const statuses: number[] = [];
        const t0 = performance.now();
        // verify-file allows 10 a minute from one address: at most N of each there.
        for (let i = 0; i < N; i++) statuses.push((await attack.send()).status);
        figures[attack.name] = `${statuses.join(', ')} in ${((performance.now() - t0) / N).toFixed(0)} ms each`;
      }
      const seen = await poller.stop();
      clearInterval(sampler);
      figures['/health meanwhile (ms)'] = healthSummary(seen, TARGET_P99_MS);
      const growth = peak - baseline;
      figures['server RSS (MB)'] =
        `baseline ${baseline.toFixed(0)}, peak ${peak.toFixed(0)}, growth ${growth.toFixed(0)} (target < ${TARGET_RSS_GROWTH_MB}: ${growth < TARGET_RSS_GROWTH_MB ? 'PASS' : 'FAIL'})`;
      return figures;
    });
  },
};

export default scenario;
