import { ITALIAN_MONTHS, monthMsg, sumSheets, type SheetTotals } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import { notify } from '../notifications';
import { monthClosedNotice, monthFailedNotice } from './month-logs.mails';
import { workspaceScope, type WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import type { JobLogger } from '../../lib/jobs';
import { balancesOfEveryone } from '../accruals';
import { findWorkspace } from '../workspaces';
import { todayIn } from '../../lib/time';
import { payrollCodes } from '../payroll-settings';
import { computeMonth } from './month-compute';
import { precheckOf } from './precheck';
import * as repo from './month-logs.repository';

/** A running version whose heartbeat is older than this is taken over (its process died). */
export const STALE_SECONDS = 60;
/** Attempts before a version that keeps dying is marked failed. */
export const MAX_ATTEMPTS = 3;
/** The page's bar must move at least every 2 s: the job writes progress at most this often while it computes. */
export const BEAT_MS = 1000;

/** Test seams: a crash at a chosen point (as a kill -9 would leave it), and the clock of the beats. */
export interface CloseHooks {
  /** Called before the version's rows are written; throwing `SimulatedCrash` leaves the version as a dead process would. */
  beforeWrite?: () => void | Promise<void>;
}
export class SimulatedCrash extends Error {}

/**
 * The month-close job: takes waiting versions (and running ones whose process died) one after the other, until none
 * is left. Safe to run in several processes at once (each claim skips the locked rows) and after a crash: nothing of a
 * version is visible before its one final transaction, which writes the frozen rows and flips it to completed.
 */
export async function runMonthCloseJob(deps: AppDeps, log: JobLogger, hooks: CloseHooks = {}): Promise<number> {
  let done = 0;
  for (;;) {
    const row = await repo.claimNext(deps.db, STALE_SECONDS);
    if (!row) return done;
    const scope = workspaceScope(row.workspaceId);
    if (row.attempts > MAX_ATTEMPTS) {
      await deps.db.transaction(async (tx) => {
        const failed = await repo.setStatus(tx, scope, row.id, ['in_progress'], {
          status: 'failed',
          error: monthMsg.crashed,
          finishedAt: new Date(),
        });
        if (failed) await tellMonth(tx, deps, scope, failed, monthMsg.crashed);
      });
      log.error({ monthLogId: row.id, attempts: row.attempts }, 'month close: too many attempts');
      continue;
    }
    try {
      await closeVersion(deps, scope, row, hooks);
      done += 1;
    } catch (err) {
      if (err instanceof SimulatedCrash) throw err;
      log.error({ err, monthLogId: row.id }, 'month close failed');
      await deps.db.transaction(async (tx) => {
        const failed = await repo.setStatus(tx, scope, row.id, ['in_progress'], {
          status: 'failed',
          error: monthMsg.failedGeneric,
          finishedAt: new Date(),
        });
        if (failed) await tellMonth(tx, deps, scope, failed, monthMsg.failedGeneric);
      });
    }
  }
}

/** Admins and the consultant are told that a version closed (or failed), once per version (ADR 0020). */
async function tellMonth(
  q: Queryable,
  deps: Pick<AppDeps, 'config'>,
  scope: WorkspaceScope,
  row: repo.MonthLogRow,
  failure: string | null,
) {
  const [y, m] = row.endOfMonth.split('-').map(Number) as [number, number];
  const period = `${ITALIAN_MONTHS[m - 1]} ${y}`;
  const version = row.versionNumber;
  await notify(
    q,
    { scope, publicUrl: deps.config.publicUrl },
    {
      type: failure ? 'month.failed' : 'month.closed',
      to: { roles: ['admin', 'accountant'] },
      ...(failure ? monthFailedNotice(period, version, failure) : monthClosedNotice(period, version)),
      link: '/admin/month-log',
      params: { year: y, month: m, version },
      dedupeKey: `month:${row.id}`,
    },
  );
}

function addTotals(into: SheetTotals, t: SheetTotals) {
  for (const k of [
    'expected',
    'worked',
    'increase',
    'decrease',
    'covered',
    'balance',
    'openDays',
    'anomalies',
  ] as const)
    into[k] += t[k];
  for (const [j, m] of Object.entries(t.byJustification)) into.byJustification[j] = (into.byJustification[j] ?? 0) + m;
}

async function closeVersion(deps: AppDeps, scope: WorkspaceScope, row: repo.MonthLogRow, hooks: CloseHooks) {
  const workspace = await findWorkspace(deps.db, scope);
  const timeZone = workspace?.timeZone ?? 'Europe/Rome';
  const month = row.endOfMonth.slice(0, 7);
  let last = Date.now();
  const employees = await computeMonth(deps, { scope, timeZone }, month, async (n, total) => {
    if (Date.now() - last >= BEAT_MS) {
      last = Date.now();
      await repo.beat(deps.db, scope, row.id, n, total + 1);
    } else if (n % 50 === 0) await new Promise((r) => setImmediate(r));
  });
  const [balances, codes] = await Promise.all([
    balancesOfEveryone(deps.db, scope, row.endOfMonth),
    payrollCodes(deps.db, scope),
  ]);
  // The pre-close check of exactly what this version freezes; "forced" when the admin closed anyway and it has problems.
  const check = precheckOf(month, row.endOfMonth, todayIn(timeZone), employees, codes);
  const totals = sumSheets([]);
  for (const e of employees) addTotals(totals, e.totals);
  await hooks.beforeWrite?.();
  await deps.db.transaction(async (tx) => {
    await repo.writeVersion(
      tx,
      scope,
      row.id,
      employees.map((e) => ({
        userInfoId: e.userInfo.id,
        firstName: e.userInfo.firstName,
        lastName: e.userInfo.lastName,
        days: e.sheets.map((s) => ({
          date: s.date,
          expected: s.expected,
          worked: s.worked,
          increase: s.increase,
          decrease: s.decrease,
          covered: s.covered,
          balance: s.balance,
          open: s.open,
          anomalies: s.anomalies,
          justifications: s.requests.map((r) => ({ id: r.justificationId, minutes: r.credited })),
        })),
        totals: e.totals,
        balances: balances.get(e.userInfo.id) ?? {},
      })),
      employees.flatMap((e) => e.lines),
    );
    const finished = await repo.setStatus(tx, scope, row.id, ['in_progress'], {
      status: 'completed',
      totals,
      precheck: check,
      forced: row.forced && check.problems > 0,
      progressDone: employees.length + 1,
      progressTotal: employees.length + 1,
      heartbeatAt: new Date(),
      finishedAt: new Date(),
      error: null,
    });
    // Another process took the version over (this one was too slow to beat): its result wins, this write rolls back.
    if (!finished) throw new Error('month close: the version is no longer running here');
    await tellMonth(tx, deps, scope, finished, null);
  });
}
