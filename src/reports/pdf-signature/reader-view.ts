/**
 * The FINAL and a signed copy as a PDF reader shows them, with pdf.js (Mozilla's reader, Apache-2.0; why this
 * library: docs/decisions.md, Reading PDFs as a reader does). Both files are opened as a viewer opens them —
 * the last revision's cross-reference, object streams, shadowed objects and all — on a thread of their own
 * (reader-view-thread.mjs), and compared page by page: the same number of pages, each page drawing exactly the
 * same operators with the same arguments (text, glyphs, images, colours, positions), the FINAL's annotations
 * kept and only signature widgets added, and the same document-level actions and attachments.
 */
import { runInThread, ThreadTimeoutError } from '../../lib/threads.js';

interface DocumentView {
  pages: { digest: string; annotations: { id: string; subtype: string; fieldType: string | null }[] }[];
  actions: string;
}

/** Heap and time the reader may take for two reports (about 25 MB and a second). */
const READER_HEAP_MB = 128;
const READER_MS = 30_000;

/** What a reader shows differently in `copy` than in `original`, or null when it shows the same report. */
export async function compareAsReader(original: Buffer, copy: Buffer): Promise<string | null> {
  let seen: { before: DocumentView; after?: DocumentView; unreadable?: string };
  try {
    seen = await runInThread(
      new URL('./reader-view-thread.mjs', import.meta.url),
      { original, copy },
      {
        name: 'pdf.js reader',
        plain: true,
        // Loading pdf.js takes most of a second; a thread is kept a minute for the next file.
        keepMs: 60_000,
        timeoutMs: READER_MS,
        resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
      },
    );
  } catch (err) {
    if (err instanceof ThreadTimeoutError) return `pdf.js cannot read it within ${READER_MS / 1000} seconds`;
    if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
      return `pdf.js cannot read it within ${READER_HEAP_MB} MB of memory`;
    throw err;
  }
  const { before, after } = seen;
  if (!after) return `pdf.js cannot open it (${seen.unreadable ?? 'unknown error'})`;
  if (after.pages.length !== before.pages.length)
    return `it has ${after.pages.length} pages where the FINAL has ${before.pages.length}`;
  for (let i = 0; i < before.pages.length; i++) {
    const [p, q] = [before.pages[i]!, after.pages[i]!];
    if (p.digest !== q.digest) return `page ${i + 1} draws different content`;
    const kept = new Set(q.annotations.map((a) => a.id));
    if (p.annotations.some((a) => !kept.has(a.id))) return `an annotation of page ${i + 1} is gone`;
    const old = new Set(p.annotations.map((a) => a.id));
    const foreign = q.annotations.find((a) => !old.has(a.id) && !(a.subtype === 'Widget' && a.fieldType === 'Sig'));
    if (foreign) return `page ${i + 1} gains a ${foreign.subtype} annotation`;
  }
  if (after.actions !== before.actions) return 'its document actions, attachments or page labels differ';
  return null;
}
