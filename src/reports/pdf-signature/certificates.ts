/**
 * X.509 certificates for the PDF seal: the deployment's own CA, the certificate it issues a firm that has
 * uploaded none, and a firm's own PKCS#12 read with its password. Certificates are built and read with
 * node-forge (RSA keys, which is also what the PKCS#7 signer needs); facts about a certificate come from
 * node's X509Certificate.
 */
import { X509Certificate, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { CertificateFacts } from '../../contract/certificates.js';
import forge from 'node-forge';
import { shownName } from './limits.js';

export interface KeyAndCertificate {
  /** PKCS#8 PEM, RSA. */
  privateKeyPem: string;
  /** The signing certificate, PEM. */
  certificatePem: string;
  /** The issuers above it, PEM each, nearest first (may be empty). */
  chainPem: string[];
}

export type { CertificateFacts };

/** The subject, issuer, serial, validity and fingerprint of a certificate (PEM or DER). */
export function certificateFacts(cert: string | Buffer | X509Certificate): CertificateFacts {
  const x = cert instanceof X509Certificate ? cert : new X509Certificate(cert);
  return {
    subject: shownName(oneLine(x.subject)),
    commonName: shownName(/^CN=(.*)$/m.exec(x.subject)?.[1] ?? null),
    issuer: shownName(oneLine(x.issuer)),
    serialNumber: x.serialNumber.toUpperCase(),
    notBefore: new Date(x.validFrom).toISOString(),
    notAfter: new Date(x.validTo).toISOString(),
    sha256Fingerprint: x.fingerprint256.replace(/:/g, '').toLowerCase(),
  };
}

const oneLine = (dn: string) => dn.split('\n').filter(Boolean).join(', ');

function rsaKeyPair(): {
  publicKey: forge.pki.rsa.PublicKey;
  privateKey: forge.pki.rsa.PrivateKey;
  privateKeyPem: string;
} {
  // The key pair from node (fast, native); forge takes it from PEM.
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return {
    privateKey: forgeKey,
    publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e),
    privateKeyPem: privateKey,
  };
}

const serial = () => {
  const bytes = randomBytes(16);
  bytes[0]! &= 0x7f; // positive
  return bytes.toString('hex');
};

function attrs(commonName: string, organisation: string) {
  return [
    { shortName: 'CN', value: commonName },
    { shortName: 'O', value: organisation },
    { shortName: 'C', value: 'IN' },
  ];
}

/** A self-signed CA certificate for the deployment (ten years). */
export function createDeploymentCa(name: string, now: Date = new Date()): KeyAndCertificate {
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  cert.setSubject(attrs(name, name));
  cert.setIssuer(attrs(name, name));
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { privateKeyPem: keys.privateKeyPem, certificatePem: forge.pki.certificateToPem(cert), chainPem: [] };
}

/** A document-signing certificate for a firm, issued by the deployment CA (three years). */
export function issueFirmCertificate(
  ca: KeyAndCertificate,
  firm: { legalName: string },
  now: Date = new Date(),
): KeyAndCertificate {
  const caCert = forge.pki.certificateFromPem(ca.certificatePem);
  const caKey = forge.pki.privateKeyFromPem(ca.privateKeyPem);
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 3 * 365 * 86_400_000);
  const name = firm.legalName.slice(0, 64);
  cert.setSubject(attrs(name, name));
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return {
    privateKeyPem: keys.privateKeyPem,
    certificatePem: forge.pki.certificateToPem(cert),
    chainPem: [ca.certificatePem],
  };
}

/** Why a PKCS#12 cannot be used: a sentence for the person uploading it. */
export class Pkcs12Refusal extends Error {
  constructor(
    readonly reason:
      'wrong_password' | 'unreadable' | 'no_key' | 'not_rsa' | 'expired' | 'not_yet_valid' | 'no_signing_use',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Opens a PKCS#12 with its password: the private key, the certificate that matches it and the other
 * certificates in the file. Refuses a wrong password, a file without a key or its certificate, a key that
 * is not RSA, and a certificate that is expired or not yet valid at `now`.
 */
export function readPkcs12(
  data: Buffer,
  password: string,
  now: Date = new Date(),
): KeyAndCertificate & { facts: CertificateFacts } {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(data.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/MAC could not be verified|Invalid password|decrypt/i.test(message)) {
      throw new Pkcs12Refusal(
        'wrong_password',
        'The password does not open this PKCS#12 file. Enter the password it was exported with.',
      );
    }
    if (/Unsupported|OID/i.test(message) && /key|algorithm|encryption/i.test(message)) {
      throw new Pkcs12Refusal(
        'not_rsa',
        `This PKCS#12 file uses an algorithm the service cannot read (${message}). Export it again with an RSA key.`,
      );
    }
    throw new Pkcs12Refusal('unreadable', 'This file is not a PKCS#12 (.p12 or .pfx) certificate file.');
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ];
  const certBags = p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) {
    if (keyBags.length > 0)
      throw new Pkcs12Refusal(
        'not_rsa',
        'The private key in this PKCS#12 file is not an RSA key; the service signs with RSA keys only.',
      );
    throw new Pkcs12Refusal(
      'no_key',
      'This PKCS#12 file holds no private key. Export the certificate together with its private key.',
    );
  }
  const certs = certBags.map((b) => b.cert).filter((c): c is forge.pki.Certificate => !!c);
  const own = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n && pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
  });
  if (!own) throw new Pkcs12Refusal('no_key', 'This PKCS#12 file holds no certificate for its private key.');
  const certificatePem = forge.pki.certificateToPem(own);
  const facts = certificateFacts(certificatePem);
  if (Date.parse(facts.notAfter) <= now.getTime()) {
    throw new Pkcs12Refusal(
      'expired',
      `This certificate expired on ${facts.notAfter.slice(0, 10)}. Upload a certificate that is valid today.`,
    );
  }
  if (Date.parse(facts.notBefore) > now.getTime()) {
    throw new Pkcs12Refusal(
      'not_yet_valid',
      `This certificate is valid only from ${facts.notBefore.slice(0, 10)}. Upload a certificate that is valid today.`,
    );
  }
  const keyUsage = own.getExtension('keyUsage') as { digitalSignature?: boolean; nonRepudiation?: boolean } | undefined;
  if (keyUsage && !keyUsage.digitalSignature && !keyUsage.nonRepudiation) {
    throw new Pkcs12Refusal(
      'no_signing_use',
      'This certificate may not be used for digital signatures (its key usage excludes them).',
    );
  }
  const privateKeyPem = forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key)));
  return {
    privateKeyPem,
    certificatePem,
    chainPem: certs.filter((c) => c !== own).map((c) => forge.pki.certificateToPem(c)),
    facts,
  };
}

/** A PKCS#12 of a key and its certificates, for the signer (which reads one); `password` protects it in memory only. */
export function toPkcs12(kc: KeyAndCertificate, password: string): Buffer {
  const key = forge.pki.privateKeyFromPem(kc.privateKeyPem);
  const certs = [kc.certificatePem, ...kc.chainPem].map((p) => forge.pki.certificateFromPem(p));
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certs, password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
