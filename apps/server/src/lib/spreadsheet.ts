import { Readable } from 'node:stream';
import { ErrorCode } from '@timbro/shared';
import ExcelJS from 'exceljs';
import { AppError } from './errors';
import { readZip, writeStoredZip, ZipFormatError, ZipLimitError, type ZipEntry } from './zip';

/** A table read from an upload: header cells and data rows (all strings, trimmed), with 1-based file line numbers. */
export interface Table {
  headers: string[];
  rows: { line: number; cells: string[] }[];
}

/**
 * Bounds of a read (issue 10 §4, "one tenant cannot hurt the others"): an upload is at most UPLOAD_LIMIT_BYTES
 * (10 MiB, the multipart limit); an XLSX inflates to at most 20 MiB in at most 500 ZIP entries; a table has at most
 * `maxRows` data rows, by default the people import's 2000 (MAX_IMPORT_ROWS). Every bound is checked while reading,
 * so an oversized file costs at most the bound, never what it would inflate or parse to.
 */
export const DEFAULT_MAX_ROWS = 2000;
export const MAX_XLSX_UNZIPPED_BYTES = 20 * 1024 * 1024;
export const MAX_XLSX_ENTRIES = 500;

/** The upload cannot be read as a table (the message is the Italian text for the user; routes answer 400). */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}

/** More data rows than allowed: the file is refused whole (400), never cut short. */
export class SpreadsheetTooManyRowsError extends SpreadsheetError {
  override name = 'SpreadsheetTooManyRowsError';
  constructor(readonly maxRows: number) {
    super(`Il file contiene più di ${maxRows.toLocaleString('it-IT')} righe: dividilo in più file`);
  }
}

/**
 * A workbook that would inflate beyond the bounds: 413 PAYLOAD_TOO_LARGE with an Italian text and a `file` field
 * error. An AppError (not a SpreadsheetError), so the import services, which turn SpreadsheetError into a 400, let it
 * through to the error handler unchanged.
 */
export class SpreadsheetTooLargeError extends AppError {
  override name = 'SpreadsheetTooLargeError';
  constructor(message: string) {
    super(ErrorCode.PAYLOAD_TOO_LARGE, message, { errors: [{ path: 'file', message }] });
  }
}

export interface ReadTableOptions {
  /** Most data rows accepted (the header excluded); more is a SpreadsheetTooManyRowsError. Default DEFAULT_MAX_ROWS. */
  maxRows?: number;
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

/**
 * RFC 4180 CSV with the delimiter detected from the header line (`;` as Italian spreadsheets export, `,` or tab).
 * Non-empty records are counted as they are scanned: one more than the header plus `maxRows` stops the scan.
 */
export function parseCsv(buf: Buffer, maxRows = DEFAULT_MAX_ROWS): Table {
  const text = decodeText(buf);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const delimiter = counts.sort((a, b) => b[1] - a[1])[0]![0];
  const records: { line: number; cells: string[] }[] = [];
  const push = (record: { line: number; cells: string[] }) => {
    if (!record.cells.some((c) => c.trim() !== '')) return;
    records.push(record);
    if (records.length > maxRows + 1) throw new SpreadsheetTooManyRowsError(maxRows);
  };
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
      push({ line: recordLine, cells });
      cells = [];
      field = '';
      line++;
      recordLine = line;
    } else field += c;
  }
  if (quoted) throw new SpreadsheetError('Il file CSV contiene un campo tra virgolette non chiuso');
  if (field !== '' || cells.length > 0) {
    cells.push(field);
    push({ line: recordLine, cells });
  }
  const [header, ...rows] = records;
  if (!header) throw new SpreadsheetError('Il file è vuoto');
  return {
    headers: header.cells.map((h) => h.trim()),
    rows: rows.map((r) => ({ line: r.line, cells: r.cells.map((c) => c.trim()) })),
  };
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

const unreadable = () => new SpreadsheetError('Il file Excel non è leggibile');
const mib = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The ZIP entries of a workbook, inflated under the bounds (413 over them, 400 when damaged). */
function unzipWorkbook(buf: Buffer): ZipEntry[] {
  try {
    return readZip(buf, { maxTotalBytes: MAX_XLSX_UNZIPPED_BYTES, maxEntries: MAX_XLSX_ENTRIES });
  } catch (err) {
    if (err instanceof ZipLimitError) {
      throw new SpreadsheetTooLargeError(
        err.limit === 'entries'
          ? `Il file Excel contiene troppi elementi (al massimo ${MAX_XLSX_ENTRIES}): salvalo di nuovo come cartella di lavoro Excel semplice`
          : `Il file è troppo grande una volta decompresso: al massimo ${mib(MAX_XLSX_UNZIPPED_BYTES)} di contenuto. Dividilo in più file`,
      );
    }
    if (err instanceof ZipFormatError) throw unreadable();
    throw err;
  }
}

const EMPTY_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
const EMPTY_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
const READ_CHUNK_BYTES = 16 * 1024;
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * The parts of the workbook the streaming reader needs, in the order that lets it read in one pass without temporary
 * files: relationships, workbook, shared strings, styles, then the worksheets. Missing shared strings or relationships
 * become empty ones.
 */
function readerZip(entries: ZipEntry[]): Buffer {
  const byName = new Map(entries.map((e) => [e.name, e.data]));
  const workbook = byName.get('xl/workbook.xml');
  if (!workbook) throw unreadable();
  const parts: ZipEntry[] = [
    { name: 'xl/_rels/workbook.xml.rels', data: byName.get('xl/_rels/workbook.xml.rels') ?? Buffer.from(EMPTY_RELS) },
    { name: 'xl/workbook.xml', data: workbook },
    { name: 'xl/sharedStrings.xml', data: byName.get('xl/sharedStrings.xml') ?? Buffer.from(EMPTY_SHARED_STRINGS) },
  ];
  const styles = byName.get('xl/styles.xml');
  if (styles) parts.push({ name: 'xl/styles.xml', data: styles });
  const sheets = entries
    .filter((e) => SHEET.test(e.name))
    .sort((a, b) => Number(SHEET.exec(a.name)![1]) - Number(SHEET.exec(b.name)![1]));
  if (sheets.length === 0) throw new SpreadsheetError('Il file è vuoto');
  return writeStoredZip([...parts, ...sheets]);
}

/**
 * The first worksheet (in the workbook's order) of an XLSX file. The ZIP is read by our own bounded reader (zip.ts),
 * then the sheet is parsed as a stream, row by row: the parse stops as soon as the data rows exceed `maxRows`.
 */
export async function parseXlsx(buf: Buffer, maxRows = DEFAULT_MAX_ROWS): Promise<Table> {
  const zip = readerZip(unzipWorkbook(buf));
  // Fed in small chunks: the sheet's XML is then parsed, and its rows handed over, a few kilobytes at a time.
  const chunks = function* () {
    for (let i = 0; i < zip.length; i += READ_CHUNK_BYTES) yield zip.subarray(i, i + READ_CHUNK_BYTES);
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunks()), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const records: { line: number; cells: string[] }[] = [];
  let found = false;
  try {
    for await (const sheet of reader) {
      // The reader knows the workbook's sheet order once it has read xl/workbook.xml (first in readerZip).
      const firstId = (reader as unknown as { model?: { sheets?: { id?: number }[] } }).model?.sheets?.[0]?.id;
      if (firstId !== undefined && Number((sheet as unknown as { id: unknown }).id) !== Number(firstId)) continue;
      found = true;
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        const cells = values.slice(1).map((v) => cellText(v).trim());
        if (!cells.some((c) => c !== '')) continue;
        records.push({ line: row.number, cells });
        if (records.length > maxRows + 1) throw new SpreadsheetTooManyRowsError(maxRows);
      }
      break;
    }
  } catch (err) {
    if (err instanceof SpreadsheetError) throw err;
    throw unreadable();
  }
  const [header, ...rows] = records;
  if (!found || !header) throw new SpreadsheetError('Il file è vuoto');
  return { headers: header.cells, rows };
}

/** Reads a CSV or XLSX upload as a table, refusing more than `maxRows` data rows (default DEFAULT_MAX_ROWS). */
export async function readTable(buf: Buffer, opts: ReadTableOptions = {}): Promise<Table> {
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS;
  const kind = detectKind(buf);
  if (kind === 'xlsx') return parseXlsx(buf, maxRows);
  if (kind === 'csv') return parseCsv(buf, maxRows);
  throw new SpreadsheetError('Formato non supportato: carica un file CSV o Excel (.xlsx)');
}

/** An XLSX workbook with one sheet: bold header, frozen first row, column widths from the content. */
export async function writeXlsx(
  sheetName: string,
  headers: string[],
  rows: (string | number | null)[][],
): Promise<Buffer> {
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
