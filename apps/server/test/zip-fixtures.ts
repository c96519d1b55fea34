import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { crc32, readZip } from '../src/lib/zip';

/** One entry of a hand-made ZIP: its bytes as stored (`raw`) and what the headers claim about it. */
export interface RawEntry {
  name: string;
  raw: Buffer;
  method?: number;
  size: number;
  crc: number;
  flags?: number;
}

/** An entry deflated the ordinary way, with true size and CRC. */
export function deflated(name: string, data: Buffer | string): RawEntry {
  const bytes = Buffer.from(data);
  return { name, raw: zlib.deflateRawSync(bytes), method: 8, size: bytes.length, crc: crc32(bytes) };
}

/** A ZIP archive written byte by byte, so that tests can make it lie (sizes, CRC, flags, methods, offsets). */
export function buildZip(
  entries: RawEntry[],
  opts: { centralOffsets?: number[]; endPatch?: (end: Buffer) => void } = {},
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  entries.forEach((e, i) => {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.flags ?? 0, 6);
    local.writeUInt16LE(e.method ?? 8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.raw.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.flags ?? 0, 8);
    central.writeUInt16LE(e.method ?? 8, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.raw.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(opts.centralOffsets?.[i] ?? offset, 42);
    locals.push(local, name, e.raw);
    centrals.push(central, name);
    offset += 30 + name.length + e.raw.length;
  });
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  opts.endPatch?.(end);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * `total` bytes of `unit` repeated, deflated in a stream (never held inflated in memory), with their CRC: the
 * payload of a zip bomb. 200 MB of one repeated row deflate to a couple of hundred KB.
 */
export async function deflatedRepeat(unit: string, total: number): Promise<{ raw: Buffer; size: number; crc: number }> {
  const chunk = Buffer.from(unit.repeat(Math.max(1, Math.floor((1 << 20) / unit.length))));
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let written = 0;
  let crc = 0;
  while (written < total) {
    const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
    written += piece.length;
  }
  deflate.end();
  await done;
  return { raw: Buffer.concat(parts), size: total, crc };
}

/** A real workbook (one sheet, a header and `rows`), as ExcelJS writes it. */
export async function workbook(
  header: string[],
  rows: (string | number | Date)[][],
  sheetName = 'Foglio1',
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Deflated payloads by inflated size: deflating 200 MB takes a few seconds, once per test file is enough. */
const bombs = new Map<number, Promise<{ raw: Buffer; size: number; crc: number }>>();

/**
 * A small, otherwise valid XLSX whose first worksheet inflates to `size` bytes of repeated rows: the entries of a
 * real workbook, re-deflated honestly, with xl/worksheets/sheet1.xml replaced. `declaredSize` makes the headers lie
 * about the inflated size (as a bomb would, to slip past a check of the declared sizes).
 */
export async function xlsxBomb(size = 200 * 1024 * 1024, declaredSize?: number): Promise<Buffer> {
  const base = await workbook(['Nome', 'Cognome'], [['Mario', 'Rossi']]);
  let payload = bombs.get(size);
  if (!payload) {
    payload = deflatedRepeat('<row r="2"><c r="A2" t="inlineStr"><is><t>AAAAAAAAAAAAAAAA</t></is></c></row>', size);
    bombs.set(size, payload);
  }
  const bomb = await payload;
  const entries = readZip(base, { maxTotalBytes: 10 * 1024 * 1024, maxEntries: 100 }).map((e) =>
    e.name === 'xl/worksheets/sheet1.xml'
      ? { name: e.name, raw: bomb.raw, method: 8, size: declaredSize ?? bomb.size, crc: bomb.crc }
      : deflated(e.name, e.data),
  );
  return buildZip(entries);
}
