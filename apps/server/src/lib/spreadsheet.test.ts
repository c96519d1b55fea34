import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxBomb, workbook, buildZip, deflated } from '../../test/zip-fixtures';
import {
  DEFAULT_MAX_ROWS,
  MAX_XLSX_ENTRIES,
  readTable,
  SpreadsheetError,
  SpreadsheetTooLargeError,
  SpreadsheetTooManyRowsError,
} from './spreadsheet';
import { readZip } from './zip';

const csvOf = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(';')).join('\r\n') + '\r\n');
const dataRows = (n: number) => Array.from({ length: n }, (_, i) => [`N${i}`, `C${i}`]);

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('readTable: rows are bounded while read', () => {
  it('defaults to the people import limit (2000, MAX_IMPORT_ROWS: checked in bounded-input.test.ts)', () => {
    expect(DEFAULT_MAX_ROWS).toBe(2000);
  });

  it('CSV: the limit is accepted, one more row refuses the file whole with an Italian message', async () => {
    const ok = await readTable(csvOf([['Nome', 'Cognome'], ...dataRows(2000)]));
    expect(ok.rows).toHaveLength(2000);
    expect(ok.rows.at(-1)).toEqual({ line: 2001, cells: ['N1999', 'C1999'] });
    const err = await rejection(readTable(csvOf([['Nome', 'Cognome'], ...dataRows(2001)])));
    expect(err).toBeInstanceOf(SpreadsheetTooManyRowsError);
    expect(err).toBeInstanceOf(SpreadsheetError);
    expect((err as Error).message).toBe('Il file contiene più di 2000 righe: dividilo in più file');
    // Blank lines do not count; a caller's own limit replaces the default.
    const blanks = csvOf([['Nome', 'Cognome'], ...dataRows(3), ['', ''], [';'], ...dataRows(2)]);
    expect((await readTable(blanks, { maxRows: 5 })).rows).toHaveLength(5);
    expect(((await rejection(readTable(blanks, { maxRows: 4 }))) as Error).message).toBe(
      'Il file contiene più di 4 righe: dividilo in più file',
    );
    expect(
      ((await rejection(readTable(csvOf([['a'], ...dataRows(20_001)]), { maxRows: 20_000 }))) as Error).message,
    ).toBe('Il file contiene più di 20.000 righe: dividilo in più file');
  });

  it('CSV and XLSX: stop at the limit, before reading the rest of the file', async () => {
    // Damage after the limit is never reached: the reading stopped at row 2001 (reading on would find it).
    const csv = Buffer.concat([
      csvOf([['Nome', 'Cognome'], ...dataRows(2001)]),
      Buffer.from('"campo mai chiuso;x\r\n' + 'a;b\r\n'.repeat(100_000)),
    ]);
    expect(await rejection(readTable(csv))).toBeInstanceOf(SpreadsheetTooManyRowsError);
    expect(((await rejection(readTable(csv, { maxRows: 200_000 }))) as Error).message).toBe(
      'Il file CSV contiene un campo tra virgolette non chiuso',
    );

    // The sheet is parsed in chunks of a few kilobytes: the damage is some thousand rows after the limit.
    const entries = readZip(await workbook(['Nome', 'Cognome'], dataRows(5000)), {
      maxTotalBytes: 20 * 1024 * 1024,
      maxEntries: 100,
    });
    const brokenAfter = entries.map((e) => {
      if (e.name !== 'xl/worksheets/sheet1.xml') return deflated(e.name, e.data);
      const xml = e.data.toString();
      return deflated(e.name, xml.slice(0, xml.indexOf('<row r="5000"')) + '<row r="5000"><c r="A5000" t="s"><<<&&&');
    });
    const xlsx = buildZip(brokenAfter);
    expect(await rejection(readTable(xlsx))).toBeInstanceOf(SpreadsheetTooManyRowsError);
    expect(((await rejection(readTable(xlsx, { maxRows: 5000 }))) as Error).message).toBe(
      'Il file Excel non è leggibile',
    );
  });

  it('XLSX: reads the first sheet (dates as YYYY-MM-DD), the limit is accepted and one more row is refused', async () => {
    const buf = await workbook(
      ['Nome', 'Nascita', 'Numero'],
      [
        ['Mario', new Date('1980-05-17T00:00:00Z'), 42],
        ['', '', ''],
        ['Giulia', 'testo', 3.5],
      ],
    );
    expect(await readTable(buf)).toEqual({
      headers: ['Nome', 'Nascita', 'Numero'],
      rows: [
        { line: 2, cells: ['Mario', '1980-05-17', '42'] },
        { line: 4, cells: ['Giulia', 'testo', '3.5'] },
      ],
    });
    expect((await readTable(await workbook(['Nome', 'Cognome'], dataRows(2000)))).rows).toHaveLength(2000);
    const err = await rejection(readTable(await workbook(['Nome', 'Cognome'], dataRows(2001))));
    expect(err).toBeInstanceOf(SpreadsheetTooManyRowsError);
    expect((err as Error).message).toBe('Il file contiene più di 2000 righe: dividilo in più file');
  });

  it('XLSX: the first sheet is the first in the workbook, whatever its file name', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Primo').addRow(['Nome']).commit();
    wb.getWorksheet('Primo')!.addRow(['Mario']);
    wb.addWorksheet('Secondo').addRow(['Altro']);
    const two = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await readTable(two)).toEqual({ headers: ['Nome'], rows: [{ line: 2, cells: ['Mario'] }] });
  });
});

describe('readTable: an XLSX is bounded while unzipped', () => {
  it('a small file that inflates to 200 MB is a 413 with an Italian message, declared honestly or not', async () => {
    for (const declared of [undefined, 4096]) {
      const bomb = await xlsxBomb(200 * 1024 * 1024, declared);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const err = await rejection(readTable(bomb));
      expect(err).toBeInstanceOf(SpreadsheetTooLargeError);
      expect(err).not.toBeInstanceOf(SpreadsheetError);
      expect(err).toMatchObject({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Il file è troppo grande una volta decompresso: al massimo 20 MB di contenuto. Dividilo in più file',
      });
    }
  });

  it('too many entries is a 413; a damaged or encrypted workbook is "not readable"', async () => {
    const many = buildZip(Array.from({ length: MAX_XLSX_ENTRIES + 1 }, (_, i) => deflated(`x/${i}.xml`, '<x/>')));
    expect(await rejection(readTable(many))).toMatchObject({
      status: 413,
      message: expect.stringMatching(/^Il file Excel contiene troppi elementi \(al massimo 500\)/),
    });
    const good = await workbook(['Nome'], [['Mario']]);
    const damaged = Buffer.from(good);
    damaged.writeUInt32LE(0, damaged.length - 6); // central directory offset of the end record
    for (const bad of [
      damaged,
      good.subarray(0, good.length - 100),
      buildZip([{ ...deflated('xl/workbook.xml', '<workbook/>'), flags: 1 }]),
    ]) {
      const err = await rejection(readTable(bad));
      expect(err).toBeInstanceOf(SpreadsheetError);
      expect((err as Error).message).toBe('Il file Excel non è leggibile');
    }
    // A valid ZIP that is no workbook.
    expect(((await rejection(readTable(buildZip([deflated('foto.jpg', 'x')])))) as Error).message).toBe(
      'Il file Excel non è leggibile',
    );
  });
});
