// The examples are issued as a firm issues them (docs/report-signatures.md, Several signatures): the firm's seal,
// then each signer's own DSC added in turn, each verified and named by the verify answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MadeExample } from '../../scripts/examples/make.js';

export function signatureChecks(made: () => MadeExample[]): void {
  test("each example's issued copy carries the seal and each signer's own DSC, the coordinating valuer's last", () => {
    for (const m of made()) {
      const signed = (m.verify.pdfSignatures as { role: string; commonName: string; valid: boolean }[]).map((s) => [
        s.role,
        s.commonName,
        s.valid,
      ]);
      // Under the IBC each class valuer signs their part, the coordinating valuer last; otherwise the partner.
      const signers = m.slug.startsWith('ibc-') ? ['Suresh Nair', 'Kavita Rao', 'Vikram Mehta'] : ['Vikram Mehta'];
      assert.deepEqual(
        signed,
        [['SEAL', 'Mehta & Iyer Valuation Advisors LLP', true], ...signers.map((n) => ['ADDED', n, true])],
        m.slug,
      );
      assert.notEqual(m.reportSha256, m.finalSha256, `${m.slug}: the issued copy is the signed one`);
    }
  });
}
