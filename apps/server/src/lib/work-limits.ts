import { apiMsg, ErrorCode } from '@timbro/shared';
import type { Queryable } from '../db/client';
import { AppError } from './errors';
import { consumeRateLimit } from './rate-limit';

/**
 * Limits on expensive work, per person and per company (issue 30 items 2, 8 and 9): each counted in the database (every
 * process shares the counters), in fixed one-hour windows. A company's limit is what keeps one company from filling the
 * shared queues and cores; a person's keeps one session (or a script) from using up the company's. The figures are
 * far above what a person does by hand: a consultant closing twelve companies' months, an admin exporting all day.
 */
export const WORK_LIMITS = {
  /** Bulk pay-slip imports started (each reads a PDF of up to 1000 pages). */
  'payslip-import': { perUser: 20, perWorkspace: 30 },
  /** Files uploaded (logos, pay slips, documents, attachments, imports of people or punches). */
  upload: { perUser: 200, perWorkspace: 1000 },
  /** Exports made (timesheet, delivery report, payroll files). */
  export: { perUser: 120, perWorkspace: 400 },
  /** Month closings started, reopened or retried. */
  'month-close': { perUser: 30, perWorkspace: 40 },
} as const;

export type WorkKind = keyof typeof WORK_LIMITS;
const WINDOW_SECONDS = 3600;

/** Counts one piece of `kind` work for the person and the company; past either limit, a 429 with Retry-After. */
export async function limitWork(
  q: Queryable,
  kind: WorkKind,
  who: { userId: string; workspaceId: string },
  now = new Date(),
): Promise<void> {
  const rule = WORK_LIMITS[kind];
  const checks = [
    await consumeRateLimit(q, `work:${kind}:user:${who.userId}`, rule.perUser, WINDOW_SECONDS, now),
    await consumeRateLimit(q, `work:${kind}:ws:${who.workspaceId}`, rule.perWorkspace, WINDOW_SECONDS, now),
  ];
  const over = checks.find((c) => !c.allowed);
  if (!over) return;
  const minutes = Math.max(1, Math.ceil(over.retryAfterSeconds / 60));
  throw new AppError(ErrorCode.RATE_LIMITED, apiMsg.limits.tooMuchWork(kind, minutes), {
    headers: { 'retry-after': String(over.retryAfterSeconds) },
  });
}
