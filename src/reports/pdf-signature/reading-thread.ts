// The thread that reads files a client sends about signatures: a signed copy against its FINAL, any PDF's
// signatures, a PKCS#12 with its password. Each runs alone on a thread with a heap and a time limit
// (isolated.ts), so a file built to exhaust memory or time ends its own thread, never the service.
import { asBuffer, serveThread } from '../../lib/threads.js';
import { inspectSignedCopy, SignedCopyRefusal, type SignedCopyRefusalReason } from './inspect.js';
import { readSignatures, type PdfSignatureInfo } from './signatures.js';
import { PdfSyntaxError } from './objects.js';
import { InflateBudgetExceeded } from '../../lib/inflate-budget.js';
import { PdfLimitExceeded } from './limits.js';
import { Pkcs12Refusal, readPkcs12 } from './certificates.js';

export type ReadingJob =
  | { op: 'signedCopy'; original: Uint8Array; upload: Uint8Array }
  | { op: 'signatures'; pdf: Uint8Array }
  | { op: 'pkcs12'; file: Uint8Array; password: string; now: string };

export type ReadingOutcome =
  | { ok: true; value: unknown }
  | { ok: false; refusal: 'signedCopy'; reason: SignedCopyRefusalReason; message: string }
  | { ok: false; refusal: 'pdf' | 'limit'; message: string }
  | { ok: false; refusal: 'pkcs12'; reason: Pkcs12Refusal['reason']; message: string };

async function read(job: ReadingJob): Promise<ReadingOutcome> {
  try {
    switch (job.op) {
      case 'signedCopy':
        return { ok: true, value: await inspectSignedCopy(asBuffer(job.original), asBuffer(job.upload)) };
      case 'signatures':
        return { ok: true, value: (await readSignatures(asBuffer(job.pdf))) satisfies PdfSignatureInfo[] };
      case 'pkcs12':
        return { ok: true, value: readPkcs12(asBuffer(job.file), job.password, new Date(job.now)) };
    }
  } catch (err) {
    if (err instanceof SignedCopyRefusal)
      return { ok: false, refusal: 'signedCopy', reason: err.reason, message: err.message };
    if (err instanceof Pkcs12Refusal) return { ok: false, refusal: 'pkcs12', reason: err.reason, message: err.message };
    if (err instanceof PdfLimitExceeded || err instanceof InflateBudgetExceeded)
      return { ok: false, refusal: 'limit', message: err.message };
    if (err instanceof PdfSyntaxError) return { ok: false, refusal: 'pdf', message: err.message };
    throw err;
  }
}

serveThread(read);
