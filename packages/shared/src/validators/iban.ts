import { italianCheckLetter } from './codice-fiscale';

/** IBAN lengths of common European countries (ISO 13616 registry). */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

const ITALIAN_IBAN = /^IT\d{2}[A-Z]\d{10}[0-9A-Z]{12}$/;
const GENERIC_IBAN = /^[A-Z]{2}\d{2}[0-9A-Z]+$/;

/** Trim, remove all whitespace and uppercase an IBAN. */
export function normalizeIban(s: string): string {
  return s.trim().replace(/\s+/g, '').toUpperCase();
}

/** ISO 7064 mod-97 remainder of the rearranged IBAN, computed digit by digit. */
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      rem = (rem * 10 + (code - 48)) % 97;
    } else {
      // Letters A–Z become 10–35 (two digits).
      rem = (rem * 100 + (code - 55)) % 97;
    }
  }
  return rem;
}

/**
 * Whether `s` is a valid IBAN (input is normalized first): layout, length
 * (IT = 27 with the Italian BBAN layout; fixed lengths for common European
 * countries; 15–34 for other countries), check digits 02–98 and mod-97 = 1.
 */
export function isValidIban(s: string): boolean {
  if (typeof s !== 'string') return false;
  if (!/^[0-9A-Za-z]*$/.test(s.replace(/\s+/g, ''))) return false;
  const iban = normalizeIban(s);
  if (!GENERIC_IBAN.test(iban)) return false;
  const country = iban.slice(0, 2);
  if (country === 'IT' && !ITALIAN_IBAN.test(iban)) return false;
  const expected = IBAN_LENGTHS[country];
  if (expected !== undefined ? iban.length !== expected : iban.length < 15 || iban.length > 34) {
    return false;
  }
  const checkDigits = Number(iban.slice(2, 4));
  if (checkDigits < 2 || checkDigits > 98) return false;
  return ibanMod97(iban) === 1;
}

/**
 * Optional national check of an Italian IBAN: whether the CIN letter
 * (position 5) matches the check letter computed over ABI + CAB + account.
 * Returns false for anything that is not an Italian IBAN layout. Does not
 * check the IBAN's mod-97 check digits (use isValidIban for that).
 */
export function italianIbanCinIsValid(s: string): boolean {
  if (typeof s !== 'string') return false;
  if (!/^[0-9A-Za-z]*$/.test(s.replace(/\s+/g, ''))) return false;
  const iban = normalizeIban(s);
  if (!ITALIAN_IBAN.test(iban)) return false;
  return italianCheckLetter(iban.slice(5)) === iban.charAt(4);
}
