import { apiMsg, ErrorCode, VERIFY_EMAIL_TOKEN_TTL_HOURS } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { ipRateKey } from '../../lib/client-ip';
import { AppError } from '../../lib/errors';
import type { MailLogger } from '../../lib/mail';
import { notifyAccount } from '../notifications';
import { verifyEmailMail, welcomeMail } from './auth.mails';
import { randomToken, sha256 } from '../../lib/tokens';
import * as repo from './auth.repository';
import { TOKEN_LIMITS, limit } from './auth.limits';

// Proof that a person reads their login e-mail: the link sent (on sign-up, on a change, on request) and its use.

/** A verification link for the account's current login e-mail (in the caller's transaction). */
export async function issueEmailVerification(
  deps: AppDeps,
  tx: Queryable,
  user: { id: string; email: string; firstName: string },
  log: MailLogger,
  welcome: boolean,
) {
  const token = randomToken();
  await repo.insertOneTimeToken(tx, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + VERIFY_EMAIL_TOKEN_TTL_HOURS * 3600_000),
  });
  const link = `${deps.config.publicUrl}/verify-email/${token}`;
  const mail = welcome
    ? welcomeMail(user.firstName, link, VERIFY_EMAIL_TOKEN_TTL_HOURS)
    : verifyEmailMail(user.firstName, link, VERIFY_EMAIL_TOKEN_TTL_HOURS);
  await notifyAccount(tx, { type: 'account.email_verification', to: user, mail }, log);
}

/** POST /auth/verify-email/{token}: the person proved they read the login e-mail. */
export async function verifyEmail(deps: AppDeps, token: string, ip: string): Promise<string> {
  await limit(deps.db, `verify-email:ip:${ipRateKey(ip)}`, TOKEN_LIMITS.perIp);
  const ok = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const row = await repo.findUsableOneTimeToken(tx, 'verify_email', sha256(token), now);
    if (!row) return false;
    await repo.markEmailVerified(tx, row.userId, now);
    await repo.markOneTimeTokenUsed(tx, row.id, now);
    await repo.trustFiscalCode(tx, row.userId, now);
    return true;
  });
  if (!ok) throw new AppError(ErrorCode.TOKEN_INVALID, apiMsg.auth.verifyLinkInvalid);
  return apiMsg.done.emailVerified;
}

/** POST /user/verify-email: sends a new verification link (at most 3 an hour). */
export async function resendEmailVerification(deps: AppDeps, userId: string, log: MailLogger) {
  await limit(deps.db, `verify-email:user:${userId}`, { limit: 3, windowSeconds: 3600 });
  await deps.db.transaction(async (tx) => {
    const user = await repo.findUserById(tx, userId);
    if (!user || user.emailVerifiedAt) return;
    await issueEmailVerification(deps, tx, user, log, false);
  });
  await deps.triggerJob('mail-dispatch');
}
