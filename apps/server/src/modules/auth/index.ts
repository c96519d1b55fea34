export {
  burnAllOneTimeTokens,
  deleteAccount,
  findUserById,
  insertOneTimeToken,
  insertUser,
  keepsPlatformAccess,
  listLiveSessions,
  revokeOwnSession,
  revokeUserSessions,
  trustFiscalCode,
  updateAccount,
} from './account.service';
export { emailChangedMail, passwordChangedMail } from './auth.mails';
export { issueEmailVerification, resendEmailVerification } from './email-verification.service';
