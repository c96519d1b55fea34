import { PAYSLIP_REMINDER_DAYS, type DeliverySummary } from '@timbro/shared';
import type { FastifyReply } from 'fastify';
import { workspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { renderForRequest } from '../../lib/render-pool';
import { limitWork } from '../../lib/work-limits';
import { sendFile } from '../../lib/http-file';
import type { JobLogger } from '../../lib/jobs';
import { notify } from '../notifications';
import { paycheckReminderNotice } from './paychecks.mails';
import type { RequestCtx } from '../../plugins/request-context';
import * as files from '../files';
import { letterhead } from '../workspaces';
import { DELIVERY_REPORT, deliveryCsv, type DeliveryRow } from './delivery.report';
import * as repo from './paychecks.repository';

/**
 * Proof of delivery (ADR 0019): for one month, every published slip with when it was published, when the employee
 * first opened it, how many times they opened it, and the reminder; a summary, and the same as CSV and PDF for the
 * labour consultant. Opens by admins or the consultant are never counted as the employee's.
 */

const DAY = 24 * 3600 * 1000;
/** Slips published longer ago than this get no reminder: they were there before reminders were. */
const REMINDER_WINDOW_DAYS = 30;

export async function deliveryRows(deps: AppDeps, ctx: RequestCtx, year: number, month: number, now = new Date()) {
  const rows = await repo.deliveryRows(deps.db, ctx.scope, year, month);
  const opens = await files.opensBy(deps.db, ctx.scope, rows);
  return rows.map((r): DeliveryRow => ({
    ...r,
    opens: opens.get(r.fileId) ?? 0,
    overdue: !r.attachmentFirstOpenAt && now.getTime() - r.createdAt.getTime() > PAYSLIP_REMINDER_DAYS * DAY,
  }));
}

export function summaryOf(year: number, month: number, rows: DeliveryRow[]): DeliverySummary {
  const opened = rows.filter((r) => r.attachmentFirstOpenAt).length;
  return {
    year,
    month,
    published: rows.length,
    opened,
    unopened: rows.length - opened,
    overdue: rows.filter((r) => r.overdue).length,
    reminded: rows.filter((r) => r.reminderSentAt).length,
    opens: rows.reduce((n, r) => n + r.opens, 0),
  };
}

/** GET /admin/paycheck/delivery: the month's summary (the list of slips is GET /admin/paycheck with the same month). */
export async function deliverySummary(deps: AppDeps, ctx: RequestCtx, year: number, month: number) {
  return summaryOf(year, month, await deliveryRows(deps, ctx, year, month));
}

/** GET /admin/paycheck/delivery/export: the month's report as CSV or PDF. */
export async function exportDelivery(
  deps: AppDeps,
  ctx: RequestCtx,
  query: { year: number; month: number; format: 'csv' | 'pdf' },
  reply: FastifyReply,
) {
  await limitWork(deps.db, 'export', { userId: ctx.actor.userId, workspaceId: ctx.scope.workspaceId });
  const rows = await deliveryRows(deps, ctx, query.year, query.month);
  const stamp = `${query.year}-${String(query.month).padStart(2, '0')}`;
  const summary = summaryOf(query.year, query.month, rows);
  if (query.format === 'csv')
    return sendFile(reply, {
      name: `Consegna cedolini ${stamp}.csv`,
      type: 'text/csv; charset=utf-8',
      body: deliveryCsv(rows, ctx.timeZone),
    });
  const company = await letterhead(deps, ctx);
  return sendFile(reply, {
    name: `Consegna cedolini ${stamp}.pdf`,
    type: 'application/pdf',
    body: await renderForRequest(
      ctx.log,
      DELIVERY_REPORT,
      'deliveryPdf',
      [company.name, summary, rows, ctx.timeZone, company.logo],
      ctx.scope.workspaceId,
    ),
  });
}

/**
 * The `paycheck-reminders` job (hourly): each slip still unopened PAYSLIP_REMINDER_DAYS after publication gets
 * exactly one reminder, marked in the same transaction as its e-mail is queued (whichever process runs it).
 */
export async function runPaycheckReminders(deps: Pick<AppDeps, 'db' | 'config'>, log?: JobLogger, now = new Date()) {
  const BATCH = 100;
  let sent = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await repo.lockDueSlipReminders(tx, now, PAYSLIP_REMINDER_DAYS, REMINDER_WINDOW_DAYS, BATCH);
      const byWorkspace = new Map<string, repo.DueSlipReminder[]>();
      for (const d of due) byWorkspace.set(d.workspaceId, [...(byWorkspace.get(d.workspaceId) ?? []), d]);
      for (const [workspaceId, slips] of byWorkspace)
        for (const s of slips) {
          await notify(
            tx,
            { scope: workspaceScope(workspaceId), publicUrl: deps.config.publicUrl },
            {
              type: 'paycheck.reminder',
              to: { userInfoIds: [s.userInfoId] },
              ...paycheckReminderNotice(s.year, s.month),
              link: `/member/paycheck/${s.id}`,
              params: { year: s.year, month: s.month },
              dedupeKey: `paycheck-reminder:${s.id}`,
            },
          );
        }
      await repo.markReminded(
        tx,
        due.map((d) => d.id),
        now,
      );
      return due.length;
    });
    sent += n;
    if (n > 0) log?.info({ reminders: n }, 'pay slip reminders sent');
    if (n < BATCH) return sent;
  }
}
