const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** Dot-atom local part: atoms separated by single dots. */
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
/** Domain label: letters, digits, inner hyphens; 1–63 characters. */
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * Whether `s` is a plausible e-mail address (pragmatic RFC 5322 subset, also
 * used for PEC): at most 254 characters, exactly one `@`, a dot-atom local
 * part of at most 64 characters, and a domain of at least two labels without
 * leading/trailing dots or hyphens and with a non-numeric top-level label.
 * No quoted local parts, IP literals, comments or non-ASCII characters.
 */
export function isValidEmail(s: string): boolean {
  if (typeof s !== 'string' || s.length > 254) return false;
  const parts = s.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  if (local.length === 0 || local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  const tld = labels[labels.length - 1] ?? '';
  return !/^\d+$/.test(tld);
}
