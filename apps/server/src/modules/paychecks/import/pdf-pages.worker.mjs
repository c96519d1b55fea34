// The pay-slip import's heavy work, off the event loop (ADR 0019): in a worker thread, read the text of every page of
// one PDF with pdf.js, reporting each page as it is done. Plain JavaScript so that the worker needs no TypeScript
// loader. Messages out: { type: 'page', page, total, text } … then { type: 'done', pages } or { type: 'error', code }.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function run() {
  const data = new Uint8Array(workerData.bytes);
  let task;
  let doc;
  try {
    task = getDocument({
      data,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl,
      verbosity: 0,
    });
    doc = await task.promise;
  } catch (err) {
    const name = err && typeof err === 'object' ? err.name : '';
    parentPort.postMessage({
      type: 'error',
      code: name === 'PasswordException' ? 'encrypted' : 'broken',
      detail: String(err && err.stack),
    });
    return;
  }
  const total = doc.numPages;
  let pages = 0;
  for (let n = 1; n <= total; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    page.cleanup();
    pages++;
    parentPort.postMessage({ type: 'page', page: n, total, text });
  }
  await task.destroy();
  parentPort.postMessage({ type: 'done', pages });
}

run().catch((err) => parentPort.postMessage({ type: 'error', code: 'broken', detail: String(err && err.stack) }));
