import { downloadTemplateCsv, templateCsv } from '../../components/import/spreadsheet-file';

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

/** The template CSV: the headers only (UTF-8 with BOM, semicolons). */
export function importTemplateCsv(): string {
  return templateCsv(IMPORT_HEADERS);
}

export function downloadImportTemplate(fileName = 'modello-importazione-dipendenti.csv') {
  downloadTemplateCsv(IMPORT_HEADERS, fileName);
}
