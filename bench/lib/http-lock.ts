// The lock-assumptions part of the HTTP bench: LOCKS engagements created through the API (autocannon), each locked once.
import autocannon from 'autocannon';
import { CONNECTIONS, fmt, roundOf } from './http-load.js';

/** Creates `locks` engagements, then locks each one's assumptions; both throughputs go into `figures`. */
export async function lockThroughput(
  base: string,
  token: string,
  locks: number,
  say: (line: string) => void,
  figures: Record<string, number | string>,
): Promise<void> {
  // 2. Lock-assumptions throughput: LOCKS engagements created through the API (autocannon), each locked once.
  const ids: string[] = [];
  let t0 = Date.now();
  const createdRun = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: locks,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/engagements',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ targetEntity: 'Lock Bench Pvt Ltd', statute: 'RULE_11UA' }),
        onResponse: (status, body) => {
          if (status === 201) ids.push((JSON.parse(body) as { id: string }).id);
        },
      },
    ],
  });
  const create = roundOf(createdRun, Date.now() - t0);
  say(`create engagement ${fmt(create)}`);
  figures['POST engagements (create)'] = fmt(create);
  let next = 0;
  const lockBody = JSON.stringify({
    wacc: 12.5,
    terminalGrowthRate: 4,
    rationale: 'Bench: cost of equity from CAPM, peers and the listed debt.',
  });
  t0 = Date.now();
  const lockRun = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: ids.length,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: lockBody,
        setupRequest: (req) => ({
          ...req,
          path: `/api/v1/engagements/${ids[next++ % ids.length]}/assumptions/lock`,
        }),
      },
    ],
  });
  const lock = roundOf(lockRun, Date.now() - t0);
  say(`lock assumptions  ${fmt(lock)} (${ids.length} engagements)`);
  figures['POST assumptions/lock'] = fmt(lock);
}
