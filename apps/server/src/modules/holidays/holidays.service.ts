import { expandHolidays, italianDatedHolidays, ITALIAN_RECURRING_HOLIDAYS, wtMsg, type HolidayInput } from '@timbro/shared';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { holidays } from '../../db/schema';
import { inScope, tenantRepository, type WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { diff, recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { ActorRef } from '../users/users.service';

const repo = tenantRepository(holidays);
type Row = typeof holidays.$inferSelect;
const present = (r: Row) => ({ id: r.id, name: r.name, icon: r.icon, day: r.day, month: r.month, year: r.year, kind: r.kind });

/** How many years ahead the dated national holidays (Easter, Easter Monday, San Francesco) are kept filled in. */
export const DATED_HOLIDAY_YEARS_AHEAD = 10;

/**
 * The Italian national holidays of a workspace: the recurring ones once, the dated ones for every year from
 * `fromYear` to DATED_HOLIDAY_YEARS_AHEAD years ahead. Idempotent: runs at start and yearly, adds only what is missing.
 */
export async function ensureNationalHolidays(q: Queryable, scope: WorkspaceScope, fromYear: number, now = new Date()) {
  const existing = await q.select().from(holidays).where(inScope(holidays, scope, eq(holidays.kind, 'national')));
  const key = (h: { name: string; day: number; month: number; year: number | null }) => `${h.name}|${h.day}|${h.month}|${h.year ?? ''}`;
  const have = new Set(existing.map(key));
  const wanted = [
    ...ITALIAN_RECURRING_HOLIDAYS.map((h) => ({ ...h, year: null as number | null })),
    ...Array.from({ length: now.getUTCFullYear() + DATED_HOLIDAY_YEARS_AHEAD - fromYear + 1 }, (_, i) => italianDatedHolidays(fromYear + i)).flat(),
  ];
  const missing = wanted.filter((h) => !have.has(key(h)));
  if (missing.length > 0) {
    await q.insert(holidays).values(missing.map((h) => ({ workspaceId: scope.workspaceId, name: h.name, icon: h.icon, day: h.day, month: h.month, year: h.year, kind: 'national' as const })));
  }
  return missing.length;
}

export async function listHolidays(deps: AppDeps, scope: WorkspaceScope, year?: number) {
  const rows = await deps.db
    .select()
    .from(holidays)
    .where(inScope(holidays, scope, year !== undefined ? or(isNull(holidays.year), eq(holidays.year, year)) : undefined))
    .orderBy(asc(holidays.month), asc(holidays.day), asc(sql`coalesce(${holidays.year}, 0)`), asc(holidays.name));
  return rows.map(present);
}

export async function getHoliday(deps: AppDeps, scope: WorkspaceScope, id: string) {
  const row = await repo.findById(deps.db, scope, id);
  if (!row) throw notFound(wtMsg.holidayNotFound);
  return present(row);
}

async function checkPatron(q: Queryable, scope: WorkspaceScope, input: HolidayInput, exceptId?: string) {
  if (input.kind !== 'patron') return;
  const [other] = await q
    .select({ id: holidays.id })
    .from(holidays)
    .where(inScope(holidays, scope, eq(holidays.kind, 'patron'), exceptId ? sql`${holidays.id} <> ${exceptId}` : undefined));
  if (other) throw new AppError('CONFLICT', 'Il santo patrono è già impostato: modificalo invece di aggiungerne un altro', { errors: [{ path: 'kind', message: 'Il santo patrono è già impostato' }] });
}

export async function createHoliday(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, input: HolidayInput) {
  return deps.db.transaction(async (tx) => {
    await checkPatron(tx, scope, input);
    const row = await repo.insert(tx, scope, input);
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'holiday.create', entityType: 'holiday', entityId: row.id, changes: input, requestId: actor.requestId });
    return present(row);
  });
}

export async function updateHoliday(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string, input: HolidayInput) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findById(tx, scope, id);
    if (!before) throw notFound(wtMsg.holidayNotFound);
    await checkPatron(tx, scope, input, id);
    const after = await repo.update(tx, scope, id, { ...input, updatedAt: new Date() });
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'holiday.update', entityType: 'holiday', entityId: id, changes: diff(before, after!), requestId: actor.requestId });
    return present(after!);
  });
}

export async function deleteHoliday(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findById(tx, scope, id);
    if (!before) throw notFound(wtMsg.holidayNotFound);
    await repo.remove(tx, scope, id);
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'holiday.delete', entityType: 'holiday', entityId: id, changes: present(before), requestId: actor.requestId });
  });
}

/** Holiday rules of a workspace that can fall in [from, to] (recurring ones and those dated in those years). */
export async function holidayRules(q: Queryable, scope: WorkspaceScope, from: string, to: string) {
  const y1 = Number(from.slice(0, 4));
  const y2 = Number(to.slice(0, 4));
  return q
    .select()
    .from(holidays)
    .where(inScope(holidays, scope, or(isNull(holidays.year), and(sql`${holidays.year} >= ${y1}`, sql`${holidays.year} <= ${y2}`))));
}

/** GET /attendance/ajax/holidays?from&to: concrete dates. */
export async function holidaysInRange(deps: AppDeps, scope: WorkspaceScope, from: string, to: string) {
  return expandHolidays(await holidayRules(deps.db, scope, from, to), from, to);
}
