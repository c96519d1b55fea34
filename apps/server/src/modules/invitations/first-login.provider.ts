import type { FirstLoginPort } from '../../deps';
import * as repo from './invitations.repository';

/**
 * The answer to auth's first-login port (wired in `runtime.createDeps`): a person who sets their password from the
 * first-login link accepts the invitation of the workspace that created their account, in the same transaction.
 */
export const firstLoginPort: FirstLoginPort = {
  accepted: (q, user, now) => repo.acceptCreatorInvitations(q, user.id, user.createdByWorkspaceId, now),
};
