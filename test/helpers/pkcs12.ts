// PKCS#12 files made in the test (node-forge), as a firm's CA-issued certificate would be exported.
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export function makePkcs12(options: { commonName: string; password: string; notBefore: Date; notAfter: Date }): Buffer {
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
    { shortName: 'O', value: 'Test Firm Certificates' },
    { shortName: 'C', value: 'IN' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], options.password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
