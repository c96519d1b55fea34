import ExcelJS from 'exceljs';

/** A table read from an upload: header cells and data rows (all strings, trimmed), with 1-based file line numbers. */
export interface Table {
  headers: string[];
  rows: { line: number; cells: string[] }[];
}

export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function detectKind(buf: Buffer): 'xlsx' | 'csv' | null {
  if (buf.length >= 4 && ZIP_MAGIC.every((b, i) => buf[i] === b)) return 'xlsx';
  if (buf.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return 'csv';
  } catch {
    return 'csv'; // Latin-1 exports from old spreadsheets: decoded below
  }
}

function decodeText(buf: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = new TextDecoder('latin1').decode(buf);
  }
  return text.replace(/^\uFEFF/, '');
}

/** RFC 4180 CSV with the delimiter detected from the header line (`;` as Italian spreadsheets export, `,` or tab). */
export function parseCsv(buf: Buffer): Table {
  const text = decodeText(buf);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const delimiter = counts.sort((a, b) => b[1] - a[1])[0]![0];
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      cells.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(field);
      records.push({ line: recordLine, cells });
      cells = [];
      field = '';
      line++;
      recordLine = line;
    } else field += c;
  }
  if (quoted) throw new SpreadsheetError('Il file CSV contiene un campo tra virgolette non chiuso');
  if (field !== '' || cells.length > 0) {
    cells.push(field);
    records.push({ line: recordLine, cells });
  }
  const nonEmpty = records.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...rows] = nonEmpty;
  if (!header) throw new SpreadsheetError('Il file è vuoto');
  return { headers: header.cells.map((h) => h.trim()), rows: rows.map((r) => ({ line: r.line, cells: r.cells.map((c) => c.trim()) })) };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('hyperlink' in value && 'text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** The first worksheet of an XLSX file. */
export async function parseXlsx(buf: Buffer, maxRows = 5000): Promise<Table> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new SpreadsheetError('Il file Excel non è leggibile');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new SpreadsheetError('Il file è vuoto');
  const records: { line: number; cells: string[] }[] = [];
  let width = 0;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (records.length > maxRows + 1) return;
    const values = row.values as ExcelJS.CellValue[];
    const cells = values.slice(1).map((v) => cellText(v).trim());
    width = Math.max(width, cells.length);
    records.push({ line: rowNumber, cells });
  });
  const nonEmpty = records.filter((r) => r.cells.some((c) => c !== ''));
  const [header, ...rows] = nonEmpty;
  if (!header) throw new SpreadsheetError('Il file è vuoto');
  return { headers: header.cells, rows };
}

export async function readTable(buf: Buffer): Promise<Table> {
  const kind = detectKind(buf);
  if (kind === 'xlsx') return parseXlsx(buf);
  if (kind === 'csv') return parseCsv(buf);
  throw new SpreadsheetError('Formato non supportato: carica un file CSV o Excel (.xlsx)');
}

/** An XLSX workbook with one sheet: bold header, frozen first row, column widths from the content. */
export async function writeXlsx(sheetName: string, headers: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Timbro';
  const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow(headers).font = { bold: true };
  for (const r of rows) ws.addRow(r.map((v) => v ?? ''));
  ws.columns.forEach((col, i) => {
    const longest = Math.max(headers[i]?.length ?? 0, ...rows.map((r) => String(r[i] ?? '').length));
    col.width = Math.min(Math.max(longest + 2, 10), 60);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
