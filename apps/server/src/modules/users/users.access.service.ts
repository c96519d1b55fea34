import { ErrorCode, peopleMsg, type User } from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import * as accounts from '../auth';
import { findWorkspace } from '../workspaces';
import { otherEnabledAdmins } from './recipients.repository';
import { loginEmailEditable } from './users.presenter';
import { checkDisable } from './users.policy';
import * as repo from './users.repository';
import { sendFirstLogin, sendWorkspaceInvitation } from './users.mails';
import { getUser } from './users.service';

// A person's access to the workspace: the invitation sent again, and the record enabled or disabled.

/** POST /admin/user/{id}/resend-invitation: the invitation again (a fresh first-login link when due); a declined one is asked anew. */
export async function resendInvitation(deps: AppDeps, ctx: RequestCtx, id: string): Promise<User> {
  const { scope, log } = ctx;
  await deps.db.transaction(async (tx) => {
    const row = await repo.findUser(tx, scope, id);
    if (!row) throw notFound(peopleMsg.userNotFound);
    // A pending invitation, or a declined one the admin enabled again: the person is asked (again).
    if (row.info.invitationStatus === 'accepted' || !row.info.enabled)
      throw new AppError(ErrorCode.CONFLICT, peopleMsg.invitationNotPending);
    const workspace = await findWorkspace(tx, scope);
    const name = workspace?.name ?? 'Timbro';
    if (loginEmailEditable(row)) await sendFirstLogin(deps, tx, row.account, row.info.firstName, name, log);
    else {
      const account = await repo.findAccountById(tx, row.account.id);
      if (account) await sendWorkspaceInvitation(deps, tx, account, name, log);
    }
    await repo.userInfoRepo.update(tx, scope, id, {
      invitationStatus: 'pending',
      invitedAt: new Date(),
      respondedAt: null,
    });
    await audit(tx, ctx, { action: 'user.invitation.resend', entity: { type: 'user', id }, changes: {} });
  });
  await deps.triggerJob('mail-dispatch');
  return getUser(deps, ctx, id);
}

/**
 * Enable / disable the person's access to this workspace. Disabling takes effect on their next request; when no other
 * enabled workspace remains (and they are not the platform operator), their sessions and refresh tokens are revoked.
 */
export async function setEnabled(deps: AppDeps, ctx: RequestCtx, id: string, enabled: boolean): Promise<User> {
  const { scope, actor } = ctx;
  await deps.db.transaction(async (tx) => {
    const row = await repo.findUser(tx, scope, id);
    if (!row) throw notFound(peopleMsg.userNotFound);
    if (row.info.enabled === enabled) return;
    if (!enabled) {
      const rule = checkDisable(
        row.info,
        actor.userInfoId,
        row.info.isAdmin ? await otherEnabledAdmins(tx, scope, row.info.id) : 0,
      );
      if (!rule.ok) throw new AppError(ErrorCode.CONFLICT, rule.message);
    }
    await repo.userInfoRepo.update(tx, scope, id, { enabled, updatedAt: new Date() });
    // Their calendar link must not outlive the access (ADR 0022): enabling again does not bring it back.
    if (!enabled) await deps.accessEnded.disabled(tx, scope, id);
    // The workspace is gone at once for every open session (the actor cache forgets the membership at commit). When it was the
    // person's last enabled workspace, their sessions end too, so no refresh token outlives the access.
    if (!enabled && !(await accounts.keepsPlatformAccess(tx, row.info.userId))) {
      await accounts.revokeUserSessions(tx, row.info.userId, 'membership_disabled');
    }
    await audit(tx, ctx, {
      action: enabled ? 'user.enable' : 'user.disable',
      entity: { type: 'user', id },
      changes: { enabled: { from: !enabled, to: enabled } },
    });
  });
  return getUser(deps, ctx, id);
}
