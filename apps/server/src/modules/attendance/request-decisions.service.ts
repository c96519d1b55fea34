import { attMsg, type RequestDecisionInput } from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { noteRequestChanges } from './requests.service';
import { conflict, notFound } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import { syncUsage } from '../accruals';
import { mailDecisions } from './requests.mails';
import * as repo from './requests.repository';
import { presentRequest } from './requests.rules';

/** Approve or reject pending requests, one or many, with an optional note; each employee gets one e-mail. */
export async function decide(deps: AppDeps, ctx: RequestCtx, input: RequestDecisionInput, approve: boolean) {
  const ids = [...new Set(input.ids)];
  return deps.db.transaction(async (tx) => {
    const found = await repo.lockRequests(tx, ctx.scope, ids);
    if (found.length !== ids.length) throw notFound(attMsg.requestNotFound);
    const pending = found.filter((r) => r.status === 'open');
    if (pending.length === 0) throw conflict(attMsg.requestNotPending);
    const updated = await repo.setDecision(
      tx,
      ctx.scope,
      pending.map((r) => r.id),
      {
        status: approve ? 'approved' : 'rejected',
        decidedBy: ctx.actor.userId,
        decidedAt: new Date(),
        decisionNote: input.note ?? null,
      },
    );
    await syncUsage(tx, ctx.scope, ctx.actor.userId, updated);
    await audit(tx, ctx, {
      action: approve ? 'request.approve' : 'request.reject',
      entity: { type: 'justification-request', id: updated.length === 1 ? updated[0]!.id : `bulk:${updated.length}` },
      changes: { ids: updated.map((r) => r.id), note: input.note },
    });
    await noteRequestChanges(deps, tx, ctx, updated, approve ? 'request.approve' : 'request.reject');
    const items = await repo.requestsByIds(
      tx,
      ctx.scope,
      updated.map((r) => r.id),
    );
    await mailDecisions(tx, deps, ctx, items, approve, input.note);
    return { updated: updated.length, items: items.map(presentRequest) };
  });
}
