// Verification of a file the service does not know by its SHA-256: which of its PDF signatures a change
// breaks, or what was added after the last one (docs/report-signatures.md, Verification). The file is read,
// never stored.
import { createHash } from 'node:crypto';
import type { ServiceContext } from '../platform/service-context.js';
import { verifyReport } from './report-verification.service.js';
import { publicSignature, signatureFacts } from './signed-copies.service.js';
import type { PdfSignatureInfo } from '../../reports/pdf-signature/signatures.js';
import { PdfSyntaxError } from '../../reports/pdf-signature/objects.js';
import { PdfLimitExceeded } from '../../reports/pdf-signature/limits.js';
import { inspectSignedCopyIsolated, readSignaturesIsolated } from '../../reports/pdf-signature/isolated.js';
import { SignedCopyRefusal } from '../../reports/pdf-signature/inspect.js';
import { AppError } from '../../lib/errors.js';

const who = (s: PdfSignatureInfo) =>
  `${s.commonName ?? s.name ?? 'an unnamed signer'}${s.fieldName ? ` (field ${s.fieldName})` : ''}`;

export async function verifyFile(ctx: ServiceContext, data: Buffer) {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const known = await verifyReport(ctx, sha256);
  if (known.valid || ('reason' in known && /DRAFT/.test(known.reason ?? ''))) return known;
  let signatures: PdfSignatureInfo[];
  try {
    signatures = data.subarray(0, 5).toString('latin1') === '%PDF-' ? await readSignaturesIsolated(data) : [];
  } catch (err) {
    if (err instanceof PdfLimitExceeded)
      throw new AppError('file_over_limit', `The file cannot be examined: ${err.message}.`, [
        { path: '/file', message: err.message },
      ]);
    if (!(err instanceof PdfSyntaxError)) throw err;
    signatures = [];
  }
  const pdfSignatures = [];
  for (const s of signatures) {
    pdfSignatures.push(await publicSignature(ctx, signatureFacts(s), 'ADDED'));
  }
  // The longest start of the file that is a file the service knows: what the file was before the change.
  let knownPrefix: { sha256: string; copy?: 'SEALED' | 'SIGNED_COPY'; end: number } | undefined;
  for (const s of [...signatures].reverse()) {
    const end = (s.byteRange[2] ?? 0) + (s.byteRange[3] ?? 0);
    if (end <= 0 || end >= data.length) continue;
    const prefixSha = createHash('sha256').update(data.subarray(0, end)).digest('hex');
    const prefix = await verifyReport(ctx, prefixSha);
    if (prefix.valid) {
      knownPrefix = { sha256: prefixSha, copy: prefix.copy, end };
      break;
    }
  }
  // A file that begins with a FINAL the service sealed gets the proof an uploaded signed copy must pass.
  let changesFinal: string | undefined;
  const broken = signatures.filter((s) => !s.valid);
  const last = signatures.at(-1);
  if (knownPrefix?.copy === 'SEALED' && broken.length === 0 && last?.coversWholeFile) {
    try {
      await inspectSignedCopyIsolated(data.subarray(0, knownPrefix.end), data);
    } catch (err) {
      if (!(err instanceof SignedCopyRefusal)) throw err;
      changesFinal = err.message;
    }
  }
  let reason: string;
  if (broken.length > 0) {
    reason = `The file was changed after it was signed: the signature of ${broken.map(who).join(' and of ')} no longer verifies over the bytes it covers.`;
  } else if (last && !last.coversWholeFile) {
    reason = `Bytes were added after the last signature, of ${who(last)}: no signature covers them.${knownPrefix ? ' Before those bytes the file is one this service issued or accepted.' : ''}`;
  } else if (changesFinal) {
    reason = `The file begins with a FINAL report this service issued, but it is not that report plus signatures: ${changesFinal}`;
  } else if (signatures.length > 0) {
    reason =
      "The file's PDF signatures verify, but this service never issued nor accepted this file: a signed copy must be uploaded to the service before it verifies here.";
  } else {
    reason = 'No certified report or accepted signed copy has this SHA-256, and the file carries no PDF signature.';
  }
  return {
    valid: false as const,
    sha256,
    reason,
    pdfSignatures,
    brokenSignatures: broken.map(who),
    ...(knownPrefix ? { originalSha256: knownPrefix.sha256 } : {}),
  };
}
