// Makes the example reports the way a firm makes a report: over the service's HTTP API, each step by the
// person whose step it is. The valuer creates the engagement, uploads the financials, locks the assumptions
// and approves Gate 1; an independent reviewer decides Gate 2 (once returning the engagement for revision);
// the partner pays and signs off with the place (and UDIN where a chartered accountant signs). A refused step
// stops the run: nothing here goes around a rule of the workflow.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, type Person } from './client.js';
import { FIRM, partnerUdin, setUpFirm, type ExampleFirm } from './firm.js';
import { addSignatureWithPdfsig, nssDatabaseWithCertificate } from '../../test/helpers/pdfsig.js';
import { EXAMPLE_PLANS, type ExamplePlan } from './plans.js';
import { evidenceFile } from './evidence.js';
import { startService } from './service.js';
import { concludedValue, type ConcludedValue } from '../../src/domain/valuation/concluded.js';
import type { ValuationResult } from '../../src/domain/valuation/types.js';

export interface MadeExample {
  slug: string;
  title: string;
  engagementId: string;
  /** The issued copy's SHA-256: the sealed FINAL with each signer's DSC added (the sealed FINAL's when none is). */
  reportSha256: string;
  /** The sealed FINAL's SHA-256, as the review record gives it. */
  finalSha256: string;
  /** Paths written, relative to the output directory. */
  files: { report: string; reviewRecord: string; workpapers: string; verify: string };
  verify: Record<string, unknown>;
  /** The value the report concludes and its basis (docs/reports.md), as its cover states them. */
  concluded: ConcludedValue;
  people: { locker: string; gate1: string; gate2: string; signatory: string };
}

export const exampleFiles = (slug: string) => ({
  report: `example-report-${slug}.pdf`,
  reviewRecord: `examples/${slug}-review-record.pdf`,
  workpapers: `examples/${slug}-workpapers.xlsx`,
  verify: `examples/${slug}-verify.json`,
});

/** One example through the workflow; its report, review record, workpapers and verify answer written to `outDir` when given. */
export async function makeExample(
  client: Client,
  firm: ExampleFirm,
  plan: ExamplePlan,
  outDir?: string,
  options: { dscs?: boolean } = {},
): Promise<MadeExample> {
  const { partner, valuer, reviewer } = firm;
  const path = (id: string, rest = '') => `/api/v1/engagements/${id}${rest}`;
  const approve = (who: Person, id: string, gate: string, body: Record<string, unknown> = {}) =>
    client.call('POST', path(id, `/gates/${gate}/approve`), who, body);

  const id = (
    await client.call('POST', '/api/v1/engagements', valuer, {
      ...plan.engagement,
      ...(plan.valuerSet && { valuerSet: plan.valuerSet(firm) }),
      assignedValuerId: valuer.id,
    })
  ).json<{ id: string }>().id;
  await client.upload(
    valuer,
    id,
    'FINANCIALS',
    'financials.json',
    Buffer.from(JSON.stringify(plan.financials, null, 2)),
  );
  await client.waitFor(valuer, id, 'DATA_READY');
  for (const e of plan.evidence) {
    const { title, documentDate, providedBy } = e;
    await client.upload(valuer, id, 'EVIDENCE', e.fileName, await evidenceFile(e), { title, documentDate, providedBy });
  }

  await client.call('POST', path(id, '/assumptions/lock'), valuer, plan.revision?.firstLock ?? plan.lock);
  await client.waitFor(valuer, id, 'GATE_1');
  await approve(valuer, id, 'GATE_1', {
    comment: 'Balance sheet ties to the audited accounts; capital table reconciles to the share count.',
  });
  if (plan.revision) {
    await client.call('POST', path(id, '/gates/GATE_2/reject'), reviewer, {
      reason: plan.revision.reason,
      outcome: 'REVISE',
    });
    await client.waitFor(valuer, id, 'DATA_READY');
    await client.call('POST', path(id, '/assumptions/lock'), valuer, plan.lock);
    // Only the assumptions changed: Gate 1's approval of the data is kept (docs/decisions.md, Gate 1 kept on a relock).
    await client.waitFor(valuer, id, 'GATE_2');
  }
  await approve(reviewer, id, 'GATE_2', {
    comment: 'Methods, inputs and weights reviewed against the working papers.',
  });

  const order = (await client.call('POST', '/api/v1/payments', partner, { engagementId: id })).json<{
    gatewayOrderId: string;
  }>();
  const paid = (
    await client.call('POST', '/api/v1/payments/sandbox/pay', undefined, { gateway_order_id: order.gatewayOrderId })
  ).json();
  await client.call('POST', '/api/v1/payments/verify', partner, paid);

  await approve(partner, id, 'GATE_3', {
    comment: 'Signed off.',
    place: 'Pune',
    ...(plan.signsAsCharteredAccountant && { udin: partnerUdin(plan.slug, firm.partnerMembership) }),
    // IBC: each class is signed by the set's member for it, and the coordinating valuer approves the whole.
  });
  await client.waitForFinal(partner, id);

  const final = (await client.call('GET', path(id, '/report'), partner)).buf;
  const report = options.dscs ? await signedByEach(client, firm, plan, id, final) : final;
  const reportSha256 = createHash('sha256').update(report).digest('hex');
  const verify = (await client.call('GET', `/api/v1/reports/verify/${reportSha256}`, undefined)).json();
  // The conclusion as the report states it: the verify answer's, or (an IBC valuation's, which the public answer
  // omits as confidential) worked out from the engagement's valuation as the service does.
  const concluded =
    (verify.conclusion as ConcludedValue | undefined) ??
    concludedValue((await client.call('GET', path(id, '/valuation'), partner)).json() as unknown as ValuationResult);
  const reviewRecord = (await client.call('GET', path(id, '/review-record.pdf'), partner)).buf;
  const workpapers = (await client.call('GET', path(id, '/valuation/workpapers.xlsx'), partner)).buf;

  const files = exampleFiles(plan.slug);
  if (outDir) {
    mkdirSync(join(outDir, 'examples'), { recursive: true });
    writeFileSync(join(outDir, files.report), report);
    writeFileSync(join(outDir, files.reviewRecord), reviewRecord);
    writeFileSync(join(outDir, files.workpapers), workpapers);
    writeFileSync(join(outDir, files.verify), `${JSON.stringify(verify, null, 2)}\n`);
  }
  return {
    slug: plan.slug,
    title: plan.title,
    engagementId: id,
    reportSha256,
    finalSha256: createHash('sha256').update(final).digest('hex'),
    files,
    verify,
    concluded,
    people: { locker: valuer.name, gate1: valuer.name, gate2: reviewer.name, signatory: partner.name },
  };
}

/**
 * Each signer adds their own DSC to the issued copy in turn, as their signing software does (pdfsig with a
 * certificate made here for them), and uploads it (docs/report-signatures.md, Several signatures): under the IBC
 * each class valuer signs their part and the coordinating valuer signs last; otherwise the partner who signed off.
 * The example's report is the last copy: the firm's seal and every signer's DSC.
 */
async function signedByEach(
  client: Client,
  firm: ExampleFirm,
  plan: ExamplePlan,
  id: string,
  final: Buffer,
): Promise<Buffer> {
  const liquidation = plan.engagement.purpose === 'LIQUIDATION_REALISABLE_VALUE';
  const signers: [Person, string][] = plan.valuerSet
    ? [
        [firm.landValuer, 'Land and building: my part of this report'],
        [firm.plantValuer, 'Plant and machinery, with the inventories: my part of this report'],
        [
          firm.partner,
          liquidation
            ? 'Securities or financial assets: my part of this report'
            : 'Securities or financial assets, and as coordinating valuer the report as a whole',
        ],
      ]
    : [[firm.partner, 'I sign this report']];
  let copy = final;
  for (const [who, reason] of signers) {
    const nick = `dsc-${who.id}`;
    const nss = nssDatabaseWithCertificate(nick, `CN=${who.name},O=${FIRM.name},C=IN`);
    copy = addSignatureWithPdfsig(copy, nss, nick, reason);
    await client.uploadSignedCopy(who, id, copy);
  }
  return copy;
}

/** Starts the service on a throwaway database, makes every example into `outDir`, stops the service. */
export async function makeExamples(
  outDir: string,
  options: { log?: (line: string) => void; databaseUrl?: string } = {},
): Promise<MadeExample[]> {
  const log = options.log ?? (() => {});
  const service = await startService({ databaseUrl: options.databaseUrl });
  try {
    const client = new Client(service.base);
    const firm = await setUpFirm(client, `${process.pid}-${Date.now()}`);
    const made: MadeExample[] = [];
    for (const plan of EXAMPLE_PLANS) {
      made.push(await makeExample(client, firm, plan, outDir, { dscs: true }));
      log(
        `wrote ${exampleFiles(plan.slug).report} (${plan.title}) with its review record, workpapers and verify answer`,
      );
    }
    return made;
  } finally {
    await service.stop();
  }
}
