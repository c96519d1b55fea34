import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildZip, deflated, deflatedRepeat, workbook, type RawEntry } from '../../test/zip-fixtures';
import { crc32, readZip, writeStoredZip, ZipFormatError, ZipLimitError } from './zip';

const LIMITS = { maxTotalBytes: 1024 * 1024, maxEntries: 10 };
const text = (s: string) => Buffer.from(s);

function formatError(buf: Buffer, limits = LIMITS) {
  expect(() => readZip(buf, limits)).toThrow(ZipFormatError);
}
function limitError(buf: Buffer, limit: 'entries' | 'size', limits = LIMITS) {
  let caught: unknown;
  try {
    readZip(buf, limits);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ZipLimitError);
  expect((caught as ZipLimitError).limit).toBe(limit);
}

describe('crc32', () => {
  it('matches the reference values and continues across chunks', () => {
    expect(crc32(text(''))).toBe(0);
    expect(crc32(text('123456789'))).toBe(0xcbf43926);
    expect(crc32(text('6789'), crc32(text('12345')))).toBe(0xcbf43926);
  });

  it('is zlib’s own where the runtime has it, and the table gives the same where it does not', () => {
    const data = Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 256));
    expect(crc32(data)).toBe(zlib.crc32(data));
    const native = zlib.crc32;
    (zlib as { crc32?: typeof zlib.crc32 }).crc32 = undefined;
    try {
      expect(zlib.crc32).toBeUndefined();
      expect(crc32(data)).toBe(native(data));
      expect(crc32(text('6789'), crc32(text('12345')))).toBe(0xcbf43926);
    } finally {
      zlib.crc32 = native;
    }
  });
});

describe('readZip', () => {
  it('reads a workbook written by ExcelJS: every entry, inflated', async () => {
    const entries = readZip(await workbook(['Nome'], [['Mario']]), {
      maxTotalBytes: 10 * 1024 * 1024,
      maxEntries: 100,
    });
    const names = entries.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']),
    );
    expect(entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString()).toContain('<sheetData>');
  });

  it('reads stored and deflated entries and round-trips through writeStoredZip', () => {
    const a = text('a'.repeat(1000));
    const stored: RawEntry = { name: 'a.txt', raw: a, method: 0, size: a.length, crc: crc32(a) };
    const zip = buildZip([stored, deflated('b.xml', '<b>ciao</b>')]);
    const entries = readZip(zip, LIMITS);
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual([
      ['a.txt', 'a'.repeat(1000)],
      ['b.xml', '<b>ciao</b>'],
    ]);
    expect(readZip(writeStoredZip(entries), LIMITS)).toEqual(entries);
  });

  it('caps the real output whatever the headers declare: an honest bomb fails on its declared size, a lying one while inflating', async () => {
    const bomb = await deflatedRepeat('<row/>', 50 * 1024 * 1024);
    expect(bomb.raw.length).toBeLessThan(200 * 1024);
    // Honest headers: refused before inflating anything.
    limitError(buildZip([{ name: 'sheet.xml', raw: bomb.raw, size: bomb.size, crc: bomb.crc }]), 'size');
    // Lying headers (1 KB declared): inflating stops at the budget.
    limitError(buildZip([{ name: 'sheet.xml', raw: bomb.raw, size: 1024, crc: bomb.crc }]), 'size');
    // Entries each under the cap, together over it: the budget left shrinks with every entry inflated.
    const half = zlib.deflateRawSync(Buffer.alloc(600 * 1024, 0x41));
    const halfCrc = crc32(Buffer.alloc(600 * 1024, 0x41));
    limitError(
      buildZip([
        { name: 'a', raw: half, size: 600 * 1024, crc: halfCrc },
        { name: 'b', raw: half, size: 600 * 1024, crc: halfCrc },
      ]),
      'size',
    );
    limitError(
      buildZip([
        { name: 'a', raw: half, size: 600 * 1024, crc: halfCrc },
        { name: 'b', raw: half, size: 1, crc: halfCrc },
      ]),
      'size',
    );
    // Under the cap, a size that differs from the declared one is damage, not a limit.
    formatError(buildZip([{ name: 'a', raw: half, size: 1, crc: halfCrc }]));
    // Stored entries count their size.
    const big = Buffer.alloc(LIMITS.maxTotalBytes + 1, 0x41);
    limitError(buildZip([{ name: 'big', raw: big, method: 0, size: big.length, crc: crc32(big) }]), 'size');
  });

  it('caps the number of entries', () => {
    const many = Array.from({ length: 11 }, (_, i) => deflated(`f${i}`, 'x'));
    limitError(buildZip(many), 'entries');
    expect(readZip(buildZip(many.slice(0, 10)), LIMITS)).toHaveLength(10);
  });

  it('refuses damaged archives and features real workbooks do not use', () => {
    const ok = deflated('a.xml', '<a/>');
    formatError(Buffer.alloc(0));
    formatError(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    // Encrypted, strong encryption, an unknown method (12 = bzip2).
    formatError(buildZip([{ ...ok, flags: 0x0001 }]));
    formatError(buildZip([{ ...ok, flags: 0x0040 }]));
    formatError(buildZip([{ ...ok, method: 12 }]));
    // ZIP64 markers in the end record, and a ZIP64 locator in front of it.
    formatError(buildZip([ok], { endPatch: (e) => e.writeUInt16LE(0xffff, 10) }));
    formatError(buildZip([ok], { endPatch: (e) => e.writeUInt32LE(0xffffffff, 16) }));
    const withLocator = buildZip([ok]);
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    const end = withLocator.subarray(withLocator.length - 22);
    const cdOffset = end.readUInt32LE(16);
    const cd = withLocator.subarray(cdOffset, withLocator.length - 22);
    formatError(Buffer.concat([withLocator.subarray(0, cdOffset), cd, loc, end]));
    // Multi-disk.
    formatError(buildZip([ok], { endPatch: (e) => e.writeUInt16LE(1, 4) }));
    // Declared size or CRC different from the real ones.
    formatError(buildZip([{ ...ok, size: ok.size + 1 }]));
    formatError(buildZip([{ ...ok, crc: ok.crc ^ 1 }]));
    // Garbage instead of deflate data; a stored entry whose sizes differ.
    formatError(buildZip([{ ...ok, raw: Buffer.from([0xff, 0xff, 0xff, 0xff]) }]));
    formatError(buildZip([{ name: 's', raw: text('abc'), method: 0, size: 4, crc: crc32(text('abc')) }]));
    // The same name twice; two entries pointing at the same bytes (overlap: the "better zip bomb" trick).
    formatError(buildZip([ok, ok]));
    formatError(buildZip([ok, { ...ok, name: 'b.xml' }], { centralOffsets: [0, 0] }));
    // Truncated: the end record is gone, or the central directory points past it.
    const whole = buildZip([ok]);
    formatError(whole.subarray(0, whole.length - 5));
    formatError(buildZip([ok], { endPatch: (e) => e.writeUInt32LE(1_000_000, 16) }));
  });
});
