import { randomBytes } from 'node:crypto';
import {
  ANNOUNCEMENT_MAX_FILES,
  ANNOUNCEMENT_MAX_TOTAL_MB,
  API_BASE_PATH,
  apiMsg,
  generateCodiceFiscale,
  importMsg,
} from '@timbro/shared';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES, type App } from '../src/app';
import { MAX_CELL_CHARS, MAX_TABLE_CHARS, MAX_TABLE_COLUMNS } from '../src/lib/spreadsheet';
import type { MemoryStorage } from '../src/lib/storage/memory';
import { FILE_KINDS, sizeLabel, type FileKind, type SniffedType } from '../src/modules/files/file-kinds';
import { IMAGE_MAX_PIXELS } from '../src/modules/files/image-check';
import { buildEmployee } from './factories';
import { createTestContext, ENDS_OWN_SESSION, membershipOf, type Session, type TestContext } from './helpers';
import {
  elf,
  exe,
  hostileCsv,
  hostilePng,
  hostileWorkbooks,
  hostileZips,
  html,
  jpegGarbage,
  jpegHugeFrame,
  notQuitePdf,
  padded,
  pdf,
  pdfBomb,
  pdfWithJavaScript,
  png,
  pngOf,
  shellScript,
  svgWithScript,
  truncatedPdf,
  webpGarbage,
  webpHugeFrame,
} from './upload-corpus';

/**
 * Uploads (issue 17): the hostile corpus on every upload route of the route table, with 0 stored. The upload routes are
 * the ones whose schema `consumes` multipart/form-data (RouteDeclaration.consumes); a second test sends a multipart
 * form to every other write route and watches the multipart plugin's readers, so a route that reads a file without
 * declaring it fails the suite too. Each upload route gets every corpus entry that attacks it (a PDF route is not
 * attacked by a damaged PDF: ADR 0019 checks a file's first bytes, its size and its password, not its inside), as the
 * workspace's admin with the route's other fields valid, so the refusal is the file's doing (a control upload of a good
 * file passes on each route). Expected for every attempt: a 4xx with an Italian message (the one ADR 0019 or 0016
 * promises, where it promises one), never a 5xx, and nothing left behind: the same objects in the storage, and no row
 * written in any table of any schema (files, reservations, pay slips, imports, people, punches, codes, audit, mail…).
 * Hostile file names (a path, NUL, 1,000 characters, control and bidi characters) are not refused but cleaned: a third
 * test uploads a good file under each on every storing route and reads the name back.
 *
 * Valid signature, hostile body (issue 30): for every kind the server accepts, files whose first bytes are right and
 * whose inside is built to hurt the reader — a PNG whose IDAT is zlib garbage and one of 8000 × 8000, a JPEG that is
 * garbage after its header and one whose frame declares 65500 × 65500, the same two of WebP (the logo takes it), a PDF
 * of 200 pages sharing one content stream that decodes to 64 MB, workbooks with the billion laughs, a cell at
 * XFD1048576 under a declared full grid, a row of 100,000 cells, a 15 MB shared string and a 32,000-character one
 * read by 2,000 rows, CSV files with a quote never closed, 100,000 columns, a 10 MB line, NUL bytes and no valid
 * UTF-8. Each attacks the routes that read the inside of its kind, and only those (`readsInside`): there it must be
 * refused like the rest, and quickly (the slowest attempt and the worker's peak memory are printed; the slowest is held
 * under 30 s). Routes that store PNG, JPEG or PDF as sent (documents, pay slips, attachments) never decode them on the
 * server, so a hostile body is no attack on it there (ADR 0019: downloads are sandboxed).
 */

let ctx: TestContext;
let admin: Session;
let storage: MemoryStorage;
let readers: Set<string>;
const ids = { mario: '', paycheck: '', document: '', announcement: '' };
let marioFiscalCode = '';

// ---------------------------------------------------------------------------------------------------------------
// Multipart requests written by hand: the corpus needs to lie in places FormData never would.

interface Part {
  name: string;
  /** A text field's value. */
  value?: string;
  /** A file part's bytes (with `filename`, or without it: a part that only looks like a file). */
  body?: Buffer;
  filename?: string;
  type?: string;
}
interface Attempt {
  body: Buffer;
  contentType: string;
}

function encodeForm(parts: Part[]): Attempt {
  const boundary = `----TimbroCorpus${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), p.body ?? Buffer.from(p.value ?? '', 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const filePart = (body: Buffer, filename: string, type = 'application/octet-stream'): Part => ({
  name: 'file',
  body,
  filename,
  type,
});

function send(url: string, attempt: Attempt) {
  return ctx.request('POST', url, attempt.body, {
    session: admin,
    workspace: ctx.ws.demo,
    headers: { 'content-type': attempt.contentType },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The upload routes: what each takes. The route list itself comes from the route table; a route missing here fails.

interface UploadRoute {
  /** A stored file of this kind (files.service.receiveForm, ADR 0019), or a table read whole and never stored (ADR 0016). */
  kind: FileKind | 'table';
  fileRequired: boolean;
  maxFiles: number;
  /** The longest text field (stored kinds; files.service MAX_FIELD_BYTES unless the route allows more). */
  maxFieldBytes?: number;
  url: () => string;
  /** The form's other fields, valid. */
  fields: () => Record<string, string>;
  /** A file the route takes. */
  good: () => Buffer;
}

const slip = () => pdf([['CEDOLINO PAGA OTTOBRE 2026', 'ROSSI MARIO', 'NETTO 1.534,20']]);
const paycheckFields = () => ({ year: '2026', month: '10', netAmount: '1.534,20', description: 'Ottobre' });
const documentFields = () => ({ label: 'Patente', description: '', expiresAt: '2030-01-31', note: '' });
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16).replace('T', ' ');
const announcementFields = () => ({
  title: 'Chiusura estiva',
  content: '<p>L’ufficio resta chiuso dal 10 al 21 agosto.</p>',
  sendAt: inAMonth(),
  audience: JSON.stringify({ everyone: true }),
  requiresAck: 'false',
});
const peopleCsv = () => {
  const cf = generateCodiceFiscale({
    lastName: 'Corpus',
    firstName: 'Aldo',
    birthDate: '1990-05-17',
    sex: 'M',
    belfiore: 'F205',
  });
  return Buffer.from(
    `Nome;Cognome;Email;Codice fiscale;Email aziendale;PEC\r\nAldo;Corpus;aldo.corpus@example.it;${cf};aldo.corpus@demo.timbro.it;aldo.corpus@pec.it\r\n`,
  );
};
const punchesCsv = () => Buffer.from('Email;Data;Ora;Verso\r\nmario.rossi@demo.timbro.it;02/03/2026;09:00;E\r\n');
const codesCsv = () => Buffer.from(`codice_fiscale;codice\r\n${marioFiscalCode};4242\r\n`);
const MB = 1024 * 1024;

const stored = (kind: FileKind, more: Partial<UploadRoute> & Pick<UploadRoute, 'url'>): UploadRoute => ({
  kind,
  fileRequired: true,
  maxFiles: 1,
  fields: () => ({}),
  good: slip,
  ...more,
});
const table = (url: string, good: () => Buffer): UploadRoute => ({
  kind: 'table',
  fileRequired: true,
  maxFiles: 1,
  url: () => url,
  fields: () => ({}),
  good,
});

const UPLOAD_ROUTES: Record<string, UploadRoute> = {
  'POST /admin/file/logo': stored('logo', { url: () => '/admin/file/logo', good: png }),
  'POST /admin/user/:id/paycheck': stored('payslip', {
    url: () => `/admin/user/${ids.mario}/paycheck`,
    fields: paycheckFields,
  }),
  'POST /admin/paycheck/:id': stored('payslip', {
    url: () => `/admin/paycheck/${ids.paycheck}`,
    fields: paycheckFields,
    fileRequired: false,
  }),
  'POST /admin/paycheck/import': stored('payslip-import', {
    url: () => '/admin/paycheck/import',
    fields: () => ({ year: '2026', month: '9' }),
  }),
  'POST /admin/user/:id/document': stored('document', {
    url: () => `/admin/user/${ids.mario}/document`,
    fields: documentFields,
  }),
  'POST /admin/document/:id': stored('document', {
    url: () => `/admin/document/${ids.document}`,
    fields: documentFields,
    fileRequired: false,
  }),
  'POST /admin/announcement': stored('attachment', {
    url: () => '/admin/announcement',
    fields: announcementFields,
    fileRequired: false,
    maxFiles: ANNOUNCEMENT_MAX_FILES,
    maxFieldBytes: 400_000,
  }),
  'POST /admin/announcement/:id': stored('attachment', {
    url: () => `/admin/announcement/${ids.announcement}`,
    fields: announcementFields,
    fileRequired: false,
    maxFiles: ANNOUNCEMENT_MAX_FILES,
    maxFieldBytes: 400_000,
  }),
  'POST /admin/user/import/preview': table('/admin/user/import/preview', peopleCsv),
  'POST /admin/user/import': table('/admin/user/import', peopleCsv),
  'POST /admin/punch/import/preview': table('/admin/punch/import/preview', punchesCsv),
  'POST /admin/punch/import': table('/admin/punch/import', punchesCsv),
  'POST /admin/payroll/employees/import': table('/admin/payroll/employees/import', codesCsv),
};

const takesPdf = (r: UploadRoute) => r.kind !== 'table' && FILE_KINDS[r.kind].types.includes('application/pdf');
const limitOf = (r: UploadRoute) => (r.kind === 'table' ? UPLOAD_LIMIT_BYTES : FILE_KINDS[r.kind].maxBytes);
/** The first bytes of a file the route takes: an oversize file differs from a good one by its size only. */
const headOf = (r: UploadRoute) =>
  r.kind === 'table' ? Buffer.from('Email;Data;Ora;Verso\r\n') : takesPdf(r) ? slip() : png();
const withFields = (r: UploadRoute, ...files: Part[]) =>
  encodeForm([...Object.entries(r.fields()).map(([name, value]) => ({ name, value })), ...files]);

// ---------------------------------------------------------------------------------------------------------------
// The corpus.

interface Refusal {
  status: number;
  message?: string | RegExp;
}
interface Entry {
  name: string;
  /** Whether the entry attacks this route (default: every route). */
  attacks?: (r: UploadRoute) => boolean;
  build: (r: UploadRoute) => Attempt | Promise<Attempt>;
  /** The answer the ADRs promise for this route, when they promise one; otherwise any 4xx in Italian. */
  promise?: (r: UploadRoute) => Refusal | undefined;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** ADR 0019's refusal of a stored kind's wrong type; for a table, ADR 0016's reader refuses it (any 400). */
const wrongType = (r: UploadRoute): Refusal =>
  r.kind === 'table' ? { status: 400 } : { status: 400, message: apiMsg.upload.wrongType(FILE_KINDS[r.kind].label) };
const unreadableZip = (r: UploadRoute): Refusal =>
  r.kind === 'table' ? { status: 400, message: 'Il file Excel non è leggibile' } : wrongType(r);
const tooLargeInflated = (r: UploadRoute): Refusal =>
  r.kind === 'table' ? { status: 413, message: /^Il file è troppo grande una volta decompresso/ } : wrongType(r);

/** Each content made once per run (the zips and PDFs are built byte by byte). */
const once = <T>(make: () => T): (() => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

/** A file entry: `content` sent as the route's `file`, under `filename`, declared as `type` (a lie, mostly). */
const file = (
  name: string,
  content: () => Buffer | Promise<Buffer>,
  filename: string,
  type: string,
  promise: Entry['promise'] = wrongType,
  attacks?: Entry['attacks'],
): Entry => {
  const made = once(content);
  return { name, attacks, promise, build: async (r) => withFields(r, filePart(await made(), filename, type)) };
};

const notPdfRoutes = (r: UploadRoute) => !takesPdf(r);
const requiredFile = (r: UploadRoute) => r.fileRequired;

/**
 * The routes whose server reads the inside of a kind: the logo's images (decoded by sharp in a limited child process,
 * then stored as a fresh PNG: files.service uploadLogo), the pay-slip import's PDF (its structure checked in a limited
 * child process at upload: imports.service checkStructure) and the tables (read in process by lib/spreadsheet.ts,
 * ADR 0016). Documents, pay slips and announcement attachments keep a PNG, JPEG or PDF as sent, checked by its first
 * bytes, size and password only (ADR 0019): the browser decodes it, not the server, so it is not attacked there. A
 * route that does not take the kind at all refuses it by its first bytes, which the wrong-type entries check.
 */
const READS_INSIDE: Partial<Record<FileKind, readonly SniffedType[]>> = {
  logo: ['image/png', 'image/jpeg', 'image/webp'],
  'payslip-import': ['application/pdf'],
};
const readsInside =
  (kind: SniffedType | 'table') =>
  (r: UploadRoute): boolean =>
    kind === 'table' ? r.kind === 'table' : r.kind !== 'table' && (READS_INSIDE[r.kind]?.includes(kind) ?? false);

/** A table route's good file, taken apart: its header line (with the line break), its header and its first row. */
function tableOf(r: UploadRoute) {
  const [head, row] = r.good().toString('utf8').split('\r\n');
  return { headLine: `${head}\r\n`, header: head!.split(';'), row: row!.split(';'), good: r.good() };
}
/** A table entry: the hostile file made for each table route from its own columns. */
const tableFile = (
  name: string,
  content: (t: ReturnType<typeof tableOf>) => Buffer | Promise<Buffer>,
  filename: string,
  type: string,
  promise?: Entry['promise'],
): Entry => ({
  name,
  attacks: readsInside('table'),
  promise,
  build: async (r) => withFields(r, filePart(await content(tableOf(r)), filename, type)),
});
const itNumber = (n: number) => n.toLocaleString('it-IT');
const TEN_MB = 10_000_000;
const imageUnreadable = () => ({ status: 400, message: apiMsg.upload.imageUnreadable });
const imageTooManyPixels = () => ({ status: 400, message: apiMsg.upload.imageTooManyPixels(IMAGE_MAX_PIXELS / 1e6) });

const CORPUS: Entry[] = [
  file(
    'empty file',
    () => Buffer.alloc(0),
    'cedolino.pdf',
    'application/pdf',
    (r) => ({
      status: 400,
      message: r.kind === 'table' ? apiMsg.import.fileEmpty : apiMsg.upload.fileEmpty,
    }),
  ),
  file('Windows executable named .pdf', exe, 'cedolino.pdf', 'application/pdf', (r) =>
    r.kind === 'table' ? { status: 400, message: /^Formato non supportato/ } : wrongType(r),
  ),
  file('ELF executable named .png', elf, 'logo.png', 'image/png', (r) =>
    r.kind === 'table' ? { status: 400, message: /^Formato non supportato/ } : wrongType(r),
  ),
  file('shell script named .csv', shellScript, 'dipendenti.csv', 'text/csv'),
  file('HTML page named .pdf', html, 'cedolino.pdf', 'application/pdf'),
  file('SVG with <script> named .png', svgWithScript, 'logo.png', 'image/svg+xml'),
  file('PDF magic after junk', notQuitePdf, 'cedolino.pdf', 'application/pdf'),
  file('PNG signature cut short', () => Buffer.from([0x89, 0x50]), 'logo.png', 'image/png'),
  file(
    'password-protected PDF',
    () => pdf([['CEDOLINO']], { encrypt: true }),
    'cedolino.pdf',
    'application/pdf',
    (r) => (takesPdf(r) ? { status: 400, message: apiMsg.upload.encryptedPdf } : wrongType(r)),
  ),
  // A PDF route takes a damaged PDF or one with scripts (ADR 0019 reads the first bytes; downloads are sandboxed).
  file('PDF with JavaScript (OpenAction)', pdfWithJavaScript, 'logo.png', 'image/png', wrongType, notPdfRoutes),
  file('truncated PDF', truncatedPdf, 'logo.png', 'image/png', wrongType, notPdfRoutes),
  file('zip bomb, honest sizes (32 MiB from 32 KB)', hostileZips.bomb, 'dipendenti.xlsx', XLSX, tooLargeInflated),
  file('zip bomb, sizes that lie', hostileZips.lyingBomb, 'dipendenti.xlsx', XLSX, tooLargeInflated),
  file('zip with ../ names (zip slip)', hostileZips.traversal, 'dipendenti.xlsx', XLSX, unreadableZip),
  file('zip with absolute names', hostileZips.absolute, 'dipendenti.xlsx', XLSX, unreadableZip),
  file('zip inside a zip', hostileZips.nested, 'dipendenti.xlsx', XLSX, unreadableZip),
  file('zip with a name twice', hostileZips.duplicateNames, 'dipendenti.xlsx', XLSX, unreadableZip),
  file('zip with 501 entries', hostileZips.tooManyEntries, 'dipendenti.xlsx', XLSX, (r) =>
    r.kind === 'table' ? { status: 413, message: /troppi elementi/ } : wrongType(r),
  ),
  {
    name: 'one byte over the limit',
    build: (r) => withFields(r, filePart(padded(headOf(r), limitOf(r) + 1), 'grande.pdf')),
    promise: (r) =>
      r.kind === 'table'
        ? { status: 413, message: apiMsg.http.payloadTooLarge }
        : { status: 413, message: apiMsg.upload.tooLarge(sizeLabel(FILE_KINDS[r.kind].maxBytes)) },
  },
  {
    name: 'files over the total together',
    attacks: (r) => r.maxFiles > 1,
    build: (r) => {
      const each = Math.floor((ANNOUNCEMENT_MAX_TOTAL_MB * MB) / 2) + 1;
      return withFields(r, filePart(padded(slip(), each), 'a.pdf'), filePart(padded(slip(), each), 'b.pdf'));
    },
    promise: () => ({ status: 413, message: `Gli allegati insieme superano ${ANNOUNCEMENT_MAX_TOTAL_MB} MB` }),
  },
  {
    name: 'too many files',
    build: (r) =>
      withFields(r, ...Array.from({ length: r.maxFiles + 2 }, (_, i) => filePart(r.good(), `file${i}.pdf`))),
  },
  {
    name: 'too many parts (60 fields)',
    build: (r) =>
      encodeForm([
        ...Array.from({ length: 60 }, (_, i) => ({ name: `campo${i}`, value: 'x' })),
        ...Object.entries(r.fields()).map(([name, value]) => ({ name, value })),
        filePart(r.good(), 'file.pdf'),
      ]),
  },
  {
    name: 'a field over its limit',
    attacks: (r) => r.kind !== 'table',
    build: (r) =>
      encodeForm([
        ...Object.entries(r.fields()).map(([name, value]) => ({ name, value })),
        { name: 'note', value: 'x'.repeat((r.maxFieldBytes ?? 20_000) + 1) },
        filePart(r.good(), 'file.pdf'),
      ]),
  },
  {
    name: 'file part without a filename',
    attacks: requiredFile,
    build: (r) => withFields(r, { name: 'file', body: r.good(), type: 'application/pdf' }),
  },
  {
    name: 'file under another field name',
    attacks: requiredFile,
    build: (r) => withFields(r, { ...filePart(r.good(), 'file.pdf'), name: 'allegato' }),
  },
  {
    name: 'file field named __proto__',
    build: (r) => withFields(r, { ...filePart(r.good(), 'file.pdf'), name: '__proto__' }),
  },
  {
    name: 'field declared JSON that does not parse',
    build: (r) => withFields(r, { name: 'extra', value: '{"a":', type: 'application/json' }, filePart(r.good(), 'f')),
  },
  {
    name: 'multipart without a boundary',
    build: (r) => ({ ...withFields(r, filePart(r.good(), 'file.pdf')), contentType: 'multipart/form-data' }),
  },
  {
    name: 'multipart with a boundary that never comes',
    build: (r) => ({
      ...withFields(r, filePart(r.good(), 'file.pdf')),
      contentType: 'multipart/form-data; boundary=----NonCompareMai',
    }),
  },
  {
    name: 'multipart cut off in the middle of the file',
    build: (r) => {
      const whole = withFields(r, filePart(padded(r.good(), 64 * 1024), 'file.pdf'));
      return { ...whole, body: whole.body.subarray(0, whole.body.length - 32 * 1024) };
    },
  },
  {
    name: 'the file as the whole body, declared application/pdf',
    build: (r) => ({ body: r.good(), contentType: 'application/pdf' }),
  },
  {
    name: 'a multipart body declared as JSON',
    build: (r) => ({ body: withFields(r, filePart(r.good(), 'file.pdf')).body, contentType: 'application/json' }),
  },
  // Valid signature, hostile body (issue 30): see the header and READS_INSIDE.
  file(
    'PNG: a valid header, zlib garbage in its IDAT',
    hostilePng,
    'logo.png',
    'image/png',
    imageUnreadable,
    readsInside('image/png'),
  ),
  file(
    'PNG: 8000 × 8000 pixels (64 MP in 200 KB)',
    () => pngOf(8000, 8000),
    'logo.png',
    'image/png',
    imageTooManyPixels,
    readsInside('image/png'),
  ),
  file(
    'JPEG: SOI and APP0, then garbage',
    jpegGarbage,
    'logo.jpg',
    'image/jpeg',
    imageUnreadable,
    readsInside('image/jpeg'),
  ),
  file(
    'JPEG: a frame of 65500 × 65500',
    jpegHugeFrame,
    'logo.jpg',
    'image/jpeg',
    imageTooManyPixels,
    readsInside('image/jpeg'),
  ),
  file(
    'WebP: a RIFF header, a VP8 chunk of garbage',
    webpGarbage,
    'logo.webp',
    'image/webp',
    imageUnreadable,
    readsInside('image/webp'),
  ),
  // libvips' WebP loader asks for the whole frame (1 GB here) before its pixel check: the sandbox reads the size the
  // WebP declares first and refuses it as too many pixels before libvips sees it.
  file(
    'WebP: a frame of 16383 × 16383',
    webpHugeFrame,
    'logo.webp',
    'image/webp',
    imageTooManyPixels,
    readsInside('image/webp'),
  ),
  file(
    'PDF: 200 pages sharing one content stream of 64 MB',
    () => pdfBomb(200, 64),
    'cedolini.pdf',
    'application/pdf',
    () => ({ status: 400, message: importMsg.absurd }),
    readsInside('application/pdf'),
  ),
  tableFile(
    'XLSX: billion laughs in the shared strings',
    (t) => hostileWorkbooks.laughsInSharedStrings(t.header),
    'dipendenti.xlsx',
    XLSX,
    () => ({ status: 400, message: apiMsg.import.excelUnreadable }),
  ),
  tableFile(
    'XLSX: billion laughs in the sheet',
    (t) => hostileWorkbooks.laughsInSheet(t.header),
    'dipendenti.xlsx',
    XLSX,
    () => ({ status: 400, message: apiMsg.import.excelUnreadable }),
  ),
  tableFile(
    'XLSX: the grid A1:XFD1048576 declared, one cell at XFD1048576',
    () => hostileWorkbooks.farCell(),
    'dipendenti.xlsx',
    XLSX,
    () => ({ status: 400 }),
  ),
  tableFile(
    'XLSX: a row of 100,000 cells',
    (t) => hostileWorkbooks.wideRow(t.header),
    'dipendenti.xlsx',
    XLSX,
    () => ({ status: 400, message: apiMsg.import.excelUnreadable }),
  ),
  tableFile(
    'XLSX: a shared string of 15 MB in every row',
    (t) => hostileWorkbooks.hugeSharedString(t.header, t.row, 2000),
    'dipendenti.xlsx',
    XLSX,
    () => ({ status: 400, message: apiMsg.import.cellTooLong(itNumber(MAX_CELL_CHARS)) }),
  ),
  tableFile(
    'XLSX: a shared string of 32,000 characters read by 2,000 rows (64 M characters)',
    (t) => hostileWorkbooks.reusedSharedString(t.header, t.row, 2000),
    'dipendenti.xlsx',
    XLSX,
    () => ({ status: 413, message: apiMsg.import.tooMuchText(`${MAX_TABLE_CHARS / MB} MB`) }),
  ),
  tableFile(
    'CSV: a quote never closed, 10 MB long',
    (t) => hostileCsv.unclosedQuote(t.headLine, TEN_MB),
    'dipendenti.csv',
    'text/csv',
    () => ({ status: 400, message: apiMsg.import.csvQuoteNotClosed }),
  ),
  tableFile(
    'CSV: a row of 100,000 columns',
    (t) => hostileCsv.wideRow(t.headLine),
    'dipendenti.csv',
    'text/csv',
    () => ({ status: 400, message: apiMsg.import.tooManyColumns(2, itNumber(MAX_TABLE_COLUMNS)) }),
  ),
  tableFile(
    'CSV: one line of 10 MB',
    (t) => hostileCsv.longLine(t.headLine, TEN_MB),
    'dipendenti.csv',
    'text/csv',
    () => ({ status: 400, message: apiMsg.import.cellTooLong(itNumber(MAX_CELL_CHARS), 2) }),
  ),
  tableFile(
    'CSV: NUL bytes',
    (t) => hostileCsv.nul(t.good),
    'dipendenti.csv',
    'text/csv',
    () => ({ status: 400, message: apiMsg.import.unsupportedFormat }),
  ),
  tableFile(
    'CSV: no valid UTF-8 anywhere',
    () => hostileCsv.invalidUtf8(),
    'dipendenti.csv',
    'text/csv',
    () => ({ status: 400 }),
  ),
];

// ---------------------------------------------------------------------------------------------------------------
// What "nothing stored" means: the storage's objects, and every row of every table.

let stateStatement = '';

/**
 * Every table's row count and newest row version (the highest `xmin`: any insert or update makes a newer one), in one
 * statement: a write anywhere, even one put back as it was, shows.
 */
async function databaseState(): Promise<Map<string, string>> {
  if (!stateStatement) {
    const { rows: tables } = await ctx.deps.database.raw.query<{ s: string; t: string }>(
      `select table_schema as s, table_name as t from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
    );
    stateStatement = tables
      .map(
        ({ s, t }) =>
          `select '${s}.${t}' as t, count(*)::int as n, coalesce(max(xmin::text::bigint), 0)::text as v from "${s}"."${t}"`,
      )
      .join(' union all ');
  }
  const { rows } = await ctx.deps.database.raw.query<{ t: string; n: number; v: string }>(stateStatement);
  return new Map(rows.map((r) => [r.t, `${r.n} rows, newest ${r.v}`]));
}

interface State {
  /** The next transaction id PostgreSQL will hand out: unchanged, no transaction has written anything since. */
  xid: string;
  db: Map<string, string>;
  objects: string[];
}

/** The storage's objects and the database's rows; the rows read again only when some transaction may have written. */
async function state(previous?: State): Promise<State> {
  const { rows } = await ctx.deps.database.raw.query<{ x: string }>(
    'select pg_snapshot_xmax(pg_current_snapshot())::text as x',
  );
  const xid = rows[0]!.x;
  const db = previous && previous.xid === xid ? previous.db : await databaseState();
  return { xid, db, objects: [...storage.objects.keys()].sort() };
}

/** What changed between two states: the tables whose rows differ, the storage objects added or removed. */
function changes(before: State, after: State): string[] {
  const out: string[] = [];
  for (const [t, v] of after.db) if (before.db.get(t) !== v) out.push(`${t}: ${before.db.get(t)} → ${v}`);
  const added = after.objects.filter((k) => !before.objects.includes(k));
  const removed = before.objects.filter((k) => !after.objects.includes(k));
  if (added.length) out.push(`stored: ${added.join(', ')}`);
  if (removed.length) out.push(`removed from storage: ${removed.join(', ')}`);
  return out;
}

/** An Italian refusal: a message in Italian, no English words of the libraries' own errors, no stack. */
const ITALIAN =
  /\b(il|la|lo|un|una|di|del|della|non|carica|caricamento|contenuto|richiesta|tipo|formato|righe|file)\b/i;
const ENGLISH =
  /\b(the|is|must|should|error|failed|invalid|unexpected|reach(ed)?|limit|exceeded|boundary|multipart|missing|unsupported|body)\b/i;

function refusalProblem(res: LightMyRequestResponse, promised: Refusal | undefined): string | null {
  if (res.statusCode < 400 || res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (/\n\s+at |node_modules/.test(res.body)) return `a stack trace: ${res.body.slice(0, 200)}`;
  let body: { code?: string; message?: unknown };
  try {
    body = res.json();
  } catch {
    return `not a JSON error body: ${res.body.slice(0, 200)}`;
  }
  const message = typeof body.message === 'string' ? body.message : '';
  if (promised && res.statusCode !== promised.status)
    return `${res.statusCode} instead of ${promised.status}: ${res.body.slice(0, 200)}`;
  const m = promised?.message;
  if (m !== undefined && (typeof m === 'string' ? message !== m : !m.test(message)))
    return `message «${message}» instead of «${String(m)}»`;
  // The promised texts are Italian; any other must at least read as Italian.
  if (!body.code || (m === undefined && !ITALIAN.test(message)) || ENGLISH.test(message))
    return `not an Italian error: ${res.statusCode} ${res.body.slice(0, 200)}`;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Every route whose handler reads a multipart body, seen through the multipart plugin's readers (request.parts, .file,
 * .files, .saveRequestFiles) on the app's request prototype, which every route's request inherits.
 */
function watchMultipartReads(app: App): Set<string> {
  const key = Object.getOwnPropertySymbols(app).find((s) => s.description === 'fastify.Request');
  if (!key) throw new Error('no request prototype on the app');
  const proto = (app as unknown as Record<symbol, { prototype: Record<string, unknown> }>)[key]!.prototype;
  const seen = new Set<string>();
  for (const name of ['parts', 'file', 'files', 'saveRequestFiles', 'formData']) {
    const original = proto[name];
    if (typeof original !== 'function') continue;
    proto[name] = function (this: FastifyRequest, ...args: unknown[]) {
      seen.add(`${this.method} ${this.routeOptions.url}`);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  return seen;
}

const NIL = '00000000-0000-4000-8000-000000000000';
const fill = (url: string) =>
  url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (/token/i.test(name) ? 'x'.repeat(43) : NIL));

/** The recorded files, by id: their names. */
async function fileNames(): Promise<Map<string, string>> {
  const { rows } = await ctx.deps.database.raw.query<{ id: string; name: string }>('select id, name from files');
  return new Map(rows.map((r) => [r.id, r.name]));
}

const declaredUploadRoutes = () =>
  ctx.app.routeDeclarations
    .filter((r) => r.url.startsWith(API_BASE_PATH) && r.consumes?.includes('multipart/form-data'))
    .map((r) => `${r.method} ${r.url.slice(API_BASE_PATH.length)}`)
    .sort();

async function created(res: LightMyRequestResponse) {
  if (res.statusCode !== 200) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  storage = ctx.deps.storage as MemoryStorage;
  readers = watchMultipartReads(ctx.app);
  admin = await ctx.login('admin@demo.timbro.it');
  const mario = (await membershipOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo))!;
  ids.mario = mario.id;
  marioFiscalCode = mario.fiscalCode!;
  // The records the edit routes change: a pay slip, a document, an announcement (due in a month: not processed).
  const r = UPLOAD_ROUTES;
  ids.paycheck = await created(
    await send(
      `/admin/user/${ids.mario}/paycheck`,
      withFields(r['POST /admin/user/:id/paycheck']!, filePart(slip(), 'a.pdf')),
    ),
  );
  ids.document = await created(
    await send(
      `/admin/user/${ids.mario}/document`,
      withFields(r['POST /admin/user/:id/document']!, filePart(slip(), 'a.pdf')),
    ),
  );
  ids.announcement = await created(
    await send('/admin/announcement', withFields(r['POST /admin/announcement']!, filePart(slip(), 'a.pdf'))),
  );
});
afterAll(async () => {
  await ctx?.close();
});

describe('uploads: the hostile corpus on every upload route', () => {
  it('the route table’s upload routes are the ones this suite knows, and each takes a good file (the control)', async () => {
    const routes = declaredUploadRoutes();
    console.info(`Upload routes (from the route table): ${routes.join(', ')}`);
    expect(routes.length).toBeGreaterThan(0);
    // A new upload route fails here until its form is described above (and so attacked below).
    expect(routes).toEqual(Object.keys(UPLOAD_ROUTES).sort());
    for (const key of routes) {
      const r = UPLOAD_ROUTES[key]!;
      const before = await state();
      const res = await send(r.url(), withFields(r, filePart(r.good(), 'buono.pdf')));
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
      expect(readers.has(`POST ${API_BASE_PATH}${key.slice('POST '.length)}`), key).toBe(true);
      // The same measure that finds nothing left by the corpus sees what a good upload writes (a preview writes none).
      const written = changes(before, await state(before));
      if (key.endsWith('/preview')) expect(written, key).toEqual([]);
      else expect(written.length, key).toBeGreaterThan(0);
    }
  });

  it('refuses every entry that attacks a route, in Italian, never with a 5xx, and stores nothing of it', async () => {
    const routes = declaredUploadRoutes();
    const problems: string[] = [];
    const perRoute = new Map<string, number>();
    let attempts = 0;
    let storedCount = 0;
    let slowest = { ms: 0, what: '' };
    // One request first: the admin's remembered workspace is written once, not by the first attempt.
    await ctx.get('/user', { session: admin, workspace: ctx.ws.demo });
    // Nothing else writes between two attempts (no jobs run in tests): each state is the next attempt's "before".
    let before = await state();
    for (const key of routes) {
      const r = UPLOAD_ROUTES[key]!;
      for (const entry of CORPUS) {
        if (entry.attacks && !entry.attacks(r)) continue;
        const attempt = await entry.build(r);
        const started = performance.now();
        const res = await send(r.url(), attempt);
        const took = performance.now() - started;
        if (took > slowest.ms) slowest = { ms: took, what: `${key} × ${entry.name}` };
        const after = await state(before);
        attempts++;
        perRoute.set(key, (perRoute.get(key) ?? 0) + 1);
        const problem = refusalProblem(res, entry.promise?.(r));
        if (problem) problems.push(`${key} × ${entry.name}: ${problem}`);
        const changed = changes(before, after);
        if (changed.length) {
          storedCount++;
          problems.push(`${key} × ${entry.name}: left ${changed.join('; ')}`);
        }
        before = after;
      }
    }
    console.info(
      `Upload corpus: ${routes.length} upload routes × ${CORPUS.length} entries (those that attack each) = ${attempts} attempts, stored ${storedCount}; slowest ${Math.round(slowest.ms)} ms (${slowest.what}), peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
    );
    expect(problems).toEqual([]);
    // Never hangs: the slowest refusal is within the 30 s (the sandboxes stop a decoder at 10 s).
    expect(slowest.ms, slowest.what).toBeLessThan(30_000);
    // Every route got the whole corpus that attacks it: the universal entries at least.
    const universal = CORPUS.filter((e) => !e.attacks).length;
    for (const key of routes) expect(perRoute.get(key), key).toBeGreaterThanOrEqual(universal);
    expect(storedCount).toBe(0);
  }, 120_000);

  it('a hostile file name is cleaned, never kept as sent: no path, no control or bidi characters, 200 characters at most', async () => {
    const names = [
      '../../../../etc/passwd',
      '..\\..\\Windows\\System32\\evil.pdf',
      '/etc/cron.d/job.pdf',
      'cedolino.pdf\u0000.exe',
      `${'a'.repeat(1000)}.pdf`,
      'fattura\u202Efdp.exe',
      'nota\u2066interna\u2069.pdf',
      'riga\u0085nuova\u009b.pdf',
      '\u0000\u0001',
    ];
    const FORBIDDEN = /[/\\\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    const storedRoutes = declaredUploadRoutes().filter((k) => UPLOAD_ROUTES[k]!.kind !== 'table');
    const problems: string[] = [];
    let uploaded = 0;
    for (const key of storedRoutes) {
      const r = UPLOAD_ROUTES[key]!;
      for (const [i, name] of names.entries()) {
        // A distinct file each time (the pay-slip import asks before taking the same bytes twice for a month).
        const content = r.kind === 'logo' ? r.good() : pdf([[`${key} ${i}`]]);
        const before = await fileNames();
        const res = await send(r.url(), withFields(r, filePart(content, name)));
        if (res.statusCode >= 300) {
          problems.push(`${key} «${JSON.stringify(name)}»: ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        uploaded++;
        const added = [...(await fileNames()).entries()].filter(([id]) => !before.has(id));
        if (added.length !== 1) problems.push(`${key} «${JSON.stringify(name)}»: ${added.length} files recorded`);
        for (const [id, kept] of added) {
          if (!kept || kept.length > 200 || FORBIDDEN.test(kept))
            problems.push(`${key} ${JSON.stringify(name)} kept as ${JSON.stringify(kept)}`);
          // The bytes are under the workspace and the file's id, whatever the name said.
          if (!storage.objects.has(`${ctx.ws.demo}/${id}`)) problems.push(`${key}: ${id} not under its key`);
        }
      }
    }
    console.info(
      `Upload names: ${storedRoutes.length} storing routes × ${names.length} hostile names = ${uploaded} files, each kept with a clean name`,
    );
    expect(problems).toEqual([]);
  });

  it('no other write route reads a multipart body, answers it with a 5xx or stores anything of it', async () => {
    const uploads = new Set(declaredUploadRoutes());
    const others = ctx.app.routeDeclarations.filter(
      (r) =>
        r.method !== 'GET' &&
        r.url.startsWith(API_BASE_PATH) &&
        !uploads.has(`${r.method} ${r.url.slice(API_BASE_PATH.length)}`),
    );
    expect(others.length).toBeGreaterThan(50);
    const operator = await ctx.login('operator@demo.timbro.it');
    const throwaway = async () => {
      const p = await buildEmployee(ctx, ctx.ws.demo, { password: 'Password1!x' });
      return ctx.login(p.email, 'Password1!x');
    };
    const before = { files: await fileNames(), objects: storage.objects.size };
    readers.clear();
    const failures: string[] = [];
    for (const r of others) {
      // Routes that end the caller's own session or account get a throwaway employee's, as in the fuzzing suite.
      const session = ENDS_OWN_SESSION.test(r.url)
        ? await throwaway()
        : r.permission === 'platform:manage'
          ? operator
          : admin;
      const form = encodeForm([
        { name: 'name', value: 'x' },
        filePart(slip(), 'cedolino.pdf', 'application/pdf'),
        filePart(png(), 'logo.png', 'image/png'),
      ]);
      const res = await ctx.request(r.method as 'POST', fill(r.url.slice(API_BASE_PATH.length)), form.body, {
        session,
        workspace: ctx.ws.demo,
        headers: { 'content-type': form.contentType },
      });
      if (res.statusCode >= 500) failures.push(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    const after = { files: await fileNames(), objects: storage.objects.size };
    console.info(
      `Multipart probe: ${others.length} other write routes, read a multipart body ${readers.size}, answered 5xx ${failures.length}, stored ${after.objects - before.objects}`,
    );
    expect([...readers]).toEqual([]);
    expect(failures).toEqual([]);
    expect(after).toEqual(before);
  });
});
