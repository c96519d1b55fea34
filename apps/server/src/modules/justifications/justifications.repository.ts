import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { justificationGroups, justifications } from '../../db/schema';
import {
  joinInScope,
  insertInScope,
  inScope,
  tenantRepository,
  type ScopedInsert,
  type WorkspaceScope,
} from '../../db/scope';
import { payrollCodeRepository } from '../../db/payroll-codes';
import { nameKey } from '../../db/sql';

export const justificationRepo = tenantRepository(justifications);
export const groupRepo = tenantRepository(justificationGroups);

/** An absence type with the name and state of its group. */
export type JustificationWithGroup = {
  j: typeof justifications.$inferSelect;
  groupName: string | null;
  groupDisabled: boolean | null;
};

/** Whether the workspace has any absence type. */
export async function hasJustifications(q: Queryable, scope: WorkspaceScope): Promise<boolean> {
  const [any] = await q
    .select({ id: justifications.id })
    .from(justifications)
    .where(inScope(justifications, scope))
    .limit(1);
  return Boolean(any);
}

/** Several absence types in one statement (the default set of a new workspace). */
export async function insertJustifications(
  q: Queryable,
  scope: WorkspaceScope,
  values: ScopedInsert<typeof justifications>[],
) {
  await insertInScope(q, scope, justifications, values);
}

function selectJustifications(q: Queryable) {
  return q
    .select({ j: justifications, groupName: justificationGroups.name, groupDisabled: justificationGroups.disabled })
    .from(justifications)
    .leftJoin(
      justificationGroups,
      joinInScope(justifications, justificationGroups, eq(justificationGroups.id, justifications.groupId)),
    );
}

export async function listJustifications(q: Queryable, scope: WorkspaceScope): Promise<JustificationWithGroup[]> {
  return selectJustifications(q)
    .where(inScope(justifications, scope))
    .orderBy(asc(nameKey(justifications.name)));
}

/** Enabled absence types of enabled groups, plus `includeId` even when disabled. */
export async function lookupJustifications(
  q: Queryable,
  scope: WorkspaceScope,
  includeId?: string,
): Promise<JustificationWithGroup[]> {
  const usable = and(eq(justifications.enabled, true), sql`coalesce(${justificationGroups.disabled}, false) = false`);
  return selectJustifications(q)
    .where(inScope(justifications, scope, includeId ? or(usable, eq(justifications.id, includeId)) : usable))
    .orderBy(asc(nameKey(justifications.name)));
}

export async function findJustification(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
): Promise<JustificationWithGroup | null> {
  const [row] = await selectJustifications(q).where(inScope(justifications, scope, eq(justifications.id, id)));
  return row ?? null;
}

/** Another absence type with this code (`code` is upper-case), other than `exceptId`. */
export async function findOtherByCode(q: Queryable, scope: WorkspaceScope, code: string, exceptId?: string) {
  const [clash] = await q
    .select({ id: justifications.id })
    .from(justifications)
    .where(
      inScope(
        justifications,
        scope,
        sql`upper(${justifications.code}) = ${code}`,
        exceptId ? sql`${justifications.id} <> ${exceptId}` : undefined,
      ),
    );
  return clash ?? null;
}

/** Groups with how many absence types each holds; `includeDisabled`, or the enabled ones plus `includeId`. */
export async function listGroups(
  q: Queryable,
  scope: WorkspaceScope,
  opts: { includeId?: string; includeDisabled?: boolean },
) {
  // The outer table is named explicitly: in a one-table select drizzle renders bare column names, which inside the
  // subquery would resolve to j's own columns (j.group_id = j.id, never true).
  const count = sql<number>`(select count(*)::int from ${justifications} j where j.workspace_id = ${justificationGroups}.workspace_id and j.group_id = ${justificationGroups}.id)`;
  const visible = opts.includeDisabled
    ? undefined
    : opts.includeId
      ? or(eq(justificationGroups.disabled, false), eq(justificationGroups.id, opts.includeId))
      : eq(justificationGroups.disabled, false);
  return q
    .select({ g: justificationGroups, count })
    .from(justificationGroups)
    .where(inScope(justificationGroups, scope, visible))
    .orderBy(asc(nameKey(justificationGroups.name)));
}

/** Another group with this name (case-insensitive), other than `exceptId`. */
export async function findOtherGroupByName(q: Queryable, scope: WorkspaceScope, name: string, exceptId?: string) {
  const [clash] = await q
    .select({ id: justificationGroups.id })
    .from(justificationGroups)
    .where(
      inScope(
        justificationGroups,
        scope,
        sql`lower(${justificationGroups.name}) = lower(${name})`,
        exceptId ? sql`${justificationGroups.id} <> ${exceptId}` : undefined,
      ),
    );
  return clash ?? null;
}

/** The absence types' payroll codes, in bulk (db/payroll-codes.ts). */
export const payrollCodes = payrollCodeRepository(justifications);
