import type { Db, Queryable } from '../../db/client';
import { workspaceScope, type WorkspaceScope } from '../../db/scope';
import { ensureNationalHolidays } from '../holidays';
import { ensureDefaultJustifications } from '../justifications';
import { enabledWorkspaceIds } from '../workspaces';

/**
 * What a workspace starts with: the Italian national holidays (added once) and the Italian absence types (idempotent).
 * Composed here, in platform, above the modules it calls, so that workspaces stays below holidays and justifications.
 */
export async function ensureWorkspaceDefaults(q: Queryable, scope: WorkspaceScope) {
  await ensureNationalHolidays(q, scope);
  await ensureDefaultJustifications(q, scope);
}

/**
 * At start and daily: every enabled workspace gets what it lacks (a new workspace its national holidays and absence
 * types). Returns their scopes, the ones the nightly accruals serve: a disabled workspace is left alone (ADR 0023) and
 * caught up the first night after it is enabled again (both are idempotent, up to today).
 */
export async function ensureAllWorkspaceDefaults(db: Db) {
  const ids = await enabledWorkspaceIds(db);
  for (const id of ids) {
    await db.transaction(async (tx) => ensureWorkspaceDefaults(tx, workspaceScope(id)));
  }
  return ids.map((id) => workspaceScope(id));
}
