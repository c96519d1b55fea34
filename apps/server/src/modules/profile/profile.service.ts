import {
  apiMsg,
  ErrorCode,
  ErrorHeaderValue,
  errorTexts,
  msg,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type ProfileEditInput,
  type SessionInfo,
} from '@timbro/shared';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { workspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { MailLogger } from '../../lib/mail';
import { emailChangedMail, passwordChangedMail } from '../auth';
import { notifyAccount } from '../notifications';
import { assertNotCommonPassword } from '../../lib/common-passwords';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { consumeRateLimit } from '../../lib/rate-limit';
import type { Actor } from '../../plugins/request-context';
import * as accounts from '../auth';
import { issueEmailVerification } from '../auth';
import { handOverDeclined } from '../invitations';
import { otherEnabledAdmins } from '../users';
import * as repo from './profile.repository';

const wrongPassword = (path: string) =>
  new AppError(ErrorCode.WRONG_PASSWORD, errorTexts.WrongPassword, {
    headerValue: ErrorHeaderValue.WrongPassword,
    errors: [{ path, message: errorTexts.WrongPassword }],
  });

/** Re-authentication for sensitive changes, rate-limited like a login (10 tries in 15 minutes per person). */
async function checkOwnPassword(deps: AppDeps, userId: string, password: string, field: string) {
  const r = await consumeRateLimit(deps.db, `reauth:${userId}`, 10, 15 * 60);
  if (!r.allowed) {
    throw new AppError(ErrorCode.RATE_LIMITED, apiMsg.auth.tooManyAttemptsLater, {
      headers: { 'retry-after': String(r.retryAfterSeconds) },
    });
  }
  const user = await accounts.findUserById(deps.db, userId);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) throw wrongPassword(field);
  return user;
}

/**
 * POST /user/edit: the person's own names, language and login e-mail. Changing the login e-mail needs the current
 * password (ASVS 7.5.1); the old address is told, the new one must be confirmed through a link, every outstanding
 * one-time link dies and every session ends (the answer says `LoggedOut`).
 */
export async function editProfile(
  deps: AppDeps,
  actor: Actor,
  input: ProfileEditInput,
  log: MailLogger,
): Promise<{ loggedOut: boolean }> {
  const emailChanged = input.email.toLowerCase() !== actor.email.toLowerCase();
  if (emailChanged) {
    if (!input.current_password) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, msg.currentPasswordForEmail, {
        errors: [{ path: 'current_password', message: msg.currentPasswordForEmail }],
      });
    }
    await checkOwnPassword(deps, actor.userId, input.current_password, 'current_password');
  }
  const result = await deps.db.transaction(async (tx) => {
    if (emailChanged) {
      if (await repo.emailTakenByOther(tx, input.email, actor.userId)) {
        throw new AppError(ErrorCode.CONFLICT, errorTexts.UniqueConstraintViolation, {
          headerValue: ErrorHeaderValue.UniqueConstraintViolation,
          errors: [{ path: 'email', message: errorTexts.UniqueConstraintViolation }],
        });
      }
    }
    const now = new Date();
    await repo.updateOwnProfile(
      tx,
      actor.userId,
      {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        language: input.language,
        emailChanged,
      },
      now,
    );
    if (emailChanged) {
      await accounts.burnAllOneTimeTokens(tx, actor.userId, now);
      await accounts.revokeUserSessions(tx, actor.userId, 'email_changed');
      await notifyAccount(
        tx,
        { type: 'account.email_changed', to: actor, mail: emailChangedMail(input.first_name, input.email) },
        log,
      );
      await issueEmailVerification(
        deps,
        tx,
        { id: actor.userId, email: input.email, firstName: input.first_name },
        log,
        false,
      );
    }
    return { loggedOut: emailChanged };
  });
  if (emailChanged) await deps.triggerJob('mail-dispatch');
  return result;
}

/** POST /user/language: the interface language follows the person across devices. */
export async function setLanguage(deps: AppDeps, actor: Actor, language: string) {
  await deps.db.transaction(async (tx) => {
    await repo.setLanguage(tx, actor.userId, language);
  });
}

/** POST /user/change-password: needs the current password; ends the other sessions (ASVS 7.4.3). */
export async function changePassword(deps: AppDeps, actor: Actor, input: ChangePasswordInput, log: MailLogger) {
  const user = await checkOwnPassword(deps, actor.userId, input.old_password, 'old_password');
  assertNotCommonPassword(input.new_password, 'new_password');
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await repo.setPasswordHash(tx, actor.userId, passwordHash, now);
    await accounts.burnAllOneTimeTokens(tx, actor.userId, now);
    await accounts.revokeUserSessions(tx, actor.userId, 'password_changed', actor.sessionId);
    await notifyAccount(
      tx,
      { type: 'account.password_changed', to: user, mail: passwordChangedMail(user.firstName) },
      log,
    );
  });
  await deps.triggerJob('mail-dispatch');
}

/** Why an account cannot be deleted, or null. See docs/decisions/0005-account-deletion.md. */
export async function deletionBlocker(q: Queryable, actor: Actor): Promise<string | null> {
  if (actor.isOperator && (await repo.countEnabledOperators(q)) <= 1) return 'last_operator';
  const memberships = await repo.ownMemberships(q, actor.userId, true);
  if (memberships.some((m) => m.isMember)) return 'employee_record';
  for (const m of memberships.filter((x) => x.isAdmin && x.enabled)) {
    // The workspace of the person's own accepted membership.
    if ((await otherEnabledAdmins(q, workspaceScope(m.workspaceId), m.id)) === 0) return 'last_admin';
  }
  return null;
}

/**
 * POST /user/immediately-delete: asks for the password, then deletes the account (sessions and tokens cascade)
 * unless a rule forbids it. Companies' records of invitations the person never accepted stay with the company:
 * they move to a placeholder account of that company (declined), so deleting one's account never deletes a
 * company's data (ADR 0015).
 */
export async function deleteAccount(deps: AppDeps, actor: Actor, input: DeleteAccountInput) {
  await checkOwnPassword(deps, actor.userId, input.password, 'password');
  await deps.db.transaction(async (tx) => {
    const blocker = await deletionBlocker(tx, actor);
    if (blocker) {
      throw new AppError(ErrorCode.CANNOT_DELETE_USER, errorTexts.CannotDeleteUser, {
        headerValue: ErrorHeaderValue.CannotDeleteUser,
      });
    }
    const now = new Date();
    const others = await repo.ownMemberships(tx, actor.userId, false);
    for (const info of others) {
      const placeholderId = await repo.insertPlaceholderAccount(tx, {
        email: `rimosso-${randomUUID()}@invalid.timbro`,
        firstName: info.firstName,
        lastName: info.lastName,
        createdByWorkspaceId: info.workspaceId,
      });
      // The workspace of the record itself (it stays with its company).
      await handOverDeclined(tx, workspaceScope(info.workspaceId), info.id, placeholderId, now);
    }
    await repo.deleteAccount(tx, actor.userId);
  });
}

/** GET /user/sessions: where this person is logged in. */
export async function listSessions(deps: AppDeps, actor: Actor): Promise<SessionInfo[]> {
  const rows = await accounts.listLiveSessions(deps.db, actor.userId, new Date());
  return rows.map((r) => ({
    id: r.id,
    client: r.client === 'app' ? 'app' : 'web',
    userAgent: r.userAgent,
    ip: r.ip,
    rememberMe: r.rememberMe,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    current: r.id === actor.sessionId,
  }));
}

/** POST /user/sessions/{id}/revoke: ends one of the person's sessions (404 when it is not theirs). */
export async function revokeSession(deps: AppDeps, actor: Actor, sessionId: string) {
  const ok = await deps.db.transaction((tx) =>
    accounts.revokeOwnSession(tx, actor.userId, sessionId, 'revoked_by_user'),
  );
  if (!ok) throw new AppError(ErrorCode.NOT_FOUND, apiMsg.auth.sessionNotFound);
}

/** POST /user/sessions/revoke-others: ends every session but the current one. */
export async function revokeOtherSessions(deps: AppDeps, actor: Actor) {
  await deps.db.transaction((tx) => accounts.revokeUserSessions(tx, actor.userId, 'revoked_by_user', actor.sessionId));
}
