/**
 * Whether `s` is a syntactically valid Italian CAP (postal code): exactly five
 * digits, kept as a string (leading zeros matter, e.g. `00184`).
 * CAP/comune consistency is not checked.
 */
export function isValidCap(s: string): boolean {
  return typeof s === 'string' && /^\d{5}$/.test(s);
}
