import { INVITATION_TOKEN_TTL_HOURS } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { MailLogger } from '../../lib/mail';
import { notifyAccount } from '../notifications';
import { invitationMail, workspaceInvitationMail } from './invitation.mails';
import { randomToken, sha256 } from '../../lib/tokens';
import * as accounts from '../auth';
import type { AccountRow } from './users.repository';

/** The e-mails of enrolment, queued in the caller's transaction (the outbox sends them after commit). */

/** A first-login link for an account this workspace created (the old links of the account die first). */
export async function sendFirstLogin(
  deps: AppDeps,
  tx: Queryable,
  account: { id: string; email: string },
  firstName: string,
  workspaceName: string,
  log: MailLogger,
) {
  const now = new Date();
  await accounts.burnAllOneTimeTokens(tx, account.id, now);
  const token = randomToken();
  await accounts.insertOneTimeToken(tx, {
    userId: account.id,
    purpose: 'first_login',
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + INVITATION_TOKEN_TTL_HOURS * 3600_000),
  });
  const link = `${deps.config.publicUrl}/first-login/${token}`;
  await notifyAccount(
    tx,
    { type: 'invitation.received', to: account, mail: invitationMail(firstName, workspaceName, link) },
    log,
  );
}

/** Tells an existing account that a company invites it (nothing is bound until the person accepts). */
export async function sendWorkspaceInvitation(
  deps: AppDeps,
  tx: Queryable,
  account: AccountRow,
  workspaceName: string,
  log: MailLogger,
) {
  // The operator can never join a workspace as an employee: the record stays pending and nobody is mailed.
  if (account.isOperator || !account.enabled) return;
  await notifyAccount(
    tx,
    {
      type: 'invitation.received',
      to: account,
      mail: workspaceInvitationMail(account.firstName, workspaceName, `${deps.config.publicUrl}/dashboard`),
    },
    log,
  );
}
