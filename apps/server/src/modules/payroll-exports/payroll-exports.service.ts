import { createHash } from 'node:crypto';
import {
  OVERTIME_ITEM,
  WORKED_ITEM,
  monthMsg,
  type PayrollExport,
  type PayrollExportInput,
  type PayrollLine,
  type PayrollProfileId,
} from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { limitWork } from '../../lib/work-limits';
import { audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import { exportSource, itemLabel } from '../month-logs';
import { getMonthLog, versionNumbersOfMonth } from '../month-logs';
import { exporterOf, type PayrollExporter, type PayrollMovement } from './exporters';
import { payrollCodes, type PayrollCodes } from '../payroll-settings';
import * as repo from './payroll-exports.repository';

interface Problem {
  path: string;
  message: string;
}

/**
 * The export preflight (pure): every missing or over-length code the file would need, for the profile's limits. An
 * export with any problem is refused as a whole, with the full list (never a file that breaks the profile).
 */
export function preflight(lines: PayrollLine[], codes: PayrollCodes, limits: PayrollExporter['limits']): Problem[] {
  const out: Problem[] = [];
  const { companyCode, branchCode } = codes.company;
  if (!companyCode) out.push({ path: 'codes.company', message: monthMsg.companyCodeMissing });
  else if (companyCode.length > limits.company)
    out.push({ path: 'codes.company', message: monthMsg.companyCodeTooLong(limits.company) });
  if (branchCode && branchCode.length > limits.branch)
    out.push({ path: 'codes.branch', message: monthMsg.branchCodeTooLong(limits.branch) });
  for (const id of [...new Set(lines.map((l) => l.userInfoId))]) {
    const e = codes.employees.get(id);
    const name = e ? `${e.lastName} ${e.firstName}` : id;
    if (!e?.payrollCode) out.push({ path: `codes.employee.${id}`, message: monthMsg.employeeCodeMissingFor(name) });
    else if (e.payrollCode.length > limits.employee)
      out.push({ path: `codes.employee.${id}`, message: monthMsg.employeeCodeTooLongFor(name, limits.employee) });
  }
  for (const item of [...new Set(lines.map((l) => l.item))].sort()) {
    const code = itemCode(item, codes);
    const label = itemLabel(item, codes);
    if (!code) out.push({ path: `codes.item.${item}`, message: monthMsg.itemCodeMissingFor(label) });
    else if (code.length > limits.item)
      out.push({ path: `codes.item.${item}`, message: monthMsg.itemCodeTooLongFor(label, limits.item) });
  }
  return out;
}

function itemCode(item: string, codes: PayrollCodes): string | null {
  if (item === WORKED_ITEM) return codes.company.workedCode;
  if (item === OVERTIME_ITEM) return codes.company.overtimeCode;
  return codes.justifications.get(item)?.payrollCode ?? null;
}

function present(row: repo.ExportListRow, versionNumber: number, baseVersionNumber: number | null): PayrollExport {
  return {
    id: row.id,
    monthLogId: row.monthLogId,
    versionNumber,
    baseVersionNumber,
    profile: row.profile as PayrollProfileId,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    rows: row.rows,
    createdBy:
      row.createdBy && row.creatorFirst
        ? { id: row.createdBy, name: `${row.creatorFirst} ${row.creatorLast ?? ''}`.trim() }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /admin/month-log/{id}/export: renders a completed version with a profile (all of it, or only what changed
 * since an older version), stores the file with its SHA-256 and answers its record. The same version and profile
 * always give the same bytes.
 */
export async function exportVersion(deps: AppDeps, ctx: RequestCtx, id: string, input: PayrollExportInput) {
  await limitWork(deps.db, 'export', { userId: ctx.actor.userId, workspaceId: ctx.scope.workspaceId });
  const src = await exportSource(deps, ctx, id, input.changesSince);
  const codes = await payrollCodes(deps.db, ctx.scope);
  const exporter = exporterOf(input.profile);
  const problems = preflight(src.lines, codes, exporter.limits);
  if (problems.length > 0) throw conflict(monthMsg.exportPreflight, problems);
  const key = (m: PayrollMovement) =>
    `${m.lastName}\u0000${m.firstName}\u0000${m.employeeCode}\u0000${m.date}\u0000${m.code}`;
  const movements = src.lines
    .map((l): PayrollMovement => {
      const e = codes.employees.get(l.userInfoId);
      const n = src.names.get(l.userInfoId);
      return {
        employeeCode: e!.payrollCode!,
        fiscalCode: e?.fiscalCode ?? null,
        lastName: n?.lastName ?? e?.lastName ?? '',
        firstName: n?.firstName ?? e?.firstName ?? '',
        date: l.date,
        code: itemCode(l.item, codes)!,
        kind: l.item === WORKED_ITEM ? 'worked' : l.item === OVERTIME_ITEM ? 'overtime' : 'justification',
        minutes: l.minutes,
      };
    })
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const file = exporter.render({
    month: src.log.endOfMonth.slice(0, 7),
    companyCode: codes.company.companyCode!,
    branchCode: codes.company.branchCode,
    versionNumber: src.log.versionNumber,
    baseVersionNumber: src.base?.versionNumber ?? null,
    movements,
  });
  const sha256 = createHash('sha256').update(file.body).digest('hex');
  const exportId = await deps.db.transaction(async (tx) => {
    // The same file again (same version, base, profile and bytes) is the one already made: nothing stored twice.
    const same = await repo.findSameExport(tx, ctx.scope, {
      monthLogId: id,
      baseMonthLogId: src.base?.id ?? null,
      profile: input.profile,
      sha256,
    });
    if (same) return same;
    const newId = await repo.insertExport(tx, ctx.scope, {
      monthLogId: id,
      baseMonthLogId: src.base?.id ?? null,
      profile: input.profile,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.body.length,
      sha256,
      body: file.body,
      rows: file.rows,
      createdBy: ctx.actor.userId,
    });
    await audit(tx, ctx, {
      action: 'payroll.export',
      entity: { type: 'month-log', id },
      changes: { profile: input.profile, sha256, base: src.base?.versionNumber ?? null, rows: file.rows },
    });
    return newId;
  });
  const row = await repo.findExportMeta(deps.db, ctx.scope, exportId);
  return present(row!, src.log.versionNumber, src.base?.versionNumber ?? null);
}

/** GET /admin/month-log/{id}/exports: the version's files, newest first. */
export async function listExports(deps: AppDeps, ctx: RequestCtx, id: string): Promise<PayrollExport[]> {
  const log = await getMonthLog(deps, ctx, id);
  // A base version is always of the same month: its numbers come in one query, whatever the number of files.
  const [rows, numbers] = await Promise.all([
    repo.exportsOf(deps.db, ctx.scope, id),
    versionNumbersOfMonth(deps, ctx, log.endOfMonth),
  ]);
  const versions = new Map(numbers.map((v) => [v.id, v.versionNumber]));
  return rows.map((r) =>
    present(r, log.versionNumber, r.baseMonthLogId ? (versions.get(r.baseMonthLogId) ?? null) : null),
  );
}

/** GET /admin/payroll-export/{id}/download: the stored bytes, again. */
export async function downloadExport(deps: AppDeps, ctx: RequestCtx, id: string) {
  const file = await repo.findExportFile(deps.db, ctx.scope, id);
  if (!file) throw notFound(monthMsg.exportNotFound);
  return { name: file.fileName, type: file.contentType, body: file.body };
}
