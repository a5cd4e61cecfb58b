/**
 * Reading a client's signature files off the event loop, each on a thread of its own with a heap and a time
 * limit (reading-thread.ts); what the thread refuses comes back as the same refusal, and a thread that runs out
 * of memory or time is a refusal naming that bound (docs/report-signatures.md, Bounds).
 */
import { runInThread, ThreadTimeoutError } from '../../lib/threads.js';
import type { ReadingJob, ReadingOutcome } from './reading-thread.js';
import { SignedCopyRefusal, type inspectSignedCopy } from './inspect.js';
import { PdfSyntaxError } from './objects.js';
import { PdfLimitExceeded } from './limits.js';
import { Pkcs12Refusal, type readPkcs12 } from './certificates.js';
import type { PdfSignatureInfo } from './signatures.js';
import { largestIterationCount, MAX_PKCS12_BYTES, MAX_PKCS12_ITERATIONS } from './pkcs12-bounds.js';

/** Heap a reading thread may use: pdf.js and two reports fit in a third of it. */
export const READING_HEAP_MB = 128;
/** Time a PDF may take to read (two reports through pdf.js take about a second). */
export const PDF_READING_MS = 30_000;
/** Time a PKCS#12 may take to open within MAX_PKCS12_ITERATIONS. */
export const PKCS12_READING_MS = 10_000;

class ReadingExhausted extends Error {}

async function inThread(job: ReadingJob, timeoutMs: number): Promise<ReadingOutcome> {
  try {
    return await runInThread<ReadingOutcome, ReadingJob>(new URL('./reading-thread.js', import.meta.url), job, {
      name: `signature reading (${job.op})`,
      timeoutMs,
      resourceLimits: { maxOldGenerationSizeMb: READING_HEAP_MB, maxYoungGenerationSizeMb: 16 },
      nice: 5,
    });
  } catch (err) {
    if (err instanceof ThreadTimeoutError)
      throw new ReadingExhausted(`it takes longer than ${timeoutMs / 1000} seconds to read`);
    if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new ReadingExhausted(`it needs more than ${READING_HEAP_MB} MB of memory to read`);
    throw err;
  }
}

function rethrow(outcome: ReadingOutcome): never {
  if (outcome.ok) throw new Error('not a refusal');
  if (outcome.refusal === 'signedCopy') throw new SignedCopyRefusal(outcome.reason, outcome.message);
  if (outcome.refusal === 'pkcs12') throw new Pkcs12Refusal(outcome.reason, outcome.message);
  if (outcome.refusal === 'limit') throw new PdfLimitExceeded(outcome.message);
  throw new PdfSyntaxError(outcome.message);
}

/** inspectSignedCopy, on a reading thread. */
export async function inspectSignedCopyIsolated(
  original: Buffer,
  upload: Buffer,
): ReturnType<typeof inspectSignedCopy> {
  let outcome: ReadingOutcome;
  try {
    outcome = await inThread({ op: 'signedCopy', original, upload }, PDF_READING_MS);
  } catch (err) {
    if (err instanceof ReadingExhausted)
      throw new SignedCopyRefusal('changes_report', `The signed copy cannot be accepted: ${err.message}.`);
    throw err;
  }
  if (!outcome.ok) rethrow(outcome);
  return outcome.value as Awaited<ReturnType<typeof inspectSignedCopy>>;
}

/** readSignatures, on a reading thread; a file past a bound is a PdfLimitExceeded naming it. */
export async function readSignaturesIsolated(pdf: Buffer): Promise<PdfSignatureInfo[]> {
  let outcome: ReadingOutcome;
  try {
    outcome = await inThread({ op: 'signatures', pdf }, PDF_READING_MS);
  } catch (err) {
    if (err instanceof ReadingExhausted) throw new PdfLimitExceeded(err.message);
    throw err;
  }
  if (!outcome.ok) rethrow(outcome);
  return outcome.value as PdfSignatureInfo[];
}

/** readPkcs12, on a reading thread, after its size and iteration counts are read and bounded. */
export async function readPkcs12Isolated(
  file: Buffer,
  password: string,
  now: Date = new Date(),
): Promise<ReturnType<typeof readPkcs12>> {
  if (file.length > MAX_PKCS12_BYTES)
    throw new Pkcs12Refusal(
      'unreadable',
      `This file has ${file.length} bytes; a PKCS#12 certificate file is at most ${MAX_PKCS12_BYTES / 1024} KiB.`,
    );
  const iterations = largestIterationCount(file);
  if (iterations > MAX_PKCS12_ITERATIONS)
    throw new Pkcs12Refusal(
      'unreadable',
      `This PKCS#12 file asks for ${Number.isFinite(iterations) ? iterations.toLocaleString('en-IN') : 'more than 2⁴⁸'} iterations of its password; the service opens files asking for at most ${MAX_PKCS12_ITERATIONS.toLocaleString('en-IN')}. Export it again with the default settings of your tool.`,
    );
  let outcome: ReadingOutcome;
  try {
    outcome = await inThread({ op: 'pkcs12', file, password, now: now.toISOString() }, PKCS12_READING_MS);
  } catch (err) {
    if (err instanceof ReadingExhausted)
      throw new Pkcs12Refusal('unreadable', `This PKCS#12 file cannot be opened: ${err.message}.`);
    throw err;
  }
  if (!outcome.ok) rethrow(outcome);
  return outcome.value as ReturnType<typeof readPkcs12>;
}
