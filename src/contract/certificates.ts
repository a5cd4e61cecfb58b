// What the service states about an X.509 certificate wherever it shows one (the firm's seal, a partner's DSC,
// a signature in a verified file): who it names, who issued it, its serial, validity and fingerprint.
export interface CertificateFacts {
  subject: string;
  commonName: string | null;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  sha256Fingerprint: string;
}
