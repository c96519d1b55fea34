// Longer than ~300 lines on purpose: the one reader of uploaded tables, CSV and XLSX, with the bounds and the refusals
// they share (ADR 0016); every bound of a table upload is read here, top to bottom, in one place.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { apiMsg, ErrorCode } from '@timbro/shared';
import ExcelJS from 'exceljs';
import { AppError, fileError } from './errors';
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
 *
 * Issue 30 (hostile bodies behind a valid signature) added Excel's own bounds, which no real export passes: a row has
 * at most 16,384 columns (A…XFD), a cell at most 32,767 characters, a styles part at most 250,000 elements (Excel
 * keeps 64,000 cell formats); and the cells of a workbook hold at most 20 MiB of text in all, counted as read (a
 * shared string counts every time a cell uses it: a 15 MB string used by 2,000 rows is 30 GB of cells, and an import's
 * preview sends its cells back; a 32,000-character one used by 2,000 rows ran the server out of memory).
 */
export const DEFAULT_MAX_ROWS = 2000;
export const MAX_XLSX_UNZIPPED_BYTES = 20 * 1024 * 1024;
export const MAX_XLSX_ENTRIES = 500;
export const MAX_TABLE_COLUMNS = 16_384;
export const MAX_CELL_CHARS = 32_767;
export const MAX_TABLE_CHARS = 20 * 1024 * 1024;

/** The upload cannot be read as a table (the message is the Italian text for the user; routes answer 400). */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}

/** More data rows than allowed: the file is refused whole (400), never cut short. */
export class SpreadsheetTooManyRowsError extends SpreadsheetError {
  override name = 'SpreadsheetTooManyRowsError';
  constructor(readonly maxRows: number) {
    super(apiMsg.import.tooManyRows(maxRows.toLocaleString('it-IT')));
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

/** A ZIP is a workbook; text with a NUL byte is no CSV (UTF-16 or binary); any other text is read as CSV. */
export function detectKind(buf: Buffer): 'xlsx' | 'csv' | null {
  if (buf.length >= 4 && ZIP_MAGIC.every((b, i) => buf[i] === b)) return 'xlsx';
  if (buf.includes(0)) return null;
  return 'csv';
}

/** UTF-8 when the bytes are valid UTF-8, else Latin-1 (exports from old spreadsheets); a leading BOM dropped. */
function decodeText(buf: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = new TextDecoder('latin1').decode(buf);
  }
  return text.replace(/^\uFEFF/, '');
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const itNumber = (n: number) => n.toLocaleString('it-IT');

const SEMICOLON = 0x3b;
const COMMA = 0x2c;
const TAB = 0x09;

/** The delimiter the header line uses most: `;` (as Italian spreadsheets export), `,` or tab; `;` on a tie. */
function detectDelimiter(text: string): number {
  let semicolons = 0;
  let commas = 0;
  let tabs = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) break;
    if (c === SEMICOLON) semicolons++;
    else if (c === COMMA) commas++;
    else if (c === TAB) tabs++;
  }
  if (semicolons >= commas && semicolons >= tabs) return SEMICOLON;
  return commas >= tabs ? COMMA : TAB;
}

/**
 * RFC 4180 CSV with the delimiter detected from the header line (`;`, `,` or tab). Non-empty records are counted as
 * they are scanned: one more than the header plus `maxRows` stops the scan. A quote opens a quoted field only at the
 * start of a field (elsewhere it is text); a quoted field may span lines and writes a quote as `""`.
 *
 * Each field is taken as slices of the decoded text, never a character at a time (issue 30: adding one character at
 * a time made a 10 MB line cost ~450 MB and seconds of a blocked event loop), and the scan stops at Excel's bounds: a
 * field past MAX_CELL_CHARS or a row past MAX_TABLE_COLUMNS refuses the file. A quoted field is scanned to its
 * closing quote even past the bound (keeping nothing more), so a quote never closed is reported as such.
 */
export function parseCsv(buf: Buffer, maxRows = DEFAULT_MAX_ROWS): Table {
  const text = decodeText(buf);
  const end = text.length;
  const delimiter = detectDelimiter(text);
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let line = 1;
  let recordLine = 1;
  const tooLong = () => new SpreadsheetError(apiMsg.import.cellTooLong(itNumber(MAX_CELL_CHARS), recordLine));
  /** Where the unquoted text from `from` ends: the next delimiter, line break or the end. */
  const textEnd = (from: number) => {
    let j = from;
    for (let c = text.charCodeAt(j); j < end && c !== delimiter && c !== LF && c !== CR; c = text.charCodeAt(++j));
    return j;
  };
  let i = 0;
  // One field a turn, up to the delimiter or line break that closes it (or the end of the text).
  while (i < end || cells.length > 0) {
    const first = text.charCodeAt(i);
    if (cells.length === 0 && (first === LF || first === CR)) {
      // A blank line between records: skipped at once.
      i += first === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      recordLine = ++line;
      continue;
    }
    let cell: string;
    if (first === QUOTE) {
      cell = '';
      let length = 0;
      for (let from = i + 1; ;) {
        const close = text.indexOf('"', from);
        if (close === -1) throw new SpreadsheetError(apiMsg.import.csvQuoteNotClosed);
        for (let k = from; k < close; k++) if (text.charCodeAt(k) === LF) line++;
        const doubled = text.charCodeAt(close + 1) === QUOTE;
        const to = doubled ? close + 1 : close;
        length += to - from;
        if (length <= MAX_CELL_CHARS) cell += text.slice(from, to);
        if (!doubled) {
          i = close + 1;
          break;
        }
        from = close + 2;
      }
      // Text after the closing quote belongs to the field ("ab"cd is abcd).
      const j = textEnd(i);
      if (length + (j - i) > MAX_CELL_CHARS) throw tooLong();
      if (j > i) cell += text.slice(i, j);
      i = j;
    } else {
      const j = textEnd(i);
      if (j - i > MAX_CELL_CHARS) throw tooLong();
      cell = text.slice(i, j);
      i = j;
    }
    cells.push(cell.trim());
    if (cells.length > MAX_TABLE_COLUMNS)
      throw new SpreadsheetError(apiMsg.import.tooManyColumns(recordLine, itNumber(MAX_TABLE_COLUMNS)));
    const closer = text.charCodeAt(i++);
    // After a delimiter another field follows, even at the very end ("a;" ends with an empty field).
    if (closer === delimiter) continue;
    if (closer === CR && text.charCodeAt(i) === LF) i++;
    if (closer === LF || closer === CR) line++;
    if (cells.some((c) => c !== '')) {
      records.push({ line: recordLine, cells });
      if (records.length > maxRows + 1) throw new SpreadsheetTooManyRowsError(maxRows);
      cells = [];
    } else cells.length = 0; // a line of empty fields: nothing kept
    recordLine = line;
  }
  const [header, ...rows] = records;
  if (!header) throw new SpreadsheetError(apiMsg.import.fileEmpty);
  return { headers: header.cells, rows };
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

const unreadable = () => new SpreadsheetError(apiMsg.import.excelUnreadable);
const mib = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The ZIP entries of a workbook, inflated under the bounds (413 over them, 400 when damaged). */
function unzipWorkbook(buf: Buffer): ZipEntry[] {
  try {
    return readZip(buf, { maxTotalBytes: MAX_XLSX_UNZIPPED_BYTES, maxEntries: MAX_XLSX_ENTRIES });
  } catch (err) {
    if (err instanceof ZipLimitError) {
      throw new SpreadsheetTooLargeError(
        err.limit === 'entries'
          ? apiMsg.import.excelTooManyEntries(MAX_XLSX_ENTRIES)
          : apiMsg.import.tooLargeUnzipped(mib(MAX_XLSX_UNZIPPED_BYTES)),
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
 * The longest stretch of a workbook's XML without a tag that a cell within MAX_CELL_CHARS may need, however it is
 * written (Excel writes a control character as `_x000D_`: seven bytes): 1 MiB. Looked for before parsing, so that a
 * 15 MB string is refused in milliseconds rather than after ExcelJS has read it; the cells themselves are checked
 * again as they are read.
 */
const MAX_TEXT_RUN_BYTES = 1024 * 1024;

/** Whether `xml` has more than MAX_TEXT_RUN_BYTES without a `<`: a window at a time, from the last `<` of the last. */
function hasLongTextRun(xml: Buffer): boolean {
  let from = 0;
  while (xml.length - from > MAX_TEXT_RUN_BYTES) {
    const last = xml.lastIndexOf(0x3c /* < */, from + MAX_TEXT_RUN_BYTES);
    if (last < from) return true;
    from = last + 1;
  }
  return false;
}

/**
 * Elements a styles part may have: Excel keeps at most 64,000 cell formats, each an `<xf>` with perhaps an alignment
 * and a protection, besides fonts, fills, borders and number formats. ExcelJS holds every style it reads (~250 bytes
 * each): 20 MiB of `<xf/>` took ~1 GB (issue 30); 250,000 take ~60 MB.
 */
const MAX_STYLE_TAGS = 250_000;

/** Whether `xml` has more than `max` elements (its `<` counted, up to one past `max`). */
function moreTagsThan(xml: Buffer, max: number): boolean {
  let n = 0;
  for (let i = xml.indexOf(0x3c /* < */); i !== -1; i = xml.indexOf(0x3c, i + 1)) if (++n > max) return true;
  return false;
}

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
  if (styles && moreTagsThan(styles, MAX_STYLE_TAGS)) throw new SpreadsheetError(apiMsg.import.excelTooManyStyles);
  if (styles) parts.push({ name: 'xl/styles.xml', data: styles });
  const sheets = entries
    .filter((e) => SHEET.test(e.name))
    .sort((a, b) => Number(SHEET.exec(a.name)![1]) - Number(SHEET.exec(b.name)![1]));
  if (sheets.length === 0) throw new SpreadsheetError(apiMsg.import.fileEmpty);
  for (const part of [parts[2]!, ...sheets])
    if (hasLongTextRun(part.data)) throw new SpreadsheetError(apiMsg.import.cellTooLong(itNumber(MAX_CELL_CHARS)));
  return writeStoredZip([...parts, ...sheets]);
}

/**
 * The first worksheet (in the workbook's order) of an XLSX file. The ZIP is read by our own bounded reader (zip.ts),
 * then the sheet is parsed as a stream, row by row: the parse stops as soon as the data rows exceed `maxRows`, a cell
 * exceeds MAX_CELL_CHARS, or the cells read so far exceed MAX_TABLE_CHARS. ExcelJS reads neither DTDs nor entities
 * ("billion laughs" is an unreadable file) and refuses a column past XFD.
 */
export async function parseXlsx(buf: Buffer, maxRows = DEFAULT_MAX_ROWS): Promise<Table> {
  const zip = readerZip(unzipWorkbook(buf));
  // Fed in small chunks: the sheet's XML is then parsed, and its rows handed over, a few kilobytes at a time. Each
  // chunk waits for the event loop's next turn: fed without a pause, ExcelJS read the shared strings and the styles in
  // one go (a million shared strings held every other request for 2–4 s, issue 30); with it, other requests are served
  // between chunks (the longest wait ~0.2 s, the unzipping before included).
  const chunks = async function* () {
    for (let i = 0; i < zip.length; i += READ_CHUNK_BYTES) {
      await nextTurn();
      yield zip.subarray(i, i + READ_CHUNK_BYTES);
    }
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
  let chars = 0;
  try {
    for await (const sheet of reader) {
      // The reader knows the workbook's sheet order once it has read xl/workbook.xml (first in readerZip).
      const firstId = (reader as unknown as { model?: { sheets?: { id?: number }[] } }).model?.sheets?.[0]?.id;
      if (firstId !== undefined && Number((sheet as unknown as { id: unknown }).id) !== Number(firstId)) continue;
      found = true;
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        // Every column up to the last cell, a missing cell as '' (a row is at most XFD wide: ExcelJS refuses more).
        const cells = Array.from(values.slice(1), (v) => cellText(v).trim());
        for (const cell of cells) {
          if (cell.length > MAX_CELL_CHARS)
            throw new SpreadsheetError(apiMsg.import.cellTooLong(itNumber(MAX_CELL_CHARS), row.number));
          chars += cell.length;
        }
        if (chars > MAX_TABLE_CHARS)
          throw new SpreadsheetTooLargeError(apiMsg.import.tooMuchText(mib(MAX_TABLE_CHARS)));
        if (!cells.some((c) => c !== '')) continue;
        records.push({ line: row.number, cells });
        if (records.length > maxRows + 1) throw new SpreadsheetTooManyRowsError(maxRows);
      }
      break;
    }
  } catch (err) {
    if (err instanceof SpreadsheetError || err instanceof SpreadsheetTooLargeError) throw err;
    throw unreadable();
  }
  const [header, ...rows] = records;
  if (!found || !header) throw new SpreadsheetError(apiMsg.import.fileEmpty);
  return { headers: header.cells, rows };
}

/** Reads a CSV or XLSX upload as a table, refusing more than `maxRows` data rows (default DEFAULT_MAX_ROWS). */
export async function readTable(buf: Buffer, opts: ReadTableOptions = {}): Promise<Table> {
  const maxRows = opts.maxRows ?? DEFAULT_MAX_ROWS;
  const kind = detectKind(buf);
  if (kind === 'xlsx') return parseXlsx(buf, maxRows);
  if (kind === 'csv') return parseCsv(buf, maxRows);
  throw new SpreadsheetError(apiMsg.import.unsupportedFormat);
}

/**
 * An import's table (ADR 0016), or its refusal as a 400 on `file`: unreadable (the reader's reason, over `maxRows`
 * among them) or without data rows. A workbook that inflates too much stays a 413.
 */
export async function readImportTable(buf: Buffer, opts: ReadTableOptions = {}): Promise<Table> {
  let table: Table;
  try {
    table = await readTable(buf, opts);
  } catch (err) {
    if (err instanceof SpreadsheetError) throw fileError(err.message);
    throw err;
  }
  if (table.rows.length === 0) throw fileError(apiMsg.import.noRows);
  return table;
}

/** A column an import knows: its key, the header its template writes (if any) and the other names accepted. */
export interface ImportColumn<K extends string> {
  key: K;
  header?: string;
  aliases: readonly string[];
}

/** A header or a word of a cell as the imports compare them: without accents, lower-case, one space between words. */
export const foldText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Where the known columns are in the table: for each, the first header equal to its header or one of its aliases,
 * both compared as `key` makes them (`foldText` unless the import folds its own way).
 */
export function locateColumns<K extends string>(
  table: Table,
  columns: readonly ImportColumn<K>[],
  key: (header: string) => string = foldText,
): Map<K, number> {
  const map = new Map<K, number>();
  table.headers.forEach((h, i) => {
    const n = key(h);
    const col = columns.find(
      (c) => (c.header !== undefined && key(c.header) === n) || c.aliases.some((a) => key(a) === n),
    );
    if (col && !map.has(col.key)) map.set(col.key, i);
  });
  return map;
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
