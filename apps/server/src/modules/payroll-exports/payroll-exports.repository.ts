import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { payrollExports, users } from '../../db/schema';
import { insertInScope, inScope, type WorkspaceScope } from '../../db/scope';

const creator = alias(users, 'creator');
const listColumns = {
  id: payrollExports.id,
  monthLogId: payrollExports.monthLogId,
  baseMonthLogId: payrollExports.baseMonthLogId,
  profile: payrollExports.profile,
  fileName: payrollExports.fileName,
  size: payrollExports.size,
  sha256: payrollExports.sha256,
  rows: payrollExports.rows,
  createdBy: payrollExports.createdBy,
  createdAt: payrollExports.createdAt,
  creatorFirst: creator.firstName,
  creatorLast: creator.lastName,
};
export type ExportListRow = Awaited<ReturnType<typeof exportsOf>>[number];

export async function insertExport(
  q: Queryable,
  scope: WorkspaceScope,
  row: Omit<typeof payrollExports.$inferInsert, 'workspaceId'>,
) {
  const [created] = await insertInScope(q, scope, payrollExports, row).returning({ id: payrollExports.id });
  return created!.id;
}

/** An export of the same version, base and profile with the same bytes, if one was made (issue 30 item 9). */
export async function findSameExport(
  q: Queryable,
  scope: WorkspaceScope,
  key: { monthLogId: string; baseMonthLogId: string | null; profile: string; sha256: string },
): Promise<string | null> {
  const [row] = await q
    .select({ id: payrollExports.id })
    .from(payrollExports)
    .where(
      inScope(
        payrollExports,
        scope,
        eq(payrollExports.monthLogId, key.monthLogId),
        key.baseMonthLogId === null
          ? isNull(payrollExports.baseMonthLogId)
          : eq(payrollExports.baseMonthLogId, key.baseMonthLogId),
        eq(payrollExports.profile, key.profile),
        eq(payrollExports.sha256, key.sha256),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** A version's exports, newest first (without their bytes). */
export function exportsOf(q: Queryable, scope: WorkspaceScope, monthLogId: string) {
  return q
    .select(listColumns)
    .from(payrollExports)
    .leftJoin(creator, eq(creator.id, payrollExports.createdBy))
    .where(inScope(payrollExports, scope, eq(payrollExports.monthLogId, monthLogId)))
    .orderBy(desc(payrollExports.createdAt));
}

export async function findExportMeta(q: Queryable, scope: WorkspaceScope, id: string) {
  const [row] = await q
    .select(listColumns)
    .from(payrollExports)
    .leftJoin(creator, eq(creator.id, payrollExports.createdBy))
    .where(inScope(payrollExports, scope, eq(payrollExports.id, id)));
  return row ?? null;
}

/** The stored file (bytes included). */
export async function findExportFile(q: Queryable, scope: WorkspaceScope, id: string) {
  const [row] = await q
    .select({ fileName: payrollExports.fileName, contentType: payrollExports.contentType, body: payrollExports.body })
    .from(payrollExports)
    .where(and(inScope(payrollExports, scope, eq(payrollExports.id, id))));
  return row ?? null;
}
