import type { RequestDecisionInput } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { RequestCtx } from '../../plugins/request-context';
import { notify } from '../notifications';
import type { RequestWithJustification } from './attendance.repository';
import { summaryOf } from './requests.rules';
import { pendingRequestsNotice, requestDecisionNotice } from './requests.templates';

/** What absence requests tell people, through the notification dispatcher in the caller's transaction (ADR 0020). */

const byPerson = (items: RequestWithJustification[]) => {
  const map = new Map<string, RequestWithJustification[]>();
  for (const r of items) map.set(r.userInfoId, [...(map.get(r.userInfoId) ?? []), r]);
  return map;
};

/** New pending requests: every enabled admin is told once per employee, with that employee's requests. */
export async function mailPendingToAdmins(
  q: Queryable,
  deps: AppDeps,
  ctx: RequestCtx,
  items: RequestWithJustification[],
) {
  for (const list of byPerson(items).values()) {
    const employee = `${list[0]!.employee.firstName} ${list[0]!.employee.lastName}`;
    const summary = summaryOf(list);
    await notify(
      q,
      { scope: ctx.scope, publicUrl: deps.config.publicUrl, log: ctx.log },
      {
        type: 'request.pending',
        to: { admins: true },
        ...pendingRequestsNotice(employee, summary, list.length),
        link: '/admin/justification-request',
        params: { employee, count: list.length },
      },
    );
  }
}

/** Decided requests: each employee is told once, with their decided requests and the note. */
export async function mailDecisions(
  q: Queryable,
  deps: AppDeps,
  ctx: RequestCtx,
  items: RequestWithJustification[],
  approve: boolean,
  note: RequestDecisionInput['note'],
) {
  for (const [userInfoId, own] of byPerson(items)) {
    const summary = summaryOf(own);
    await notify(
      q,
      { scope: ctx.scope, publicUrl: deps.config.publicUrl, log: ctx.log },
      {
        type: approve ? 'request.approved' : 'request.rejected',
        to: { userInfoIds: [userInfoId] },
        ...requestDecisionNotice(approve, summary, note),
        link: '/member/calendar',
        params: { count: own.length },
      },
    );
  }
}
