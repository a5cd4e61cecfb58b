import assert from 'node:assert/strict';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { test } from 'node:test';
import {
  canonicalCertificate,
  generateSigningKeyPair,
  signCertificate,
  verifyCertificate,
  type CertificatePayload,
} from '../../../src/reports/certificate.js';
import { decryptPrivateKey, encryptPrivateKey } from '../../../src/lib/secrets.js';

const keys = generateSigningKeyPair();
const payload: CertificatePayload = {
  reportId: 'RPT-01JTEST',
  engagementId: 'ENG-01JTEST',
  sha256: createHash('sha256').update('pdf bytes').digest('hex'),
  firm: 'Mehta & Iyer Valuation Advisors LLP',
  signedBy: 'Vikram Mehta',
  signedAt: '2026-04-24T09:31:00Z',
  kind: 'FINAL',
};

test('canonical JSON has sorted keys, no spaces, and ignores property order and extras', () => {
  const canonical = canonicalCertificate(payload);
  assert.equal(
    canonical,
    `{"engagementId":"ENG-01JTEST","firm":"Mehta & Iyer Valuation Advisors LLP","kind":"FINAL","reportId":"RPT-01JTEST","sha256":"${payload.sha256}","signedAt":"2026-04-24T09:31:00Z","signedBy":"Vikram Mehta"}`,
  );
  const reordered = Object.fromEntries(Object.entries(payload).reverse()) as unknown as CertificatePayload;
  assert.equal(canonicalCertificate(reordered), canonical);
  assert.equal(canonicalCertificate({ ...payload, extra: 'x' } as CertificatePayload), canonical);
  assert.deepEqual(JSON.parse(canonical), payload);
});

test('sign and verify round trip', () => {
  const signature = signCertificate(payload, keys.privateKeyPem);
  assert.equal(Buffer.from(signature, 'base64').length, 64);
  assert.equal(verifyCertificate(payload, signature, keys.publicKeyPem), true);
  // Ed25519 is deterministic: the same statement gives the same signature.
  assert.equal(signCertificate(payload, keys.privateKeyPem), signature);
});

test('any changed field invalidates the signature', () => {
  const signature = signCertificate(payload, keys.privateKeyPem);
  for (const field of Object.keys(payload) as (keyof CertificatePayload)[]) {
    const changed = { ...payload, [field]: field === 'kind' ? 'DRAFT' : `${payload[field]}x` };
    assert.equal(verifyCertificate(changed, signature, keys.publicKeyPem), false, field);
  }
  const flipped = payload.sha256.replace(/^./, (c) => (c === '0' ? '1' : '0'));
  assert.equal(verifyCertificate({ ...payload, sha256: flipped }, signature, keys.publicKeyPem), false);
});

test('any changed signature byte, wrong key or garbage gives false, not a throw', () => {
  const signature = signCertificate(payload, keys.privateKeyPem);
  const raw = Buffer.from(signature, 'base64');
  for (const i of [0, 31, 63]) {
    const tampered = Buffer.from(raw);
    tampered[i] ^= 0x01;
    assert.equal(verifyCertificate(payload, tampered.toString('base64'), keys.publicKeyPem), false);
  }
  assert.equal(verifyCertificate(payload, signature, generateSigningKeyPair().publicKeyPem), false);
  assert.equal(verifyCertificate(payload, 'not base64!', keys.publicKeyPem), false);
  assert.equal(verifyCertificate(payload, signature, 'not a key'), false);
  assert.equal(verifyCertificate(payload, raw.subarray(0, 32).toString('base64'), keys.publicKeyPem), false);
});

test('the signature verifies with plain node:crypto against the exported public key', () => {
  const signature = signCertificate(payload, keys.privateKeyPem);
  const publicKey = createPublicKey(keys.publicKeyPem);
  assert.equal(publicKey.asymmetricKeyType, 'ed25519');
  assert.ok(keys.publicKeyPem.startsWith('-----BEGIN PUBLIC KEY-----'));
  assert.equal(
    verify(null, Buffer.from(canonicalCertificate(payload)), publicKey, Buffer.from(signature, 'base64')),
    true,
  );
  // A verifier holding only the raw 32-byte key (e.g. from a JWK) gets the same answer.
  const jwk = publicKey.export({ format: 'jwk' });
  const fromJwk = createPublicKey({ key: jwk, format: 'jwk' });
  assert.equal(
    verify(null, Buffer.from(canonicalCertificate(payload)), fromJwk, Buffer.from(signature, 'base64')),
    true,
  );
});

test('signing refuses a non-Ed25519 key', async () => {
  const { generateKeyPairSync } = await import('node:crypto');
  const { privateKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  assert.throws(() => signCertificate(payload, privateKey), /Ed25519/);
});

test('private key encryption round trip; wrong secret or tampering fails', async () => {
  const secret = 'a long random service secret';
  const blob = await encryptPrivateKey(keys.privateKeyPem, secret);
  assert.ok(!blob.includes('PRIVATE KEY'));
  assert.match(blob, /^v1\./);
  assert.notEqual(await encryptPrivateKey(keys.privateKeyPem, secret), blob); // fresh salt and IV each time
  const pem = await decryptPrivateKey(blob, secret);
  assert.equal(pem, keys.privateKeyPem);
  assert.equal(verifyCertificate(payload, signCertificate(payload, pem), keys.publicKeyPem), true);

  await assert.rejects(decryptPrivateKey(blob, 'wrong secret'), /wrong secret or corrupted/);
  const raw = Buffer.from(blob.slice(3), 'base64');
  raw[raw.length - 1] ^= 0x01;
  await assert.rejects(decryptPrivateKey(`v1.${raw.toString('base64')}`, secret), /wrong secret or corrupted/);
  await assert.rejects(decryptPrivateKey('v0.abc', secret), /format/);
  await assert.rejects(encryptPrivateKey(keys.privateKeyPem, ''), /empty/);
});

test('deriving the key does not hold the event loop: a timer set before decrypting fires before it ends', async () => {
  const blob = await encryptPrivateKey(keys.privateKeyPem, 'a long random service secret');
  let fired = false;
  setImmediate(() => (fired = true));
  const pem = await decryptPrivateKey(blob, 'a long random service secret');
  assert.equal(pem, keys.privateKeyPem);
  assert.ok(fired, 'the event loop turned while scrypt ran (on the thread pool)');
});
