import type { RequestDecisionInput } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { enqueueMail } from '../../lib/mail';
import { pendingRequestsMail, requestDecisionMail } from '../../lib/mail-templates';
import type { RequestCtx } from '../../plugins/request-context';
import { enabledAdmins, recipientsOf } from '../users/users.service';
import type { RequestWithJustification } from './attendance.repository';
import { summaryOf } from './requests.rules';

/** The e-mails of absence requests, queued in the caller's transaction (the outbox sends them after commit). */

/** New pending requests: every enabled admin gets one e-mail per employee, listing that employee's requests. */
export async function mailPendingToAdmins(
  q: Queryable,
  deps: AppDeps,
  ctx: RequestCtx,
  items: RequestWithJustification[],
) {
  const byPerson = new Map<string, RequestWithJustification[]>();
  for (const r of items) byPerson.set(r.userInfoId, [...(byPerson.get(r.userInfoId) ?? []), r]);
  const admins = await enabledAdmins(q, ctx.scope);
  for (const list of byPerson.values()) {
    const employee = `${list[0]!.employee.firstName} ${list[0]!.employee.lastName}`;
    for (const a of admins) {
      await enqueueMail(
        q,
        {
          to: a.email,
          ...pendingRequestsMail(
            a.firstName,
            employee,
            summaryOf(list),
            list.length,
            `${deps.config.publicUrl}/admin/justification-request`,
          ),
        },
        ctx.log,
      );
    }
  }
}

/** Decided requests: each employee gets one e-mail with their decided requests and the note. */
export async function mailDecisions(
  q: Queryable,
  deps: AppDeps,
  ctx: RequestCtx,
  items: RequestWithJustification[],
  approve: boolean,
  note: RequestDecisionInput['note'],
) {
  const people = await recipientsOf(q, ctx.scope, [...new Set(items.map((r) => r.userInfoId))]);
  for (const p of people) {
    const own = items.filter((r) => r.userInfoId === p.userInfoId);
    await enqueueMail(
      q,
      {
        to: p.email,
        ...requestDecisionMail(p.firstName, approve, summaryOf(own), note, `${deps.config.publicUrl}/member/calendar`),
      },
      ctx.log,
    );
  }
}
