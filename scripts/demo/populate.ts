/**
 * The demo firm's completed engagements (docs/decisions.md, A firm's first hour): one per statute, made through the
 * workflow over the service's HTTP API as the examples are (scripts/examples), each step by the person whose step it
 * is. `src/main.ts` starts this in the background after the first start seeded the demo firm, so the start stays as
 * fast as without it; it signs in as the demo ADMIN (the partner who signs), invites the members a report needs
 * (with passwords nobody is told: they exist to take their steps) and ends when the last FINAL is ready. It stops
 * when the service that started it goes away (its stdin closes).
 */
import { randomBytes } from 'node:crypto';
import { Client } from '../examples/client.js';
import { inviteMembers, type ExampleFirm } from '../examples/firm.js';
import { makeExample } from '../examples/make.js';
import { EXAMPLE_PLANS } from '../examples/plans.js';

/** The demo ADMIN's made-up ICAI membership number, which the UDINs of their reports carry. */
const DEMO_MEMBERSHIP = '000000';
/** One engagement per statute: the IBC liquidation example is the second of its statute. */
const DEMO_SLUGS = ['rule-11ua', 'companies-act-sec-62', 'fema-rbi', 'ibc-cirp'];

const { DEMO_BASE: base, DEMO_EMAIL: email, DEMO_PASSWORD: password } = process.env;
if (!base || !email || !password) {
  console.error('demo engagements: DEMO_BASE, DEMO_EMAIL and DEMO_PASSWORD are needed');
  process.exit(2);
}
// The service that started this is gone: stop.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();

async function listening(): Promise<void> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the service did not answer /api/v1/health within 120 s');
}

async function populate(): Promise<void> {
  await listening();
  const client = new Client(base!);
  const partner = await client.person(
    'Demo Admin',
    await client.call('POST', '/api/v1/auth/login', undefined, { email, password }),
  );
  const firm: ExampleFirm = {
    partner,
    partnerMembership: DEMO_MEMBERSHIP,
    ...(await inviteMembers(
      client,
      partner,
      (who) => `${who}.demo@demo-valuers.example.in`,
      randomBytes(18).toString('base64url'),
    )),
  };
  for (const slug of DEMO_SLUGS) {
    const plan = EXAMPLE_PLANS.find((p) => p.slug === slug);
    if (!plan) continue;
    const made = await makeExample(client, firm, plan);
    console.log(`demo engagement completed: ${plan.title} (${made.engagementId})`);
  }
}

populate().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`demo engagements stopped: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
