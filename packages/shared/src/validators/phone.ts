/** Separators people type inside phone numbers. */
const SEPARATORS = /[\s.\-()/]/g;

/** Italian landline: leading 0 (never 00), 6–11 digits in total. */
const IT_LANDLINE = /^0[1-9]\d{4,9}$/;
/** Italian mobile: leading 3, 9–10 digits in total. */
const IT_MOBILE = /^3\d{8,9}$/;
/** International E.164 without the plus: country code not starting with 0, 8–15 digits. */
const E164_DIGITS = /^[1-9]\d{7,14}$/;

/**
 * Italian national number (without +39) to E.164. Only geographic landlines
 * and mobiles are accepted; non-geographic numbers (800/803 free-phone,
 * 84x shared cost, 89x premium, 1xx short codes) return null.
 */
function italianToE164(national: string): string | null {
  if (IT_LANDLINE.test(national) || IT_MOBILE.test(national)) return `+39${national}`;
  return null;
}

/**
 * Normalize a phone number for an employee contact to E.164 (`+39…`), or
 * null if it is not acceptable. Accepts Italian landlines (0…, 6–11 digits)
 * and mobiles (3…, 9–10 digits), with an optional `+39`/`0039` prefix, and
 * international numbers written as `+` (or `00`) followed by 8–15 digits.
 * Spaces, dots, dashes, slashes and parentheses are ignored.
 */
export function normalizePhone(s: string): string | null {
  if (typeof s !== 'string') return null;
  const compact = s.trim().replace(SEPARATORS, '');
  let international: string;
  if (/^\+\d+$/.test(compact)) {
    international = compact.slice(1);
  } else if (/^00\d+$/.test(compact)) {
    international = compact.slice(2);
  } else if (/^\d+$/.test(compact)) {
    return italianToE164(compact);
  } else {
    return null;
  }
  if (international.startsWith('39')) return italianToE164(international.slice(2));
  return E164_DIGITS.test(international) ? `+${international}` : null;
}

/** Whether `s` is an acceptable employee phone number (see normalizePhone). */
export function isValidPhone(s: string): boolean {
  return normalizePhone(s) !== null;
}
