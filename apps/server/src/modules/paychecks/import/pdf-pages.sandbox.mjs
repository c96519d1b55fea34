// The pay-slip import's PDF work, in a child process limited by lib/sandbox.ts (issue 30, ADR 0019): a hostile PDF
// costs that child, never the server. Plain JavaScript so that the child needs no TypeScript loader. Operations:
// - `inspect`: the structure check alone (the upload runs it, to refuse an absurd file at once).
// - `read` (pdf.js): first the file's structure is checked without parsing it (`inspect`: page count, each stream's
//   decoded size and compression ratio, the decoded total) and an absurd file is refused as `absurd`; then the text
//   of every page. Messages out: { type: 'opened', total }, then { type: 'page', page, total, text } for each page —
//   each waits for the parent's `go` (the parent's scheduler gives turns page by page, fairly between companies).
// - `split` (@cantoo/pdf-lib): one new PDF per group of pages: { type: 'slip', index, bytes } for each group (paced).
// Either may end with { type: 'error', code: 'encrypted' | 'broken' | 'absurd' | 'too-many-pages' }.
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { Refusal, serve } from '../../../lib/sandbox-child.mjs';

const require = createRequire(import.meta.url);

/**
 * Scans the raw bytes for streams and inflates each Flate stream that pdf.js would decode to read text (content,
 * object, font streams; images are skipped: text extraction never decodes them), each bounded while it is inflated.
 * Refuses (`absurd`) one that decodes past `maxStream`, that decodes more than `maxRatio` times its size past 1 MB
 * (a zip bomb), or a file whose streams decode past `maxTotal` together; `too-many-pages` for a page count past
 * `maxPages` (counted from the page objects, before pdf.js opens anything).
 */
export function inspect(bytes, limits) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let pos = 0;
  const pageMarks = buf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g);
  if (pageMarks && pageMarks.length > limits.maxPages) throw new Refusal('too-many-pages', String(pageMarks.length));
  for (;;) {
    pos = buf.indexOf('stream', pos, 'latin1');
    if (pos === -1) break;
    const keyword = pos;
    pos += 6;
    if (keyword >= 3 && buf.toString('latin1', keyword - 3, keyword) === 'end') continue;
    let start = pos;
    if (buf[start] === 0x0d) start++;
    if (buf[start] !== 0x0a) continue;
    start++;
    const end = buf.indexOf('endstream', start, 'latin1');
    if (end === -1) break;
    // The stream's dictionary: from its object's header to the keyword (at most 4 KB back).
    const from = Math.max(0, keyword - 4096);
    const head = buf.toString('latin1', from, keyword);
    const dict = head.slice(Math.max(0, head.lastIndexOf(' obj')));
    pos = end + 9;
    if (!/\/FlateDecode|\/Fl\b/.test(dict) || /\/Subtype\s*\/Image/.test(dict)) continue;
    const raw = buf.subarray(start, end);
    let decoded;
    try {
      decoded = zlib.inflateSync(raw, {
        maxOutputLength: limits.maxStream + 1,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      }).length;
    } catch (err) {
      if (err && err.code === 'ERR_BUFFER_TOO_LARGE') throw new Refusal('absurd', `stream over ${limits.maxStream}`);
      continue; // a broken stream is pdf.js's to judge
    }
    if (decoded > limits.maxStream) throw new Refusal('absurd', `stream over ${limits.maxStream}`);
    if (decoded > 1024 * 1024 && decoded > raw.length * limits.maxRatio)
      throw new Refusal('absurd', `ratio ${Math.round(decoded / raw.length)}`);
    total += decoded;
    if (total > limits.maxTotal) throw new Refusal('absurd', `total over ${limits.maxTotal}`);
  }
  return { total };
}

async function read(data, limits, io) {
  inspect(data, limits);
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
    throw new Refusal(name === 'PasswordException' ? 'encrypted' : 'broken', String(err && err.stack));
  }
  const total = doc.numPages;
  if (total > limits.maxPages) throw new Refusal('too-many-pages', String(total));
  await io.step({ type: 'opened', total });
  for (let n = 1; n <= total; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    page.cleanup();
    await io.step({ type: 'page', page: n, total, text });
  }
  await task.destroy();
}

async function split(data, groups, io) {
  const { PDFDocument } = require('@cantoo/pdf-lib');
  let source;
  try {
    source = await PDFDocument.load(data, { updateMetadata: false });
  } catch (err) {
    throw new Refusal(/encrypt/i.test(String(err && err.message)) ? 'encrypted' : 'broken', String(err && err.stack));
  }
  const count = source.getPageCount();
  for (let i = 0; i < groups.length; i++) {
    const pages = groups[i].map((p) => p - 1);
    if (pages.some((p) => p < 0 || p >= count)) throw new Refusal('broken', `page out of range in group ${i}`);
    const out = await PDFDocument.create({ updateMetadata: false });
    for (const page of await out.copyPages(source, pages)) out.addPage(page);
    const bytes = await out.save();
    await io.step({ type: 'slip', index: i, bytes });
  }
}

if (process.send) {
  serve(async (m, io) => {
    const data = new Uint8Array(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength);
    if (m.op === 'split') await split(data, m.groups, io);
    else if (m.op === 'inspect') inspect(data, m.limits);
    else await read(data, m.limits, io);
  });
}
