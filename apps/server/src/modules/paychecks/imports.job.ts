import { IMPORT_MAX_PAGES, importMsg } from '@timbro/shared';
import { workspaceScope, type WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { recordAudits } from '../../lib/audit';
import type { JobLogger } from '../../lib/jobs';
import { SandboxLimitError } from '../../lib/sandbox';
import type { ActorRef } from '../../plugins/request-context';
import * as files from '../files';
import { classifyPages } from './import/classify';
import { PdfReadFailure, readPageTexts, splitPdf } from './import/pdf-pages';
import type { Plan } from './import/plan';
import * as repo from './imports.repository';
import { mailPublished } from './paychecks.service';

/** A running import whose heartbeat is older than this is taken over (its process died). */
export const STALE_SECONDS = 60;
/** Attempts before an import that keeps dying is marked failed. */
export const MAX_ATTEMPTS = 3;
/** Progress is written at most this often, and at least this often while pages keep coming. */
export const BEAT_MS = 500;

/** Test seams: a crash at a chosen point, as a kill -9 would leave it. */
export interface ImportHooks {
  /** Called after the slips' files are stored and before the one transaction that publishes them. */
  beforePublish?: () => void | Promise<void>;
}
export class SimulatedCrash extends Error {}

class TooManyPages extends Error {}

/** How many companies' imports one process runs side by side (their pages taken in turns: import/pdf-pages). */
export const PARALLEL_IMPORTS = 8;
/** While imports run, how often the job looks for another company's import to start beside them. */
const CLAIM_POLL_MS = 250;

/**
 * The `payslip-import` job (ADR 0019): takes imports with work to do in any workspace — a file to read, a publication
 * to carry out, or either left by a process that died — until none is left. Up to PARALLEL_IMPORTS companies' imports
 * run side by side, one per company, and their PDF work is taken page by page in turns (issue 30): an import that
 * arrives while another company's 500 pages are being read starts within a quarter of a second and waits for at most
 * one page of it. Safe in several processes (claims skip locked rows) and after a crash: reading writes its result in
 * one statement, publishing in one transaction; the bytes of slips stored by an attempt that never committed are
 * swept with their reservation.
 */
export async function runPayslipImportJob(deps: AppDeps, log: JobLogger, hooks: ImportHooks = {}): Promise<number> {
  let done = 0;
  let crash: unknown = null;
  const running = new Map<string, Promise<void>>();
  for (;;) {
    while (crash === null && running.size < PARALLEL_IMPORTS) {
      const row = await repo.claimNext(deps.db, STALE_SECONDS, [...running.keys()]);
      if (!row) break;
      const work = runOne(deps, log, hooks, row)
        .then((ok) => void (ok && (done += 1)))
        .catch((err: unknown) => void (crash ??= err))
        .finally(() => running.delete(row.workspaceId));
      running.set(row.workspaceId, work);
    }
    if (running.size === 0) {
      if (crash !== null) throw crash;
      return done;
    }
    await Promise.race([
      ...running.values(),
      new Promise((r) => setTimeout(r, crash === null ? CLAIM_POLL_MS : 60_000)),
    ]);
  }
}

/** Limits the file broke, as the import tells the user (issue 30). */
function failureText(err: unknown): string {
  if (err instanceof TooManyPages) return importMsg.tooManyPages;
  if (err instanceof SandboxLimitError)
    return err.limit === 'memory'
      ? importMsg.limitMemory(err.limits.memoryMb)
      : err.limit === 'step-time'
        ? importMsg.limitPageTime(err.limits.stepMs / 1000)
        : importMsg.limitFileTime(Math.round(err.limits.totalMs / 1000));
  if (err instanceof PdfReadFailure) {
    if (err.code === 'encrypted') return importMsg.encrypted;
    if (err.code === 'too-many-pages') return importMsg.tooManyPages;
    if (err.code === 'absurd') return importMsg.absurd;
  }
  return importMsg.unreadable;
}

/** One claimed import: true when its work was done, false when it failed (and was marked so). */
async function runOne(deps: AppDeps, log: JobLogger, hooks: ImportHooks, row: repo.ImportRow): Promise<boolean> {
  const scope = workspaceScope(row.workspaceId);
  const from = row.status === 'publishing' ? 'publishing' : 'analysing';
  // A publication that did not go through goes back to review, nothing published; an analysis fails, saying why.
  const giveUp = (why: string) =>
    repo.setStatus(
      deps.db,
      scope,
      row.id,
      [from],
      from === 'publishing'
        ? { status: 'ready', error: importMsg.failedGeneric, heartbeatAt: null }
        : { status: 'failed', error: why, heartbeatAt: null },
    );
  if (row.attempts > MAX_ATTEMPTS) {
    await giveUp(importMsg.crashed);
    log.error({ importId: row.id, attempts: row.attempts }, 'payslip import: too many attempts');
    return false;
  }
  try {
    if (from === 'analysing') await analyse(deps, scope, row);
    else await publish(deps, scope, row, hooks, log);
    return true;
  } catch (err) {
    if (err instanceof SimulatedCrash) throw err;
    log.error({ err, importId: row.id }, 'payslip import failed');
    await giveUp(failureText(err));
    return false;
  }
}

async function bytesOf(deps: AppDeps, scope: WorkspaceScope, row: repo.ImportRow) {
  const file = await files.findFile(deps.db, scope, row.fileId);
  if (!file) throw new PdfReadFailure('broken');
  return files.readStoredFile(deps, scope, file);
}

/** Progress written at most every BEAT_MS, in order (one write at a time), and the last one always. */
function beater(deps: AppDeps, scope: WorkspaceScope, id: string, status: 'analysing' | 'publishing') {
  let last = 0;
  let chain = Promise.resolve();
  return {
    beat(done: number, total: number, force = false) {
      const now = Date.now();
      if (!force && now - last < BEAT_MS) return;
      last = now;
      chain = chain.then(() => repo.beat(deps.db, scope, id, status, done, total)).catch(() => undefined);
    },
    settled: () => chain,
  };
}

async function analyse(deps: AppDeps, scope: WorkspaceScope, row: repo.ImportRow) {
  const bytes = await bytesOf(deps, scope, row);
  const people = await repo.employeesOf(deps.db, scope);
  const byCode = new Map(people.filter((p) => p.fiscalCode).map((p) => [p.fiscalCode!.toUpperCase(), p.id]));
  const progress = beater(deps, scope, row.id, 'analysing');
  const texts = await readPageTexts(
    bytes,
    (done, total) => {
      if (total > IMPORT_MAX_PAGES) throw new TooManyPages();
      progress.beat(done, total, done === 0);
    },
    scope.workspaceId,
  );
  await progress.settled();
  if (texts.length === 0) {
    await repo.setStatus(deps.db, scope, row.id, ['analysing'], {
      status: 'failed',
      error: importMsg.noPages,
      heartbeatAt: null,
    });
    return;
  }
  const pages = classifyPages(
    texts.map((text) => ({ text })),
    byCode,
  );
  await repo.setStatus(deps.db, scope, row.id, ['analysing'], {
    status: 'ready',
    pages,
    pagesDone: pages.length,
    pagesTotal: pages.length,
    heartbeatAt: null,
    error: null,
  });
}

const slipName = (year: number, month: number, page: number) =>
  `Cedolino ${year}-${String(month).padStart(2, '0')} (pagina ${page}).pdf`;

async function publish(deps: AppDeps, scope: WorkspaceScope, row: repo.ImportRow, hooks: ImportHooks, log: JobLogger) {
  const plan = row.choices as Plan;
  const bytes = await bytesOf(deps, scope, row);
  const progress = beater(deps, scope, row.id, 'publishing');
  // Progress in steps: each slip split, then each stored, then the one transaction.
  const steps = plan.slips.length * 2 + 1;
  const parts = await splitPdf(
    bytes,
    plan.slips.map((s) => s.pages),
    (done) => progress.beat(done, steps),
    scope.workspaceId,
  );
  const stored = await files.storeMade(
    deps,
    scope,
    'payslip',
    plan.slips.map((s, i) => ({
      name: slipName(s.year, s.month, s.pages[0]!),
      bytes: parts[i]!,
      contentType: 'application/pdf' as const,
    })),
    (done) => progress.beat(plan.slips.length + done, steps),
  );
  await progress.settled();
  const actor: ActorRef = {
    userId: row.publishedBy ?? row.createdBy ?? '',
    userInfoId: null,
    requestId: `import:${row.id}`,
  };
  try {
    await hooks.beforePublish?.();
    await deps.db.transaction(async (tx) => {
      await files.recordUploads(tx, scope, stored, actor);
      const inserted = await repo.insertPaychecks(
        tx,
        scope,
        plan.slips.map((s, i) => ({
          userInfoId: s.userInfoId,
          year: s.year,
          month: s.month,
          description: s.description,
          netAmount: s.netAmount,
          currencyCode: s.currencyCode ?? plan.currencyCode,
          fileId: stored[i]!.id,
          createdBy: row.publishedBy,
        })),
      );
      const slipOfPage = new Map<number, string>();
      plan.slips.forEach((s, i) => s.pages.forEach((p) => slipOfPage.set(p, inserted[i]!.id)));
      // The audit of every page: which slip it went to and how (by codice fiscale, continuation, or by whom).
      await recordAudits(
        tx,
        scope,
        plan.decisions.map((d) => ({
          actorUserId: row.publishedBy,
          action: d.how === 'excluded' ? 'paycheck_import.page_excluded' : 'paycheck_import.page',
          entityType: d.how === 'excluded' ? 'paycheck_import' : 'paycheck',
          entityId: d.how === 'excluded' ? row.id : slipOfPage.get(d.page)!,
          changes: { importId: row.id, page: d.page, userInfoId: d.userInfoId, how: d.how },
          requestId: actor.requestId,
        })),
      );
      await mailPublished(tx, deps, scope, plan.slips, log);
      const finished = await repo.setStatus(tx, scope, row.id, ['publishing'], {
        status: 'published',
        publishedCount: inserted.length,
        publishedAt: new Date(),
        pagesDone: steps,
        pagesTotal: steps,
        heartbeatAt: null,
        error: null,
      });
      // Another process took the publication over (this one was too slow to beat): it wins, this one rolls back.
      if (!finished) throw new Error('payslip import: no longer publishing here');
    });
  } catch (err) {
    if (!(err instanceof SimulatedCrash)) await files.discardUploads(deps, stored);
    throw err;
  }
}
