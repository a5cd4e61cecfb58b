/**
 * The FINAL and a signed copy as a PDF reader shows them, with pdf.js (Mozilla's reader, Apache-2.0; why this
 * library: docs/decisions.md, Reading PDFs as a reader does). Both files are opened as a viewer opens them —
 * the last revision's cross-reference, object streams, shadowed objects and all — and compared page by page:
 * the same number of pages, each page drawing exactly the same operators with the same arguments (text,
 * glyphs, images, colours, positions), the FINAL's annotations kept and only signature widgets added, and
 * the same document-level actions and attachments.
 */
import { createHash } from 'node:crypto';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | undefined;
// The legacy build is the one pdf.js publishes for Node; loaded once, on first use.
const load = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs') as unknown as Promise<PdfJs>);

interface PageView {
  digest: string;
  annotations: { id: string; subtype: string; fieldType?: string }[];
}

interface DocumentView {
  pages: PageView[];
  actions: string;
}

async function open(pdf: Buffer): Promise<DocumentView> {
  const lib = await load();
  const task = lib.getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  const doc: PDFDocumentProxy = await task.promise;
  try {
    const pages: PageView[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      // The page's own content, without annotations: what the report says on that page.
      const ops = await page.getOperatorList({ annotationMode: lib.AnnotationMode.DISABLE });
      const hash = createHash('sha256');
      hash.update(JSON.stringify(ops.fnArray));
      hash.update(
        JSON.stringify(ops.argsArray, (_key, v: unknown) =>
          ArrayBuffer.isView(v)
            ? createHash('sha256')
                .update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength))
                .digest('hex')
            : // pdf.js names loaded fonts and images after the document it opened (g_d0_f1, g_d1_f1).
              typeof v === 'string'
              ? v.replace(/^(g|img)_d\d+_/, '$1_d_')
              : v,
        ),
      );
      const annotations = (await page.getAnnotations()) as { id: string; subtype: string; fieldType?: string }[];
      pages.push({
        digest: hash.digest('hex'),
        annotations: annotations.map((a) => ({ id: a.id, subtype: a.subtype, fieldType: a.fieldType })),
      });
      page.cleanup();
    }
    const actions = JSON.stringify([
      await doc.getOpenAction(),
      await doc.getJSActions(),
      await doc.getAttachments(),
      await doc.getPageLabels(),
    ]);
    return { pages, actions };
  } finally {
    await task.destroy();
  }
}

/** What a reader shows differently in `copy` than in `original`, or null when it shows the same report. */
export async function compareAsReader(original: Buffer, copy: Buffer): Promise<string | null> {
  const before = await open(original);
  let after: DocumentView;
  try {
    after = await open(copy);
  } catch (err) {
    return `pdf.js cannot open it (${err instanceof Error ? err.message : String(err)})`;
  }
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
