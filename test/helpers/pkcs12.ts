// PKCS#12 files made in the test (node-forge), as a firm's CA-issued certificate would be exported.
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/** A self-signed RSA signing certificate and its key, as a test certificate authority would issue one. */
export function selfSignedCertificate(options: {
  commonName: string;
  organisation?: string;
  notBefore: Date;
  notAfter: Date;
}): { key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate } {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '0a1b2c3d4e';
  cert.validity.notBefore = options.notBefore;
  cert.validity.notAfter = options.notAfter;
  const name = [
    { shortName: 'CN', value: options.commonName },
    ...(options.organisation ? [{ shortName: 'O', value: options.organisation }] : []),
    { shortName: 'C', value: 'IN' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(key, forge.md.sha256.create());
  return { key, cert };
}

export function makePkcs12(options: {
  commonName: string;
  password: string;
  notBefore: Date;
  notAfter: Date;
  /** Iterations of the MAC and the key derivation (forge's default 2,048). */
  count?: number;
}): Buffer {
  const { key, cert } = selfSignedCertificate({ ...options, organisation: 'Test Firm Certificates' });
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], options.password, {
    algorithm: '3des',
    ...(options.count !== undefined && { count: options.count }),
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/**
 * A PKCS#12 that asks for `iterations` rounds of its MAC and key derivation without the cost of making one: made
 * with 65,536 rounds (the three-byte INTEGER 01 00 00), then each such count rewritten in place.
 */
export function iterationBomb(iterations: number): Buffer {
  const day = 86_400_000;
  const p12 = makePkcs12({
    commonName: 'Iteration Bomb',
    password: 'x',
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + 365 * day),
    count: 65_536,
  });
  if (iterations >= 2 ** 24) throw new Error('three bytes hold the count');
  const from = Buffer.from([0x02, 0x03, 0x01, 0x00, 0x00]);
  const to = Buffer.from([0x02, 0x03, (iterations >> 16) & 0xff, (iterations >> 8) & 0xff, iterations & 0xff]);
  let replaced = 0;
  for (let at = p12.indexOf(from); at >= 0; at = p12.indexOf(from, at + 1)) {
    to.copy(p12, at);
    replaced++;
  }
  if (replaced === 0) throw new Error('no iteration count found');
  return p12;
}
