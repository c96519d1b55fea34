import { numericCheckDigit } from './codice-fiscale';

/** Special office codes allowed besides the province offices 001–100. */
const SPECIAL_OFFICE_CODES: readonly number[] = [120, 121, 888, 999];

/**
 * Whether `s` is a valid Italian Partita IVA: exactly 11 digits (no `IT`
 * prefix, no spaces), office code in positions 8–10 in 001–100 or
 * 120/121/888/999, and a correct Luhn-variant check digit.
 * `00000000000` is rejected (office code 000).
 */
export function isValidPartitaIva(s: string): boolean {
  if (typeof s !== 'string' || !/^\d{11}$/.test(s)) return false;
  const office = Number(s.slice(7, 10));
  if (!((office >= 1 && office <= 100) || SPECIAL_OFFICE_CODES.includes(office))) return false;
  return numericCheckDigit(s.slice(0, 10)) === s.charAt(10);
}
