import { saveBlob } from '../../lib/download';

/** Upload limit of the server's imports (multipart fileSize). */
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;

export const SPREADSHEET_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function isSpreadsheetFile(file: File): boolean {
  return /\.(csv|xlsx)$/i.test(file.name);
}

/** A CSV with these headers only: UTF-8 with BOM (so Excel reads the accents), semicolons as Italian Excel saves it. */
export function templateCsv(headers: readonly string[]): string {
  return `\uFEFF${headers.join(';')}\r\n`;
}

/** Offers a template CSV for download (an import's "Scarica il modello"). */
export function downloadTemplateCsv(headers: readonly string[], fileName: string): void {
  saveBlob(new Blob([templateCsv(headers)], { type: 'text/csv;charset=utf-8' }), new Headers(), fileName);
}

/** "12 KB", "1,4 MB" in the reader's language. */
export function fileSize(bytes: number, language: string): string {
  const kb = bytes / 1024;
  return kb < 1024
    ? `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(Math.max(1, kb))} KB`
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(kb / 1024)} MB`;
}
