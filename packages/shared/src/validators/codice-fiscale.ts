/**
 * Italian codice fiscale (tax code) for natural persons (16 characters) and
 * the 11-digit numeric code used by companies, public bodies and temporary
 * personal codes.
 */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Month letters, January … December. */
const MONTH_LETTERS = 'ABCDEHLMPRST';

/** Omocodia substitution letters: index = digit that was replaced. */
const OMOCODIA_LETTERS = 'LMNPQRSTUV';

/** Zero-based indexes of the seven positions that hold digits (or omocodia letters). */
const NUMERIC_POSITIONS = [6, 7, 9, 10, 12, 13, 14] as const;

/** Value of A…Z (and of 0…9, which count like A…J) in odd positions. */
const ODD_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
] as const;

const OMO = '[0-9LMNPQRSTUV]';
const CF_LAYOUT = new RegExp(`^[A-Z]{6}${OMO}{2}[${MONTH_LETTERS}]${OMO}{2}[A-Z]${OMO}{3}[A-Z]$`);
const FIRST15_LAYOUT = /^[0-9A-Z]{15}$/;
const BELFIORE = /^[A-Z]\d{3}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Ordinal (0–25) of a digit or an uppercase letter; -1 for anything else. */
function ordinal(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 65;
  return -1;
}

/**
 * Alternating check letter shared by the codice fiscale and the Italian BBAN
 * CIN: 1-based odd positions use the odd-value table, even positions the plain
 * ordinal (0–9 / A=0…Z=25); the sum mod 26 is returned as a letter.
 * Throws if `chars` contains anything other than 0-9 and A-Z.
 */
export function italianCheckLetter(chars: string): string {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) {
    const n = ordinal(chars.charAt(i));
    if (n < 0) throw new RangeError(`Invalid character ${JSON.stringify(chars.charAt(i))}`);
    // i is zero-based, so even i is an odd 1-based position.
    sum += i % 2 === 0 ? (ODD_VALUES[n] ?? 0) : n;
  }
  return LETTERS.charAt(sum % 26);
}

/** Trim, remove all whitespace and uppercase a codice fiscale. */
export function normalizeCodiceFiscale(s: string): string {
  return s.trim().replace(/\s+/g, '').toUpperCase();
}

/**
 * Check character (position 16) for the first 15 characters of a codice
 * fiscale, computed on the code as written (omocodia letters included).
 * Throws a RangeError unless `first15` is 15 characters of 0-9/A-Z.
 */
export function codiceFiscaleCheckChar(first15: string): string {
  if (!FIRST15_LAYOUT.test(first15)) {
    throw new RangeError('Expected the first 15 characters of a codice fiscale (0-9, A-Z)');
  }
  return italianCheckLetter(first15);
}

/** Replace omocodia letters in the seven numeric positions with their digits. */
function deOmocodia(code: string): string {
  const chars = code.split('');
  for (const pos of NUMERIC_POSITIONS) {
    const idx = OMOCODIA_LETTERS.indexOf(chars[pos] ?? '');
    if (idx >= 0) chars[pos] = String(idx);
  }
  return chars.join('');
}

/**
 * Whether `s` is a valid 16-character personal codice fiscale: layout (with
 * omocodia letters allowed in the numeric positions), month letter, day
 * 01–31 or 41–71, and check character. The input is normalized first
 * (whitespace removed, uppercased).
 */
export function isValidCodiceFiscale(s: string): boolean {
  if (typeof s !== 'string') return false;
  // Reject non-ASCII letters before uppercasing (e.g. 'ß' would become 'SS').
  if (!/^[0-9A-Za-z]*$/.test(s.replace(/\s+/g, ''))) return false;
  const code = normalizeCodiceFiscale(s);
  if (!CF_LAYOUT.test(code)) return false;
  const day = Number(deOmocodia(code).slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return codiceFiscaleCheckChar(code.slice(0, 15)) === code.charAt(15);
}

/** Result of {@link decodeCodiceFiscale}. */
export interface DecodedCodiceFiscale {
  /** ISO date `YYYY-MM-DD`; century inferred (see decodeCodiceFiscale). */
  birthDate: string;
  sex: 'M' | 'F';
  /** Belfiore (cadastral) code of the comune, or `Z` + 3 digits for a foreign country. */
  belfiore: string;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * Decode birth date, sex and Belfiore code from a valid codice fiscale
 * (omocodia is undone first). The century is inferred: a 2-digit year greater
 * than the current 2-digit year means 19xx, otherwise 20xx (`options.now`
 * overrides the current date). Returns null if the code is invalid or the
 * encoded date does not exist in the calendar.
 */
export function decodeCodiceFiscale(s: string, options: { now?: Date } = {}): DecodedCodiceFiscale | null {
  if (!isValidCodiceFiscale(s)) return null;
  const code = deOmocodia(normalizeCodiceFiscale(s));
  const yy = Number(code.slice(6, 8));
  const month = MONTH_LETTERS.indexOf(code.charAt(8)) + 1;
  const rawDay = Number(code.slice(9, 11));
  const sex: 'M' | 'F' = rawDay > 40 ? 'F' : 'M';
  const day = sex === 'F' ? rawDay - 40 : rawDay;
  const currentYy = (options.now ?? new Date()).getFullYear() % 100;
  const year = (yy > currentYy ? 1900 : 2000) + yy;
  if (day > daysInMonth(year, month)) return null;
  return {
    birthDate: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`,
    sex,
    belfiore: code.slice(11, 15),
  };
}

/** Uppercase A–Z letters of a name, accents stripped, everything else dropped. */
function lettersOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

function splitLetters(letters: string): { consonants: string; vowels: string } {
  let consonants = '';
  let vowels = '';
  for (const ch of letters) {
    if ('AEIOU'.includes(ch)) vowels += ch;
    else consonants += ch;
  }
  return { consonants, vowels };
}

function surnameTriplet(lastName: string): string {
  const { consonants, vowels } = splitLetters(lettersOf(lastName));
  return (consonants + vowels + 'XXX').slice(0, 3);
}

function firstNameTriplet(firstName: string): string {
  const { consonants, vowels } = splitLetters(lettersOf(firstName));
  if (consonants.length >= 4) {
    return consonants.charAt(0) + consonants.charAt(2) + consonants.charAt(3);
  }
  return (consonants + vowels + 'XXX').slice(0, 3);
}

/** Input of {@link generateCodiceFiscale}. */
export interface CodiceFiscaleInput {
  lastName: string;
  firstName: string;
  /** ISO date `YYYY-MM-DD`. */
  birthDate: string;
  sex: 'M' | 'F';
  /** Belfiore code: letter + 3 digits (e.g. `F205` Milano, `Z404` USA). */
  belfiore: string;
}

/**
 * Build the (non-omocodic) codice fiscale for a person, e.g. to seed demo
 * data. Accents are stripped and non-letters ignored in names. Throws a
 * RangeError on an impossible date, an invalid Belfiore code, an unknown sex
 * or a name without letters.
 */
export function generateCodiceFiscale(input: CodiceFiscaleInput): string {
  const { lastName, firstName, birthDate, sex } = input;
  if (lettersOf(lastName) === '') throw new RangeError('lastName has no letters');
  if (lettersOf(firstName) === '') throw new RangeError('firstName has no letters');
  if (sex !== 'M' && sex !== 'F') throw new RangeError('sex must be M or F');
  const belfiore = input.belfiore.trim().toUpperCase();
  if (!BELFIORE.test(belfiore)) throw new RangeError('belfiore must be a letter followed by 3 digits');
  const m = ISO_DATE.exec(birthDate);
  if (!m) throw new RangeError('birthDate must be YYYY-MM-DD');
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`birthDate ${birthDate} does not exist`);
  }
  const first15 =
    surnameTriplet(lastName) +
    firstNameTriplet(firstName) +
    pad(year % 100, 2) +
    MONTH_LETTERS.charAt(month - 1) +
    pad(sex === 'F' ? day + 40 : day, 2) +
    belfiore;
  return first15 + codiceFiscaleCheckChar(first15);
}

/**
 * Check digit of the P.IVA / numeric codice fiscale for its first 10 digits
 * (Luhn variant). Throws a RangeError unless given exactly 10 digits.
 */
export function numericCheckDigit(first10: string): string {
  if (!/^\d{10}$/.test(first10)) throw new RangeError('Expected 10 digits');
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(first10.charAt(i));
    if (i % 2 === 0) {
      sum += d;
    } else {
      const doubled = d * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * Whether `s` is a valid 11-digit numeric codice fiscale (companies, public
 * bodies, temporary personal codes): 11 digits with the P.IVA check digit;
 * `00000000000` is rejected.
 */
export function isValidNumericCodiceFiscale(s: string): boolean {
  if (typeof s !== 'string' || !/^\d{11}$/.test(s) || s === '00000000000') return false;
  return numericCheckDigit(s.slice(0, 10)) === s.charAt(10);
}
