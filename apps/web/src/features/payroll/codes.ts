import { PAYROLL_CODE_LIMITS } from '@timbro/shared/constants';
import type { TFunction } from 'i18next';

/**
 * The payroll codes as the server reads them (packages/shared/src/schemas/payroll.ts), checked while typing: digit
 * codes (company, branch, employee) drop every space; item codes (worked, overtime, absence types) are trimmed and
 * upper-cased. An empty code means "not set".
 */
export type CodeKind = 'company' | 'branch' | 'employee' | 'item';

const MAX: Record<CodeKind, number> = {
  company: PAYROLL_CODE_LIMITS.company,
  branch: PAYROLL_CODE_LIMITS.branch,
  employee: PAYROLL_CODE_LIMITS.employee,
  item: PAYROLL_CODE_LIMITS.justification,
};

export const maxOf = (kind: CodeKind) => MAX[kind];

/** The code as it will be stored ('' = none). */
export function normalizeCode(kind: CodeKind, value: string): string {
  return kind === 'item' ? value.trim().toUpperCase() : value.replace(/\s+/g, '');
}

/** Whether a normalized code is acceptable ('' is: it clears the code). */
export function isValidCode(kind: CodeKind, normalized: string): boolean {
  if (normalized === '') return true;
  const max = MAX[kind];
  return (kind === 'item' ? new RegExp(`^[A-Z0-9]{1,${max}}$`) : new RegExp(`^\\d{1,${max}}$`)).test(normalized);
}

/** The Italian-first message of a wrong code, the same the server gives. */
export function codeError(t: TFunction, kind: CodeKind): string {
  return t(`payroll.validation.${kind}`, { max: MAX[kind] });
}

/** The message for a typed value, or null when acceptable. */
export function checkCode(t: TFunction, kind: CodeKind, value: string): string | null {
  return isValidCode(kind, normalizeCode(kind, value)) ? null : codeError(t, kind);
}
