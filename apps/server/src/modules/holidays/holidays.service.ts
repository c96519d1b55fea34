import {
  ErrorCode,
  apiMsg,
  expandHolidays,
  ITALIAN_NATIONAL_HOLIDAYS,
  movableFeastDate,
  wtMsg,
  type HolidayInput,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { diff, audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import { claimHolidaysSeeding } from '../workspaces';
import * as repo from './holidays.repository';

type Row = repo.HolidayRow;

/**
 * A holiday as the API shows it. A movable feast has no stored date: its day and month are those of `refYear` (the
 * year listed, this year by default), so clients that only know fixed dates still show a sensible one.
 */
function present(r: Row, refYear = new Date().getUTCFullYear()) {
  const movable = r.rule ? movableFeastDate(r.rule, refYear) : null;
  const day = movable ? Number(movable.slice(8, 10)) : r.day!;
  const month = movable ? Number(movable.slice(5, 7)) : r.month!;
  return {
    id: r.id,
    name: r.name,
    icon: r.icon,
    day,
    month,
    year: r.year,
    kind: r.kind,
    rule: r.rule,
    fromYear: r.fromYear,
  };
}

/** The stored columns of an input; `rule` and `fromYear` left out keep what the holiday had (`before`). */
function columns(input: HolidayInput, before?: Row) {
  const rule = input.rule === undefined ? (before?.rule ?? null) : input.rule;
  const year = rule ? null : input.year;
  const fromYear = year !== null ? null : input.fromYear === undefined ? (before?.fromYear ?? null) : input.fromYear;
  return {
    name: input.name,
    icon: input.icon,
    kind: input.kind,
    day: rule ? null : input.day,
    month: rule ? null : input.month,
    year,
    rule,
    fromYear,
  };
}

/**
 * Adds the Italian national holidays to a workspace, once in its life: the `holidays_seeded_at` marker is set in the
 * same statement that decides, so a national holiday the admin later deletes or renames is never added back (this
 * runs at every start and nightly). Easter and Easter Monday are movable-feast rules and San Francesco recurs from
 * 2026, so no year ever needs new rows. Returns how many holidays were added.
 */
export async function ensureNationalHolidays(q: Queryable, scope: WorkspaceScope) {
  if (!(await claimHolidaysSeeding(q, scope))) return 0;
  await repo.insertHolidays(
    q,
    scope,
    ITALIAN_NATIONAL_HOLIDAYS.map((h) => ({
      name: h.name,
      icon: h.icon,
      day: h.day,
      month: h.month,
      year: h.year,
      rule: h.rule ?? null,
      fromYear: h.fromYear ?? null,
      kind: 'national' as const,
    })),
  );
  return ITALIAN_NATIONAL_HOLIDAYS.length;
}

/** Every holiday, or with `year` those that can occur in it (recurring from that year or earlier, and dated in it). */
export async function listHolidays(deps: AppDeps, ctx: RequestCtx, query: { year?: number }) {
  const year = query.year;
  const rows = await repo.listHolidays(deps.db, ctx.scope, year);
  // Sorted by the date shown (a movable feast's moves), then dated ones by year, then by name.
  return rows
    .map((r) => present(r, year))
    .sort(
      (a, b) => a.month - b.month || a.day - b.day || (a.year ?? 0) - (b.year ?? 0) || a.name.localeCompare(b.name),
    );
}

export async function getHoliday(deps: AppDeps, ctx: RequestCtx, id: string) {
  const row = await repo.holidayRepo.findById(deps.db, ctx.scope, id);
  if (!row) throw notFound(wtMsg.holidayNotFound);
  return present(row);
}

async function checkPatron(q: Queryable, scope: WorkspaceScope, input: HolidayInput, exceptId?: string) {
  if (input.kind !== 'patron') return;
  if (await repo.findOtherPatron(q, scope, exceptId))
    throw new AppError(ErrorCode.CONFLICT, apiMsg.workingTime.patronTaken, {
      errors: [{ path: 'kind', message: apiMsg.workingTime.patronTakenField }],
    });
}

export async function createHoliday(deps: AppDeps, ctx: RequestCtx, input: HolidayInput) {
  const { scope } = ctx;
  return deps.db.transaction(async (tx) => {
    await checkPatron(tx, scope, input);
    const row = await repo.holidayRepo.insert(tx, scope, columns(input));
    await audit(tx, ctx, { action: 'holiday.create', entity: { type: 'holiday', id: row.id }, changes: input });
    return present(row);
  });
}

export async function updateHoliday(deps: AppDeps, ctx: RequestCtx, id: string, input: HolidayInput) {
  const { scope } = ctx;
  return deps.db.transaction(async (tx) => {
    const before = await repo.holidayRepo.findById(tx, scope, id);
    if (!before) throw notFound(wtMsg.holidayNotFound);
    await checkPatron(tx, scope, input, id);
    const after = await repo.holidayRepo.update(tx, scope, id, { ...columns(input, before), updatedAt: new Date() });
    await audit(tx, ctx, { action: 'holiday.update', entity: { type: 'holiday', id }, changes: diff(before, after!) });
    return present(after!);
  });
}

export async function deleteHoliday(deps: AppDeps, ctx: RequestCtx, id: string) {
  const { scope } = ctx;
  await deps.db.transaction(async (tx) => {
    const before = await repo.holidayRepo.findById(tx, scope, id);
    if (!before) throw notFound(wtMsg.holidayNotFound);
    await repo.holidayRepo.remove(tx, scope, id);
    await audit(tx, ctx, { action: 'holiday.delete', entity: { type: 'holiday', id }, changes: present(before) });
  });
}

/** Holiday rules of a workspace that can fall in [from, to] (recurring ones and those dated in those years). */
export async function holidayRules(q: Queryable, scope: WorkspaceScope, from: string, to: string) {
  return repo.holidayRules(q, scope, Number(from.slice(0, 4)), Number(to.slice(0, 4)));
}

/** GET /attendance/ajax/holidays?from&to: concrete dates. */
export async function holidaysInRange(deps: AppDeps, ctx: RequestCtx, query: { from: string; to: string }) {
  return expandHolidays(await holidayRules(deps.db, ctx.scope, query.from, query.to), query.from, query.to);
}
