/** The import columns with the Italian headers the server reads (it also accepts English aliases). */
export const IMPORT_HEADERS = [
  'Nome',
  'Cognome',
  'Email',
  'Codice fiscale',
  'Ruoli',
  'Email aziendale',
  'PEC',
  'Telefono',
  'Indirizzo',
  'IBAN',
  'Data di nascita',
  'Luogo di nascita',
  'Gruppi',
] as const;

/** Columns every file must have. */
export const REQUIRED_IMPORT_HEADERS = ['Nome', 'Cognome', 'Email', 'Codice fiscale'] as const;

/** Upload limit of the server (multipart fileSize). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template: a UTF-8 CSV (with BOM, so Excel reads the accents) separated by semicolons, as Italian Excel saves it. */
export function importTemplateCsv(): string {
  return `\uFEFF${IMPORT_HEADERS.join(';')}\r\n`;
}

export function downloadImportTemplate(fileName = 'modello-importazione-dipendenti.csv') {
  const url = URL.createObjectURL(new Blob([importTemplateCsv()], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function isImportFile(file: File): boolean {
  return /\.(csv|xlsx)$/i.test(file.name);
}
