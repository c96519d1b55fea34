import { ErrorCode, ErrorHeaderValue, errorTexts, type ChangePasswordInput, type ProfileEditInput } from '@timbro/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { userInfos, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { enqueueMail, type MailLogger } from '../../lib/mail';
import { passwordChangedMail } from '../../lib/mail-templates';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { consumeRateLimit } from '../../lib/rate-limit';
import type { Actor } from '../../plugins/request-context';
import * as authRepo from '../auth/auth.repository';

/** POST /user/edit. Changing the e-mail (the login) ends every session: the answer says `LoggedOut`. */
export async function editProfile(deps: AppDeps, actor: Actor, input: ProfileEditInput): Promise<{ loggedOut: boolean }> {
  return deps.db.transaction(async (tx) => {
    const emailChanged = input.email.toLowerCase() !== actor.email.toLowerCase();
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
    await tx
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        ...(input.language ? { language: input.language } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.userId));
    if (emailChanged) await authRepo.revokeUserSessions(tx, actor.userId, 'email_changed');
    return { loggedOut: emailChanged };
  });
}

/** POST /user/language: the interface language follows the person across devices. */
export async function setLanguage(deps: AppDeps, actor: Actor, language: string) {
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  });
}

/** POST /user/change-password: needs the current password; ends the other sessions (ASVS 7.4.3). */
export async function changePassword(deps: AppDeps, actor: Actor, input: ChangePasswordInput, log: MailLogger) {
  const r = await consumeRateLimit(deps.db, `change-password:${actor.userId}`, 10, 15 * 60);
  if (!r.allowed) {
    throw new AppError(ErrorCode.RATE_LIMITED, 'Troppi tentativi. Riprova più tardi.', { headers: { 'retry-after': String(r.retryAfterSeconds) } });
  }
  const user = await authRepo.findUserById(deps.db, actor.userId);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.old_password))) {
    throw new AppError(ErrorCode.WRONG_PASSWORD, errorTexts.WrongPassword, {
      headerValue: ErrorHeaderValue.WrongPassword,
      errors: [{ path: 'old_password', message: errorTexts.WrongPassword }],
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.userId));
    await authRepo.revokeUserSessions(tx, actor.userId, 'password_changed', actor.sessionId);
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
  const memberships = await q.select().from(userInfos).where(eq(userInfos.userId, actor.userId));
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

/** POST /user/immediately-delete: deletes the account (sessions and tokens cascade) unless a rule forbids it. */
export async function deleteAccount(deps: AppDeps, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    const blocker = await deletionBlocker(tx, actor);
    if (blocker) {
      throw new AppError(ErrorCode.CANNOT_DELETE_USER, errorTexts.CannotDeleteUser, { headerValue: ErrorHeaderValue.CannotDeleteUser });
    }
    await tx.delete(users).where(eq(users.id, actor.userId));
  });
}
