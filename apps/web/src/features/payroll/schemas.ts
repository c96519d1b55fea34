import type { PayrollCompany, PayrollCompanyInput } from '@timbro/shared';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import { codeError, isValidCode, normalizeCode, type CodeKind } from './codes';

const codeField = (t: TFunction, kind: CodeKind) =>
  z.string().check(z.refine((v) => isValidCode(kind, normalizeCode(kind, v)), { error: codeError(t, kind) }));

/** The company section's form, with the server's rules (codes.ts). */
export const companyFormSchema = (t: TFunction) =>
  z.object({
    companyCode: codeField(t, 'company'),
    branchCode: codeField(t, 'branch'),
    workedCode: codeField(t, 'item'),
    overtimeCode: codeField(t, 'item'),
  });
export type CompanyFormValues = z.infer<ReturnType<typeof companyFormSchema>>;

export const COMPANY_FIELDS = ['companyCode', 'branchCode', 'workedCode', 'overtimeCode'] as const;
export const COMPANY_KINDS: Record<(typeof COMPANY_FIELDS)[number], CodeKind> = {
  companyCode: 'company',
  branchCode: 'branch',
  workedCode: 'item',
  overtimeCode: 'item',
};

export const companyToForm = (c: PayrollCompany): CompanyFormValues => ({
  companyCode: c.companyCode ?? '',
  branchCode: c.branchCode ?? '',
  workedCode: c.workedCode ?? '',
  overtimeCode: c.overtimeCode ?? '',
});

/** The body of PUT /admin/payroll/company: codes normalized, empty ones cleared. */
export const companyPayload = (v: CompanyFormValues): PayrollCompanyInput =>
  Object.fromEntries(
    COMPANY_FIELDS.map((f) => {
      const code = normalizeCode(COMPANY_KINDS[f], v[f]);
      return [f, code === '' ? null : code];
    }),
  ) as PayrollCompanyInput;
