import type { Db, Queryable } from '../../db/client';
import { workspaces } from '../../db/schema';
import { workspaceScope, type WorkspaceScope } from '../../db/scope';
import { ensureNationalHolidays } from '../holidays/holidays.service';
import { ensureDefaultJustifications } from '../justifications/justifications.service';

/** What a workspace starts with: the Italian national holidays and the Italian absence types (idempotent). */
export async function ensureWorkspaceDefaults(q: Queryable, scope: WorkspaceScope, now = new Date()) {
  await ensureNationalHolidays(q, scope, now.getUTCFullYear() - 1, now);
  await ensureDefaultJustifications(q, scope);
}

/** At start and daily: every workspace gets what it lacks (new dated holidays as the years go by). */
export async function ensureAllWorkspaceDefaults(db: Db, now = new Date()) {
  const rows = await db.select({ id: workspaces.id }).from(workspaces);
  for (const r of rows) {
    await db.transaction(async (tx) => ensureWorkspaceDefaults(tx, workspaceScope(r.id), now));
  }
  return rows.map((r) => workspaceScope(r.id));
}

