// Poppler's pdfsig as an outside party: lists and checks a PDF's signatures, and signs a PDF as an
// incremental update with a certificate from an NSS database made here with certutil (libnss3-tools),
// the way a partner's own software adds their DSC signature.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PdfsigSignature {
  fieldName?: string;
  commonName?: string;
  distinguishedName?: string;
  signingTime?: string;
  hash?: string;
  type?: string;
  validation?: string;
  totalDocumentSigned: boolean;
}

/** pdfsig's report of every signature; `-nocert` checks the byte range and the CMS, not the trust chain. */
export function pdfsig(
  pdf: Buffer,
  options: { nssdir?: string } = {},
): { text: string; signatures: PdfsigSignature[] } {
  const dir = mkdtempSync(join(tmpdir(), 'vs-pdfsig-'));
  const file = join(dir, 'in.pdf');
  writeFileSync(file, pdf);
  const args = options.nssdir ? ['-nssdir', options.nssdir, file] : ['-nocert', file];
  const run = spawnSync('pdfsig', args, { encoding: 'utf8' });
  const text = `${run.stdout}${run.stderr}`;
  const signatures = text
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => {
      const field = (label: string) => new RegExp(`- ${label}: (.*)$`, 'm').exec(block)?.[1]?.trim();
      return {
        fieldName: field('Signature Field Name'),
        commonName: field('Signer Certificate Common Name'),
        distinguishedName: field('Signer full Distinguished Name'),
        signingTime: field('Signing Time'),
        hash: field('Signing Hash Algorithm'),
        type: field('Signature Type'),
        validation: field('Signature Validation'),
        totalDocumentSigned: /Total document signed/.test(block),
      };
    });
  return { text, signatures };
}

/** A fresh NSS database with a self-signed RSA certificate for `subject` (the partner's "DSC"). */
export function nssDatabaseWithCertificate(nick: string, subject: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'vs-nss-'));
  execFileSync('certutil', ['-N', '-d', dir, '--empty-password']);
  // certutil -S wants randomness for the key; it reads it from a file (-z).
  const noise = join(dir, 'noise.bin');
  writeFileSync(noise, Buffer.from(Array.from({ length: 2048 }, () => Math.floor(Math.random() * 256))));
  execFileSync(
    'certutil',
    [
      '-S',
      '-d',
      dir,
      '-n',
      nick,
      '-s',
      subject,
      '-x',
      '-t',
      'CT,C,C',
      '-k',
      'rsa',
      '-g',
      '2048',
      '-v',
      '12',
      '-z',
      noise,
      '--keyUsage',
      'digitalSignature,nonRepudiation',
    ],
    { stdio: 'pipe' },
  );
  return dir;
}

/** Signs `pdf` with `pdfsig -add-signature` (an incremental update) and returns what it wrote. */
export function addSignatureWithPdfsig(
  pdf: Buffer,
  nssdir: string,
  nick: string,
  reason = 'I approve this report',
): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'vs-sign-'));
  const input = join(dir, 'in.pdf');
  const output = join(dir, 'out.pdf');
  writeFileSync(input, pdf);
  execFileSync(
    'pdfsig',
    ['-add-signature', '-nssdir', nssdir, '-nick', nick, '-digest', 'SHA256', '-reason', reason, input, output],
    { stdio: 'pipe' },
  );
  return readFileSync(output);
}
