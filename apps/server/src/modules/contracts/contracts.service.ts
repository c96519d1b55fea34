import {
  addDays,
  ErrorCode,
  FIXED_TERM_MAX_EXTENSIONS,
  FIXED_TERM_MAX_MONTHS,
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
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { diff, audit } from '../../lib/audit';
import { AppError, notFound, validation } from '../../lib/errors';
import { italianDate, todayIn } from '../../lib/time';
import { deleteContractAccruals, syncContractAccruals } from '../accruals';
import type { RequestCtx } from '../../plugins/request-context';
import * as repo from './contracts.repository';

type ContractRow = repo.ContractRow;

/** "dal 01/01/2026 al 31/12/2026" / "dal 01/01/2026 a tempo indeterminato" — how the overlap error names a contract. */
export function contractLabel(c: { startsAt: string; endsAt: string | null }) {
  return c.endsAt
    ? `dal ${italianDate(c.startsAt)} al ${italianDate(c.endsAt)}`
    : `dal ${italianDate(c.startsAt)} a tempo indeterminato`;
}

/**
 * The proroghe of a fixed-term contract (D.Lgs. 81/2015 art. 21): the fixed-term contracts of the person that it
 * continues without a day's break, one before the other. A fixed-term contract after a break is a rinnovo: it starts
 * its own count of proroghe (the months still add up towards the 24 of every fixed-term contract together).
 */
export function prorogheOf(spans: readonly { s: string; e: string | null }[], startsAt: string): number {
  let n = 0;
  let start = startsAt;
  for (;;) {
    const before = spans.find((x) => x.e !== null && addDays(x.e, 1) === start);
    if (!before || n >= spans.length) return n;
    n += 1;
    start = before.s;
  }
}

/** Proroghe of this contract out of 4, and months used over every fixed-term contract (days ÷ 30.44, one decimal). */
function fixedTermOf(
  h: { fixedDays: number; fixedSpans: { s: string; e: string | null }[] } | undefined,
  startsAt: string,
) {
  return {
    extensions: prorogheOf(h?.fixedSpans ?? [], startsAt),
    extensionsMax: FIXED_TERM_MAX_EXTENSIONS,
    monthsUsed: Math.round(((h?.fixedDays ?? 0) / 30.44) * 10) / 10,
    monthsMax: FIXED_TERM_MAX_MONTHS,
  };
}

/** Page of contracts plus their employees, slots, accruals and the people's contract history: five queries. */
async function present(q: Queryable, scope: WorkspaceScope, rows: ContractRow[], today: string): Promise<Contract[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const persons = [...new Set(rows.map((r) => r.userInfoId))];
  const [slots, accruals, people, history] = await Promise.all([
    repo.slotsOf(q, scope, ids),
    repo.accrualsOf(q, scope, ids),
    repo.employeeNames(q, scope, persons),
    repo.contractHistory(q, scope, persons, today),
  ]);
  return rows.map((c) => {
    const timeSlots = slots
      .filter((s) => s.contractId === c.id)
      .map((s) => ({
        weekday: s.weekday,
        startsAtMinutes: s.startsAtMinutes,
        endsAtMinutes: s.endsAtMinutes,
        pauseStartsAtMinutes: s.pauseStartsAtMinutes,
        pauseEndsAtMinutes: s.pauseEndsAtMinutes,
        description: s.description,
        descriptionColorRgb: s.descriptionColorRgb,
      }));
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
      expiring: isExpiring(c, today) && (history.get(c.userInfoId)?.latestStart ?? c.startsAt) <= c.startsAt,
      fixedTerm: c.permanent ? null : fixedTermOf(history.get(c.userInfoId), c.startsAt),
      justificationAccruals: accruals
        .filter((a) => a.a.contractId === c.id)
        .map((a) => ({
          justificationId: a.a.justificationId,
          code: a.code,
          name: a.name,
          unit: a.unit,
          monthlyIncrease: a.a.monthlyIncrease,
        })),
      timeSlots,
      weeklyMinutes: weeklyMinutes(timeSlots),
      createdAt: c.createdAt.toISOString(),
    };
  });
}

export async function listContracts(deps: AppDeps, ctx: RequestCtx, query: ListContractsQuery) {
  const today = todayIn(ctx.timeZone);
  const { rows, total } = await repo.listContracts(deps.db, ctx.scope, query, today);
  return { items: await present(deps.db, ctx.scope, rows, today), total, page: query.page, perPage: query.per_page };
}

/** 404 unless the employee is in the workspace; `lock` serialises the contract writes of one employee (see the repository). */
async function requireEmployee(q: Queryable, scope: WorkspaceScope, userInfoId: string, lock = false) {
  if (!(await repo.employeeExists(q, scope, userInfoId, lock))) throw notFound(peopleMsg.userNotFound);
}

export async function userContracts(deps: AppDeps, ctx: RequestCtx, userInfoId: string) {
  await requireEmployee(deps.db, ctx.scope, userInfoId);
  const rows = await repo.employeeContracts(deps.db, ctx.scope, userInfoId, true);
  return present(deps.db, ctx.scope, rows, todayIn(ctx.timeZone));
}

export async function getContract(deps: AppDeps, ctx: RequestCtx, id: string) {
  const row = await repo.findContract(deps.db, ctx.scope, id);
  if (!row) throw notFound(wtMsg.contractNotFound);
  return (await present(deps.db, ctx.scope, [row], todayIn(ctx.timeZone)))[0]!;
}

async function checkRules(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoId: string,
  input: ContractInput,
  exceptId?: string,
) {
  const others = await repo.employeeContracts(q, scope, userInfoId);
  const clash = findOverlap({ id: exceptId, startsAt: input.startsAt, endsAt: input.endsAt }, others);
  if (clash) {
    const message = wtMsg.contractOverlap(contractLabel(clash));
    throw new AppError(ErrorCode.CONFLICT, message, { errors: [{ path: 'startsAt', message }] });
  }
  const ids = [...new Set(input.justificationAccruals.map((a) => a.justificationId))];
  if (ids.length > 0) {
    const found = await repo.existingJustificationIds(q, scope, ids);
    const missing = input.justificationAccruals.findIndex((a) => !found.some((f) => f.id === a.justificationId));
    if (missing >= 0)
      throw validation([
        { path: `justificationAccruals.${missing}.justificationId`, message: wtMsg.justificationNotFound },
      ]);
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

/** The months frozen by a closed version (their accrual entries never change), when the month closing is wired. */
async function closedMonthsOf(deps: AppDeps, q: Queryable, scope: WorkspaceScope) {
  return deps.monthLock ? deps.monthLock.closedMonths(q, scope) : new Set<string>();
}

/** POST /admin/user/{id}/contract: no overlap with the employee's other contracts; accruals synced at once. */
export async function createContract(deps: AppDeps, ctx: RequestCtx, userInfoId: string, input: ContractInput) {
  const { scope } = ctx;
  const id = await deps.db.transaction(async (tx) => {
    await requireEmployee(tx, scope, userInfoId, true);
    await checkRules(tx, scope, userInfoId, input);
    const row = await repo.contractRepo.insert(tx, scope, {
      ...contractFields(input),
      workerType: input.workerType,
      userInfoId,
    });
    await repo.replaceChildren(tx, scope, row.id, input);
    await syncContractAccruals(
      tx,
      scope,
      { id: row.id, userInfoId, startsAt: input.startsAt, endsAt: input.endsAt, accruals: input.justificationAccruals },
      todayIn(ctx.timeZone),
      await closedMonthsOf(deps, tx, scope),
    );
    await audit(tx, ctx, {
      action: 'contract.create',
      entity: { type: 'contract', id: row.id },
      changes: { userInfoId, ...contractFields(input), workerType: input.workerType },
    });
    return row.id;
  });
  return getContract(deps, ctx, id);
}

/** POST /admin/contract/{id}: the worker type is fixed once set; slots and accruals are replaced. */
export async function updateContract(deps: AppDeps, ctx: RequestCtx, id: string, input: ContractInput) {
  const { scope } = ctx;
  await deps.db.transaction(async (tx) => {
    const before = await repo.findContract(tx, scope, id);
    if (!before) throw notFound(wtMsg.contractNotFound);
    if (input.workerType !== before.workerType)
      throw validation([{ path: 'workerType', message: wtMsg.workerTypeLocked }]);
    await requireEmployee(tx, scope, before.userInfoId, true);
    await checkRules(tx, scope, before.userInfoId, input, id);
    const after = await repo.contractRepo.update(tx, scope, id, { ...contractFields(input), updatedAt: new Date() });
    await repo.replaceChildren(tx, scope, id, input);
    await syncContractAccruals(
      tx,
      scope,
      {
        id,
        userInfoId: before.userInfoId,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        accruals: input.justificationAccruals,
      },
      todayIn(ctx.timeZone),
      await closedMonthsOf(deps, tx, scope),
    );
    await audit(tx, ctx, {
      action: 'contract.update',
      entity: { type: 'contract', id },
      changes: {
        ...diff(before, after!),
        timeSlots: input.timeSlots.length,
        justificationAccruals: input.justificationAccruals,
      },
    });
  });
  return getContract(deps, ctx, id);
}

export async function deleteContract(deps: AppDeps, ctx: RequestCtx, id: string) {
  const { scope } = ctx;
  await deps.db.transaction(async (tx) => {
    const before = await repo.findContract(tx, scope, id);
    if (!before) throw notFound(wtMsg.contractNotFound);
    await deleteContractAccruals(tx, scope, id);
    await repo.deleteContract(tx, scope, id);
    await audit(tx, ctx, {
      action: 'contract.delete',
      entity: { type: 'contract', id },
      changes: { userInfoId: before.userInfoId, startsAt: before.startsAt, endsAt: before.endsAt },
    });
  });
}
