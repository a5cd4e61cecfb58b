// The thread that opens PDFs with pdf.js (reader-view.ts). Plain JavaScript, started without the TypeScript
// loader: pdf.js is large, and transforming it on every start would cost seconds and hundreds of megabytes.
// It takes and answers messages as every thread of the service does (src/lib/threads.ts, serveThread): { input }
// in, { ok, value } or { ok: false, error } out.
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

/** One document as a reader shows it: each page's drawing digest and annotations, and the document's actions. */
async function open(lib, bytes) {
  const task = lib.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const pages = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      // The page's own content, without annotations: what the report says on that page.
      const ops = await page.getOperatorList({ annotationMode: lib.AnnotationMode.DISABLE });
      const hash = createHash('sha256');
      hash.update(JSON.stringify(ops.fnArray));
      hash.update(
        JSON.stringify(ops.argsArray, (_key, v) =>
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
      const annotations = await page.getAnnotations();
      pages.push({
        digest: hash.digest('hex'),
        annotations: annotations.map((a) => ({ id: a.id, subtype: a.subtype, fieldType: a.fieldType ?? null })),
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

async function view({ original, copy }) {
  const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const before = await open(lib, original);
  try {
    return { before, after: await open(lib, copy) };
  } catch (err) {
    return { before, unreadable: err instanceof Error ? err.message : String(err) };
  }
}

if (parentPort && workerData?.__valuationThread) {
  parentPort.on('message', ({ input }) =>
    view(input).then(
      (value) => parentPort.postMessage({ ok: true, value }),
      (err) => parentPort.postMessage({ ok: false, error: { name: 'Error', message: String(err?.message ?? err) } }),
    ),
  );
}
