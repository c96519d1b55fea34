import { ErrorCode, ErrorHeaderValue, errorTexts, msg, type ChangePasswordInput, type DeleteAccountInput, type ProfileEditInput, type SessionInfo } from '@timbro/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { userInfos, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { enqueueMail, type MailLogger } from '../../lib/mail';
import { emailChangedMail, passwordChangedMail } from '../../lib/mail-templates';
import { assertNotCommonPassword } from '../../lib/common-passwords';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { consumeRateLimit } from '../../lib/rate-limit';
import type { Actor } from '../../plugins/request-context';
import * as accounts from '../auth/account.service';
import { issueEmailVerification } from '../auth/auth.service';

const wrongPassword = (path: string) =>
  new AppError(ErrorCode.WRONG_PASSWORD, errorTexts.WrongPassword, {
    headerValue: ErrorHeaderValue.WrongPassword,
    errors: [{ path, message: errorTexts.WrongPassword }],
  });

/** Re-authentication for sensitive changes, rate-limited like a login (10 tries in 15 minutes per person). */
async function checkOwnPassword(deps: AppDeps, userId: string, password: string, field: string) {
  const r = await consumeRateLimit(deps.db, `reauth:${userId}`, 10, 15 * 60);
  if (!r.allowed) {
    throw new AppError(ErrorCode.RATE_LIMITED, 'Troppi tentativi. Riprova più tardi.', { headers: { 'retry-after': String(r.retryAfterSeconds) } });
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
export async function editProfile(deps: AppDeps, actor: Actor, input: ProfileEditInput, log: MailLogger): Promise<{ loggedOut: boolean }> {
  const emailChanged = input.email.toLowerCase() !== actor.email.toLowerCase();
  if (emailChanged) {
    if (!input.current_password) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, msg.currentPasswordForEmail, { errors: [{ path: 'current_password', message: msg.currentPasswordForEmail }] });
    }
    await checkOwnPassword(deps, actor.userId, input.current_password, 'current_password');
  }
  const result = await deps.db.transaction(async (tx) => {
    if (emailChanged) {
      const taken = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, actor.userId)))
        .limit(1);
      if (taken.length > 0) {
        throw new AppError(ErrorCode.CONFLICT, errorTexts.UniqueConstraintViolation, {
          headerValue: ErrorHeaderValue.UniqueConstraintViolation,
          errors: [{ path: 'email', message: errorTexts.UniqueConstraintViolation }],
        });
      }
    }
    const now = new Date();
    await tx
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        ...(emailChanged ? { emailVerifiedAt: null } : {}),
        ...(input.language ? { language: input.language } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, actor.userId));
    if (emailChanged) {
      await accounts.burnAllOneTimeTokens(tx, actor.userId, now);
      await accounts.revokeUserSessions(tx, actor.userId, 'email_changed');
      await enqueueMail(tx, { to: actor.email, ...emailChangedMail(input.first_name, input.email) }, log);
      await issueEmailVerification(deps, tx, { id: actor.userId, email: input.email, firstName: input.first_name }, log, false);
    }
    return { loggedOut: emailChanged };
  });
  if (emailChanged) await deps.triggerJob('mail-dispatch');
  return result;
}

/** POST /user/language: the interface language follows the person across devices. */
export async function setLanguage(deps: AppDeps, actor: Actor, language: string) {
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  });
}

/** POST /user/change-password: needs the current password; ends the other sessions (ASVS 7.4.3). */
export async function changePassword(deps: AppDeps, actor: Actor, input: ChangePasswordInput, log: MailLogger) {
  const user = await checkOwnPassword(deps, actor.userId, input.old_password, 'old_password');
  assertNotCommonPassword(input.new_password, 'new_password');
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, actor.userId));
    await accounts.burnAllOneTimeTokens(tx, actor.userId, now);
    await accounts.revokeUserSessions(tx, actor.userId, 'password_changed', actor.sessionId);
    await enqueueMail(tx, { to: user.email, ...passwordChangedMail(user.firstName) }, log);
  });
  await deps.triggerJob('mail-dispatch');
}

/** Why an account cannot be deleted, or null. See docs/decisions/0005-account-deletion.md. */
export async function deletionBlocker(q: Queryable, actor: Actor): Promise<string | null> {
  if (actor.isOperator) {
    const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.isOperator, true), eq(users.enabled, true)));
    if ((row?.n ?? 0) <= 1) return 'last_operator';
  }
  const memberships = await q.select().from(userInfos).where(and(eq(userInfos.userId, actor.userId), eq(userInfos.invitationStatus, 'accepted')));
  if (memberships.some((m) => m.isMember)) return 'employee_record';
  for (const m of memberships.filter((x) => x.isAdmin && x.enabled)) {
    const [row] = await q
      .select({ n: sql<number>`count(*)::int` })
      .from(userInfos)
      .innerJoin(users, eq(users.id, userInfos.userId))
      .where(and(eq(userInfos.workspaceId, m.workspaceId), eq(userInfos.isAdmin, true), eq(userInfos.enabled, true), eq(users.enabled, true)));
    if ((row?.n ?? 0) <= 1) return 'last_admin';
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
      throw new AppError(ErrorCode.CANNOT_DELETE_USER, errorTexts.CannotDeleteUser, { headerValue: ErrorHeaderValue.CannotDeleteUser });
    }
    const now = new Date();
    const others = await tx.select().from(userInfos).where(and(eq(userInfos.userId, actor.userId), ne(userInfos.invitationStatus, 'accepted')));
    for (const info of others) {
      const [placeholder] = await tx
        .insert(users)
        .values({ email: `rimosso-${randomUUID()}@invalid.timbro`, firstName: info.firstName, lastName: info.lastName, enabled: false, createdByWorkspaceId: info.workspaceId })
        .returning({ id: users.id });
      await tx
        .update(userInfos)
        .set({ userId: placeholder!.id, invitationStatus: 'declined', enabled: false, respondedAt: now, updatedAt: now })
        .where(and(eq(userInfos.workspaceId, info.workspaceId), eq(userInfos.id, info.id)));
    }
    await tx.delete(users).where(eq(users.id, actor.userId));
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
  const ok = await deps.db.transaction((tx) => accounts.revokeOwnSession(tx, actor.userId, sessionId, 'revoked_by_user'));
  if (!ok) throw new AppError(ErrorCode.NOT_FOUND, 'Sessione non trovata');
}

/** POST /user/sessions/revoke-others: ends every session but the current one. */
export async function revokeOtherSessions(deps: AppDeps, actor: Actor) {
  await deps.db.transaction((tx) => accounts.revokeUserSessions(tx, actor.userId, 'revoked_by_user', actor.sessionId));
}
