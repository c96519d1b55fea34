/**
 * The account operations other modules may use (profile, users, invitations). The auth repository stays private to
 * this module: modules talk through services.
 */
export {
  burnAllOneTimeTokens,
  deleteAccount,
  insertUser,
  updateAccount,
  findUserById,
  insertOneTimeToken,
  keepsPlatformAccess,
  listLiveSessions,
  revokeOwnSession,
  revokeUserSessions,
  trustFiscalCode,
} from './auth.repository';
