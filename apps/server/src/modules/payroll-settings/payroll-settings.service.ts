import type {
  ListPayrollEmployeesQuery,
  PayrollCodesImportResult,
  PayrollCompany,
  PayrollCompanyInputSchema,
  PayrollEmployeeCodesInputSchema,
  PayrollEmployeePage,
  PayrollJustificationCodesInputSchema,
  PayrollJustificationListSchema,
} from '@timbro/shared';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { diff, audit } from '../../lib/audit';
import type { RequestCtx } from '../../plugins/request-context';
import * as justifications from '../justifications';
import * as users from '../users';
import { justificationCodes } from './payroll-codes.repository';
import * as repo from './payroll-settings.repository';

/**
 * The payroll integration's three sections (company, employees, absence types). The codes of employees and absence
 * types are stored by the modules that own those records (users, justifications): this module asks their services to
 * write them, and records one audit entry per save under `payroll-settings`.
 */

type CodeItems = { id: string; payrollCode: string | null }[];
type Change = { id: string; from: string | null; to: string | null };

const NO_COMPANY: PayrollCompany = { companyCode: null, branchCode: null, workedCode: null, overtimeCode: null };

export async function getCompany(deps: AppDeps, { scope }: RequestCtx): Promise<PayrollCompany> {
  return (await repo.findSettings(deps.db, scope)) ?? NO_COMPANY;
}

export async function updateCompany(
  deps: AppDeps,
  ctx: RequestCtx,
  input: z.output<typeof PayrollCompanyInputSchema>,
): Promise<PayrollCompany> {
  return deps.db.transaction(async (tx) => {
    const before = (await repo.findSettings(tx, ctx.scope)) ?? NO_COMPANY;
    const after = await repo.upsertSettings(tx, ctx.scope, input);
    await audit(tx, ctx, {
      action: 'payroll.company.update',
      entity: { type: 'payroll-settings', id: 'company' },
      changes: diff(before, after),
    });
    return after;
  });
}

export async function listEmployees(
  deps: AppDeps,
  { scope }: RequestCtx,
  query: ListPayrollEmployeesQuery,
): Promise<PayrollEmployeePage> {
  const { rows, total, missing } = await repo.listEmployees(deps.db, scope, query);
  return { items: rows, total, missing, page: query.page, perPage: query.per_page };
}

/** The audit entry of a bulk save: the codes that changed, by record id. */
async function auditCodes(
  tx: Queryable,
  ctx: RequestCtx,
  section: 'employees' | 'justifications',
  action: string,
  changes: Change[],
) {
  await audit(tx, ctx, {
    action,
    entity: { type: 'payroll-settings', id: section },
    changes: Object.fromEntries(changes.map((c) => [c.id, { from: c.from, to: c.to }])),
  });
}

/** Employees' codes inside the caller's transaction (the grid's save and the import): one audit entry. */
export async function applyEmployeeCodes(tx: Queryable, ctx: RequestCtx, items: CodeItems, action: string) {
  const changes = await users.setPayrollCodes(tx, ctx.scope, items);
  await auditCodes(tx, ctx, 'employees', action, changes);
  return changes.length;
}

/** PUT /admin/payroll/employees: the grid's edited rows, all or nothing. */
export async function setEmployeeCodes(
  deps: AppDeps,
  ctx: RequestCtx,
  input: z.output<typeof PayrollEmployeeCodesInputSchema>,
): Promise<PayrollCodesImportResult> {
  const updated = await deps.db.transaction((tx) =>
    applyEmployeeCodes(tx, ctx, input.items, 'payroll.employee-codes.update'),
  );
  return { updated, errors: [] };
}

export async function listJustifications(
  deps: AppDeps,
  { scope }: RequestCtx,
): Promise<z.output<typeof PayrollJustificationListSchema>> {
  return justificationCodes(deps.db, scope);
}

/** PUT /admin/payroll/justifications: the absence types' codes, all or nothing; answers the whole list. */
export async function setJustificationCodes(
  deps: AppDeps,
  ctx: RequestCtx,
  input: z.output<typeof PayrollJustificationCodesInputSchema>,
) {
  await deps.db.transaction(async (tx) => {
    const changes = await justifications.setPayrollCodes(tx, ctx.scope, input.items);
    await auditCodes(tx, ctx, 'justifications', 'payroll.justification-codes.update', changes);
  });
  return listJustifications(deps, ctx);
}
