// How far a PDF signature's certificate is trusted (src/reports/pdf-signature/trust.ts): the service's own
// CA, a root the operator configured in PDF_TRUST_ROOTS, or an external authority it does not vouch for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeploymentCa, issueFirmCertificate } from '../../../src/reports/pdf-signature/certificates.js';
import { pemCertificates, signatureTrust } from '../../../src/reports/pdf-signature/trust.js';
import { ConfigError, loadConfig } from '../../../src/config.js';

const serviceCa = createDeploymentCa('Service CA');
const indianRoot = createDeploymentCa('Test Licensed CA Root');
const other = issueFirmCertificate(indianRoot, { legalName: 'Another Signer' });
const partner = issueFirmCertificate(indianRoot, { legalName: 'Partner Name' });
const firm = issueFirmCertificate(serviceCa, { legalName: 'Firm LLP' });

test("issued by the service's CA; chaining to a configured root; from an authority nobody configured", () => {
  assert.equal(signatureTrust(firm.certificatePem, [], serviceCa.certificatePem, []), 'SERVICE_CA');
  assert.equal(
    signatureTrust(partner.certificatePem, partner.chainPem, serviceCa.certificatePem, []),
    'EXTERNAL_UNVERIFIED',
    'no root configured: none is trusted',
  );
  const roots = pemCertificates(indianRoot.certificatePem);
  assert.equal(
    signatureTrust(partner.certificatePem, partner.chainPem, serviceCa.certificatePem, roots),
    'CONFIGURED_ROOT',
  );
  assert.equal(
    signatureTrust(partner.certificatePem, [], serviceCa.certificatePem, roots),
    'CONFIGURED_ROOT',
    'issued by the root itself',
  );
  assert.equal(
    signatureTrust(
      partner.certificatePem,
      [],
      serviceCa.certificatePem,
      roots,
      new Date(Date.now() + 20 * 365 * 86_400_000),
    ),
    'EXTERNAL_UNVERIFIED',
    'outside its validity',
  );
  assert.equal(
    signatureTrust(other.certificatePem, [], serviceCa.certificatePem, pemCertificates(serviceCa.certificatePem)),
    'EXTERNAL_UNVERIFIED',
    'another root does not vouch for it',
  );
  assert.equal(signatureTrust('', [], serviceCa.certificatePem, roots), 'EXTERNAL_UNVERIFIED', 'no certificate at all');
});

test('PDF_TRUST_ROOTS: readable PEM files, else the start stops with one line naming the variable', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vs-roots-'));
  const good = join(dir, 'root.pem');
  writeFileSync(good, indianRoot.certificatePem);
  const notPem = join(dir, 'root.txt');
  writeFileSync(notPem, 'not a certificate');
  const base = { NODE_ENV: 'test', DATA_DIR: dir };
  assert.equal(loadConfig({ ...base, PDF_TRUST_ROOTS: good }).PDF_TRUST_ROOTS, good);
  assert.throws(
    () => loadConfig({ ...base, PDF_TRUST_ROOTS: join(dir, 'missing.pem') }),
    (e: unknown) => e instanceof ConfigError && /^Invalid configuration: PDF_TRUST_ROOTS: cannot read /.test(e.message),
  );
  assert.throws(
    () => loadConfig({ ...base, PDF_TRUST_ROOTS: `${good}, ${notPem}` }),
    (e: unknown) => e instanceof ConfigError && /holds no PEM certificate/.test(e.message),
  );
});
