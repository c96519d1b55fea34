// The pay-slip import's heavy work, off the event loop (ADR 0019), in a worker thread. Plain JavaScript so that the
// worker needs no TypeScript loader. Two operations on one PDF:
// - `read` (pdf.js): the text of every page. Messages out: { type: 'opened', total }, then { type: 'page', page,
//   total, text } for each page, then { type: 'done', pages }.
// - `split` (@cantoo/pdf-lib): one new PDF per group of pages. Messages out: { type: 'slip', index, bytes } for each
//   group (the bytes transferred), then { type: 'done' }.
// Either may answer { type: 'error', code: 'encrypted' | 'broken' }.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);

// Courtesy to the API on a small machine: after every ~40 ms of work the worker rests ~8 ms, so the event loop and the
// database (which share the cores with it) are never starved for long; it costs the import about a sixth of its speed.
const WORK_MS = 40;
const REST_MS = 8;
let since = performance.now();
async function breathe() {
  if (performance.now() - since < WORK_MS) return;
  await new Promise((r) => setTimeout(r, REST_MS));
  since = performance.now();
}

async function read(data) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
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
  parentPort.postMessage({ type: 'opened', total });
  let pages = 0;
  for (let n = 1; n <= total; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    page.cleanup();
    pages++;
    parentPort.postMessage({ type: 'page', page: n, total, text });
    await breathe();
  }
  await task.destroy();
  parentPort.postMessage({ type: 'done', pages });
}

async function split(data, groups) {
  const { PDFDocument } = require('@cantoo/pdf-lib');
  let source;
  try {
    source = await PDFDocument.load(data, { updateMetadata: false });
  } catch (err) {
    const encrypted = /encrypt/i.test(String(err && err.message));
    parentPort.postMessage({
      type: 'error',
      code: encrypted ? 'encrypted' : 'broken',
      detail: String(err && err.stack),
    });
    return;
  }
  const count = source.getPageCount();
  for (let i = 0; i < groups.length; i++) {
    const pages = groups[i].map((p) => p - 1);
    if (pages.some((p) => p < 0 || p >= count)) {
      parentPort.postMessage({ type: 'error', code: 'broken', detail: `page out of range in group ${i}` });
      return;
    }
    const out = await PDFDocument.create({ updateMetadata: false });
    for (const page of await out.copyPages(source, pages)) out.addPage(page);
    const bytes = await out.save();
    parentPort.postMessage({ type: 'slip', index: i, bytes }, [bytes.buffer]);
    await breathe();
  }
  parentPort.postMessage({ type: 'done' });
}

const data = new Uint8Array(workerData.bytes);
(workerData.op === 'split' ? split(data, workerData.groups) : read(data)).catch((err) =>
  parentPort.postMessage({ type: 'error', code: 'broken', detail: String(err && err.stack) }),
);
