import { z } from 'zod';
import { PAYROLL_CODE_LIMITS } from '../constants';
import { msg } from '../messages';
import { IdSchema, paginationFields, QueryBoolean } from './common';
import { monthMsg } from './month-logs';
import { pageOf } from './people';

/** The export profiles: a Zucchetti-style movement file, an INAZ-style fixed-width file, a CSV grid. */
export const PAYROLL_PROFILES = ['zucchetti', 'inaz', 'csv'] as const;
export type PayrollProfileId = (typeof PAYROLL_PROFILES)[number];

/** Digits only, at most `max` (empty = not set). Spaces are dropped, so "01 23" is kept as "0123". */
const digitsCode = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v === '' || new RegExp(`^\\d{1,${max}}$`).test(v), { error: message })
    .nullish()
    .transform((v) => (v ? v : null));

/** Letters and digits only, at most `max`, upper-cased (empty = not set). */
const alnumCode = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform((v) => v.trim().toUpperCase())
    .refine((v) => v === '' || new RegExp(`^[A-Z0-9]{1,${max}}$`).test(v), { error: message })
    .nullish()
    .transform((v) => (v ? v : null));

export const employeeCodeField = () => digitsCode(PAYROLL_CODE_LIMITS.employee, monthMsg.employeeCodeInvalid);
export const justificationCodeField = () =>
  alnumCode(PAYROLL_CODE_LIMITS.justification, monthMsg.justificationCodeInvalid);

/** Company section: company and branch codes, and the codes of the worked and overtime items. */
export const PayrollCompanyInputSchema = z.object({
  companyCode: digitsCode(PAYROLL_CODE_LIMITS.company, monthMsg.companyCodeInvalid),
  branchCode: digitsCode(PAYROLL_CODE_LIMITS.branch, monthMsg.branchCodeInvalid),
  workedCode: justificationCodeField(),
  overtimeCode: justificationCodeField(),
});
export type PayrollCompanyInput = z.input<typeof PayrollCompanyInputSchema>;
export const PayrollCompanySchema = z.object({
  companyCode: z.string().nullable(),
  branchCode: z.string().nullable(),
  workedCode: z.string().nullable(),
  overtimeCode: z.string().nullable(),
});
export type PayrollCompany = z.infer<typeof PayrollCompanySchema>;

/** Employees section: every employee with their code (missing ones first when asked). */
export const ListPayrollEmployeesQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  missing: QueryBoolean.optional(),
  sort: z.enum(['name', 'code'], { error: msg.invalidValue }).default('name'),
  order: z.enum(['asc', 'desc'], { error: msg.invalidValue }).default('asc'),
  ...paginationFields(50),
});
export type ListPayrollEmployeesQuery = z.infer<typeof ListPayrollEmployeesQuerySchema>;
export const PayrollEmployeeSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fiscalCode: z.string().nullable(),
  enabled: z.boolean(),
  payrollCode: z.string().nullable(),
});
export type PayrollEmployee = z.infer<typeof PayrollEmployeeSchema>;
export const PayrollEmployeePageSchema = pageOf(PayrollEmployeeSchema).extend({ missing: z.number() });
export type PayrollEmployeePage = z.infer<typeof PayrollEmployeePageSchema>;

export const PayrollEmployeeCodesInputSchema = z.object({
  items: z
    .array(z.object({ id: IdSchema, payrollCode: employeeCodeField() }))
    .min(1, { error: msg.required })
    .max(2000, { error: monthMsg.tooManyRows }),
});
export type PayrollEmployeeCodesInput = z.input<typeof PayrollEmployeeCodesInputSchema>;

/** The CSV import's answer: rows applied, and the refused rows with their reason. */
export const PayrollCodesImportResultSchema = z.object({
  updated: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type PayrollCodesImportResult = z.infer<typeof PayrollCodesImportResultSchema>;

/** Justifications section: every absence type with its payroll code. */
export const PayrollJustificationSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  payrollCode: z.string().nullable(),
});
export const PayrollJustificationListSchema = z.array(PayrollJustificationSchema);
export const PayrollJustificationCodesInputSchema = z.object({
  items: z
    .array(z.object({ id: IdSchema, payrollCode: justificationCodeField() }))
    .min(1, { error: msg.required })
    .max(2000, { error: monthMsg.tooManyRows }),
});
export type PayrollJustificationCodesInput = z.input<typeof PayrollJustificationCodesInputSchema>;

/** POST /admin/month-log/{id}/export: a profile, and for a changes-only file the version it is compared with. */
export const PayrollExportInputSchema = z.object({
  profile: z.enum(PAYROLL_PROFILES, { error: monthMsg.profileInvalid }),
  changesSince: IdSchema.optional(),
});
export type PayrollExportInput = z.input<typeof PayrollExportInputSchema>;

export const PayrollExportSchema = z.object({
  id: z.string(),
  monthLogId: z.string(),
  versionNumber: z.number(),
  baseVersionNumber: z.number().nullable(),
  profile: z.enum(PAYROLL_PROFILES),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  rows: z.number(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PayrollExport = z.infer<typeof PayrollExportSchema>;
export const PayrollExportListSchema = z.array(PayrollExportSchema);

/** What stops an export: each missing or over-length code (422 with this list). */
export const PREFLIGHT_KINDS = [
  'company_code_missing',
  'company_code_too_long',
  'branch_code_too_long',
  'employee_code_missing',
  'employee_code_too_long',
  'item_code_missing',
  'item_code_too_long',
] as const;
export const PreflightProblemSchema = z.object({
  kind: z.enum(PREFLIGHT_KINDS),
  /** The employee or the item (worked, overtime, an absence type) concerned. */
  subject: z.object({ id: z.string(), name: z.string() }).nullable(),
  code: z.string().nullable(),
});
export type PreflightProblem = z.infer<typeof PreflightProblemSchema>;
export const PreflightErrorSchema = z.object({
  message: z.string(),
  problems: z.array(PreflightProblemSchema),
});

/** The consultant's cockpit: every workspace where the user is accountant, with the month's state. */
export const AccountantOverviewItemSchema = z.object({
  workspace: z.object({ id: z.string(), name: z.string() }),
  latest: z
    .object({
      id: z.string(),
      versionNumber: z.number(),
      status: z.string(),
      finishedAt: z.string().nullable(),
      reopened: z.boolean(),
    })
    .nullable(),
  pendingRequests: z.number(),
  changesSince: z.number(),
  exports: z.number(),
});
export const AccountantOverviewSchema = z.object({
  month: z.string(),
  items: z.array(AccountantOverviewItemSchema),
});
export type AccountantOverview = z.infer<typeof AccountantOverviewSchema>;
