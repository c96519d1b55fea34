import { ErrorCode, peopleMsg, type Invitation } from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { workspaceScope } from '../../db/scope';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/request-context';
import * as accounts from '../auth';
import * as repo from './invitations.repository';

/**
 * Used by the deletion of an account: a company's record of an invitation never accepted moves to a placeholder
 * account, declined. (The first-login link's acceptance answers auth's port: first-login.provider.ts.)
 */
export const handOverDeclined = (...args: Parameters<typeof repo.handOverDeclined>) => repo.handOverDeclined(...args);

const roleList = (i: { isAdmin: boolean; isAccountant: boolean; isMember: boolean }) =>
  [i.isAdmin && 'admin', i.isAccountant && 'accountant', i.isMember && 'member'].filter(Boolean) as Invitation['roles'];

/** GET /user/invitations: the companies that want this person, waiting for an answer. */
export async function listInvitations(deps: AppDeps, actor: Actor): Promise<Invitation[]> {
  // The operator never joins a workspace as an employee: there is nothing to answer.
  if (actor.isOperator) return [];
  const rows = await repo.listPendingForAccount(deps.db, actor.userId);
  return rows.map(({ info, workspaceName }) => ({
    id: info.id,
    workspace: { id: info.workspaceId, name: workspaceName },
    roles: roleList(info),
    firstName: info.firstName,
    lastName: info.lastName,
    invitedAt: info.invitedAt ? info.invitedAt.toISOString() : null,
  }));
}

/**
 * POST /user/invitations/{id}/accept or /decline. Only the account holder answers, logged in. Accepting needs a
 * verified e-mail (an unverified sign-up can never capture a company's record) and binds the membership: from then on
 * the workspace sees the account's login e-mail and last logins. It also confirms the fiscal code when the company's
 * record agrees with the account's. Declining keeps the company's record, disabled. Operators never join.
 */
export async function answerInvitation(deps: AppDeps, actor: Actor, id: string, accept: boolean, requestId: string) {
  await deps.db.transaction(async (tx) => {
    const info = actor.isOperator ? null : await repo.findPendingForAccount(tx, actor.userId, id);
    if (!info) throw notFound(peopleMsg.invitationNotFound);
    const now = new Date();
    if (accept) {
      const account = await accounts.findUserById(tx, actor.userId);
      if (!account) throw notFound(peopleMsg.invitationNotFound);
      if (!account.emailVerifiedAt) throw new AppError(ErrorCode.CONFLICT, peopleMsg.emailNotVerified);
      await repo.answer(tx, info, 'accepted', now);
      if (account.fiscalCode && account.fiscalCode === info.fiscalCode)
        await accounts.trustFiscalCode(tx, account.id, now);
    } else {
      await repo.answer(tx, info, 'declined', now);
    }
    await recordAudit(tx, workspaceScope(info.workspaceId), {
      actorUserId: actor.userId,
      action: accept ? 'user.invitation.accept' : 'user.invitation.decline',
      entityType: 'user',
      entityId: info.id,
      changes: { invitationStatus: { from: 'pending', to: accept ? 'accepted' : 'declined' } },
      requestId,
    });
  });
}
