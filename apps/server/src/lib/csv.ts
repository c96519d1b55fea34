/** The UTF-8 byte order mark: Excel reads the file as UTF-8 only with it. */
export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * A cell as Excel and RFC 4180 want it. A text that a spreadsheet would run as a formula (it starts with = + - @, tab
 * or CR) gets a leading apostrophe; a cell with ; " CR or LF goes in double quotes, its quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
