import {
  EXPIRING_WITHIN_DAYS,
  ErrorCode,
  addDays,
  contractStatus,
  findOverlap,
  isExpiring,
  peopleMsg,
  weeklyMinutes,
  wtMsg,
  type Contract,
  type ContractInput,
  type ListContractsQuery,
} from '@timbro/shared';
import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contractAccruals, contracts, contractTimeSlots, justifications, userInfos, users } from '../../db/schema';
import { insertInScope, inScope, type WorkspaceScope } from '../../db/scope';
import { likePattern, nameKey, sortTerm } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { diff, recordAudit } from '../../lib/audit';
import { AppError, notFound, validation } from '../../lib/errors';
import { italianDate, todayIn } from '../../lib/time';
import { deleteContractAccruals, syncContractAccruals } from '../accruals/accruals.service';
import type { ActorRef } from '../users/users.service';

type ContractRow = typeof contracts.$inferSelect;

/** "dal 01/01/2026 al 31/12/2026" / "dal 01/01/2026 a tempo indeterminato" — how the overlap error names a contract. */
export function contractLabel(c: { startsAt: string; endsAt: string | null }) {
  return c.endsAt ? `dal ${italianDate(c.startsAt)} al ${italianDate(c.endsAt)}` : `dal ${italianDate(c.startsAt)} a tempo indeterminato`;
}

/** Page of contracts plus their employees, slots and accruals: four queries whatever the page size. */
async function present(q: Queryable, scope: WorkspaceScope, rows: ContractRow[], today: string): Promise<Contract[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [slots, accruals, people] = await Promise.all([
    q.select().from(contractTimeSlots).where(inScope(contractTimeSlots, scope, inArray(contractTimeSlots.contractId, ids))).orderBy(asc(contractTimeSlots.weekday), asc(contractTimeSlots.startsAtMinutes)),
    q
      .select({ a: contractAccruals, code: justifications.code, name: justifications.name, unit: justifications.unit })
      .from(contractAccruals)
      .innerJoin(justifications, and(eq(justifications.id, contractAccruals.justificationId), eq(justifications.workspaceId, contractAccruals.workspaceId)))
      .where(inScope(contractAccruals, scope, inArray(contractAccruals.contractId, ids)))
      .orderBy(asc(justifications.code)),
    q
      .select({ id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName })
      .from(userInfos)
      .innerJoin(users, eq(users.id, userInfos.userId))
      .where(inScope(userInfos, scope, inArray(userInfos.id, [...new Set(rows.map((r) => r.userInfoId))]))),
  ]);
  return rows.map((c) => {
    const timeSlots = slots
      .filter((s) => s.contractId === c.id)
      .map((s) => ({ weekday: s.weekday, startsAtMinutes: s.startsAtMinutes, endsAtMinutes: s.endsAtMinutes, pauseStartsAtMinutes: s.pauseStartsAtMinutes, pauseEndsAtMinutes: s.pauseEndsAtMinutes, description: s.description, descriptionColorRgb: s.descriptionColorRgb }));
    const person = people.find((p) => p.id === c.userInfoId);
    return {
      id: c.id,
      userInfoId: c.userInfoId,
      employee: { id: c.userInfoId, firstName: person?.firstName ?? '', lastName: person?.lastName ?? '' },
      type: c.type,
      workerType: c.workerType,
      qualification: c.qualification,
      ccnlLevel: c.ccnlLevel,
      description: c.description,
      startsAt: c.startsAt,
      endsAt: c.endsAt,
      permanent: c.permanent,
      status: contractStatus(c, today),
      expiring: isExpiring(c, today),
      justificationAccruals: accruals.filter((a) => a.a.contractId === c.id).map((a) => ({ justificationId: a.a.justificationId, code: a.code, name: a.name, unit: a.unit, monthlyIncrease: a.a.monthlyIncrease })),
      timeSlots,
      weeklyMinutes: weeklyMinutes(timeSlots),
      createdAt: c.createdAt.toISOString(),
    };
  });
}

function filterCondition(filter: ListContractsQuery['filter'], today: string): SQL | undefined {
  const notEnded = or(isNull(contracts.endsAt), sql`${contracts.endsAt} >= ${today}`);
  const started = sql`${contracts.startsAt} <= ${today}`;
  switch (filter) {
    case 'all':
      return undefined;
    case 'relevant':
      return notEnded;
    case 'active':
      return and(started, notEnded);
    case 'expiring':
      return and(started, sql`${contracts.endsAt} >= ${today}`, sql`${contracts.endsAt} <= ${addDays(today, EXPIRING_WITHIN_DAYS)}`);
    case 'expired':
      return sql`${contracts.endsAt} < ${today}`;
  }
}

export async function listContracts(deps: AppDeps, scope: WorkspaceScope, timeZone: string, query: ListContractsQuery) {
  const today = todayIn(timeZone);
  const search = query.search ? likePattern(query.search) : null;
  const where = inScope(
    contracts,
    scope,
    filterCondition(query.filter, today),
    search ? or(ilike(userInfos.firstName, search), ilike(userInfos.lastName, search), ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, search), ilike(contracts.qualification, search)) : undefined,
  );
  const sortBy = query.sort === 'startsAt' ? contracts.startsAt : query.sort === 'endsAt' ? contracts.endsAt : nameKey(userInfos.lastName);
  const base = () =>
    deps.db
      .select({ c: contracts })
      .from(contracts)
      .innerJoin(userInfos, and(eq(userInfos.id, contracts.userInfoId), eq(userInfos.workspaceId, contracts.workspaceId)))
      .innerJoin(users, eq(users.id, userInfos.userId));
  const rows = await base()
    .where(where)
    .orderBy(sortTerm(sortBy, query.order), asc(nameKey(userInfos.firstName)), asc(contracts.startsAt), asc(contracts.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [count] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(contracts)
    .innerJoin(userInfos, and(eq(userInfos.id, contracts.userInfoId), eq(userInfos.workspaceId, contracts.workspaceId)))
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(where);
  return { items: await present(deps.db, scope, rows.map((r) => r.c), today), total: count?.n ?? 0, page: query.page, perPage: query.per_page };
}

async function requireEmployee(q: Queryable, scope: WorkspaceScope, userInfoId: string, lock = false) {
  const base = q.select({ id: userInfos.id }).from(userInfos).where(inScope(userInfos, scope, eq(userInfos.id, userInfoId)));
  // The row lock serialises contract writes of one employee, so two concurrent saves cannot both pass the overlap check.
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw notFound(peopleMsg.userNotFound);
}

export async function userContracts(deps: AppDeps, scope: WorkspaceScope, timeZone: string, userInfoId: string) {
  await requireEmployee(deps.db, scope, userInfoId);
  const rows = await deps.db.select().from(contracts).where(inScope(contracts, scope, eq(contracts.userInfoId, userInfoId))).orderBy(sql`${contracts.startsAt} desc`);
  return present(deps.db, scope, rows, todayIn(timeZone));
}

export async function getContract(deps: AppDeps, scope: WorkspaceScope, timeZone: string, id: string) {
  const rows = await deps.db.select().from(contracts).where(inScope(contracts, scope, eq(contracts.id, id)));
  if (rows.length === 0) throw notFound(wtMsg.contractNotFound);
  return (await present(deps.db, scope, rows, todayIn(timeZone)))[0]!;
}

async function checkRules(q: Queryable, scope: WorkspaceScope, userInfoId: string, input: ContractInput, exceptId?: string) {
  const others = await q.select().from(contracts).where(inScope(contracts, scope, eq(contracts.userInfoId, userInfoId)));
  const clash = findOverlap({ id: exceptId, startsAt: input.startsAt, endsAt: input.endsAt }, others);
  if (clash) {
    const message = wtMsg.contractOverlap(contractLabel(clash));
    throw new AppError(ErrorCode.CONFLICT, message, { errors: [{ path: 'startsAt', message }] });
  }
  const ids = [...new Set(input.justificationAccruals.map((a) => a.justificationId))];
  if (ids.length > 0) {
    const found = await q.select({ id: justifications.id }).from(justifications).where(inScope(justifications, scope, inArray(justifications.id, ids)));
    const missing = input.justificationAccruals.findIndex((a) => !found.some((f) => f.id === a.justificationId));
    if (missing >= 0) throw validation([{ path: `justificationAccruals.${missing}.justificationId`, message: wtMsg.justificationNotFound }]);
  }
}

async function writeChildren(q: Queryable, scope: WorkspaceScope, contractId: string, input: ContractInput) {
  await q.delete(contractTimeSlots).where(inScope(contractTimeSlots, scope, eq(contractTimeSlots.contractId, contractId)));
  await insertInScope(q, scope, contractTimeSlots, input.timeSlots.map((s) => ({ ...s, contractId })));
  await q.delete(contractAccruals).where(inScope(contractAccruals, scope, eq(contractAccruals.contractId, contractId)));
  if (input.justificationAccruals.length > 0) {
    await insertInScope(q, scope, contractAccruals, input.justificationAccruals.map((a) => ({ contractId, justificationId: a.justificationId, monthlyIncrease: a.monthlyIncrease })));
  }
}

const contractFields = (input: ContractInput) => ({
  type: input.type,
  qualification: input.qualification,
  ccnlLevel: input.ccnlLevel,
  description: input.description,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  permanent: input.permanent,
});

/** POST /admin/user/{id}/contract: no overlap with the employee's other contracts; accruals synced at once. */
export async function createContract(deps: AppDeps, scope: WorkspaceScope, timeZone: string, actor: ActorRef, userInfoId: string, input: ContractInput) {
  const id = await deps.db.transaction(async (tx) => {
    await requireEmployee(tx, scope, userInfoId, true);
    await checkRules(tx, scope, userInfoId, input);
    const [row] = await insertInScope(tx, scope, contracts, { ...contractFields(input), workerType: input.workerType, userInfoId }).returning();
    await writeChildren(tx, scope, row!.id, input);
    await syncContractAccruals(tx, scope, { id: row!.id, userInfoId, startsAt: input.startsAt, endsAt: input.endsAt, accruals: input.justificationAccruals }, todayIn(timeZone));
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'contract.create', entityType: 'contract', entityId: row!.id, changes: { userInfoId, ...contractFields(input), workerType: input.workerType }, requestId: actor.requestId });
    return row!.id;
  });
  return getContract(deps, scope, timeZone, id);
}

/** POST /admin/contract/{id}: the worker type is fixed once set; slots and accruals are replaced. */
export async function updateContract(deps: AppDeps, scope: WorkspaceScope, timeZone: string, actor: ActorRef, id: string, input: ContractInput) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(contracts).where(inScope(contracts, scope, eq(contracts.id, id)));
    if (!before) throw notFound(wtMsg.contractNotFound);
    if (input.workerType !== before.workerType) throw validation([{ path: 'workerType', message: wtMsg.workerTypeLocked }]);
    await requireEmployee(tx, scope, before.userInfoId, true);
    await checkRules(tx, scope, before.userInfoId, input, id);
    const [after] = await tx.update(contracts).set({ ...contractFields(input), updatedAt: new Date() }).where(inScope(contracts, scope, eq(contracts.id, id))).returning();
    await writeChildren(tx, scope, id, input);
    await syncContractAccruals(tx, scope, { id, userInfoId: before.userInfoId, startsAt: input.startsAt, endsAt: input.endsAt, accruals: input.justificationAccruals }, todayIn(timeZone));
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'contract.update', entityType: 'contract', entityId: id, changes: { ...diff(before, after!), timeSlots: input.timeSlots.length, justificationAccruals: input.justificationAccruals }, requestId: actor.requestId });
  });
  return getContract(deps, scope, timeZone, id);
}

export async function deleteContract(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(contracts).where(inScope(contracts, scope, eq(contracts.id, id)));
    if (!before) throw notFound(wtMsg.contractNotFound);
    await deleteContractAccruals(tx, scope, id);
    await tx.delete(contracts).where(inScope(contracts, scope, eq(contracts.id, id)));
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'contract.delete', entityType: 'contract', entityId: id, changes: { userInfoId: before.userInfoId, startsAt: before.startsAt, endsAt: before.endsAt }, requestId: actor.requestId });
  });
}
