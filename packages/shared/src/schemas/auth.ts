import { z } from 'zod';
import { LANGUAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { msg } from '../messages';
import { isValidCodiceFiscale, normalizeCodiceFiscale } from '../validators/codice-fiscale';
import { emailField, requiredString } from './common';

const passwordRequired = z.string({ error: msg.passwordRequired }).min(1, { error: msg.passwordRequired, abort: true });

/** A new password: length rules only (no composition rules, ASVS 6.2.5), no truncation. */
export const newPasswordField = (requiredMessage: string = msg.passwordRequired) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: msg.passwordTooShort(PASSWORD_MIN_LENGTH) })
    .max(PASSWORD_MAX_LENGTH, { error: msg.passwordTooLong(PASSWORD_MAX_LENGTH) });

export const fiscalCodeField = z
  .string({ error: msg.fiscalCodeRequired })
  .transform((v) => normalizeCodiceFiscale(v))
  .pipe(
    z
      .string()
      .min(1, { error: msg.fiscalCodeRequired, abort: true })
      .refine((v) => isValidCodiceFiscale(v), { error: msg.fiscalCodeInvalid }),
  );

export const LoginInputSchema = z.object({
  username: emailField(),
  password: passwordRequired,
  remember_me: z.boolean({ error: msg.invalidValue }).optional().default(false),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const ForgotPasswordInputSchema = z.object({ username: emailField() });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

const confirmationShape = {
  password: newPasswordField(),
  password_confirmation: z
    .string({ error: msg.passwordConfirmationRequired })
    .min(1, { error: msg.passwordConfirmationRequired }),
};

/** Adds the "Le password non corrispondono" check; it runs even when other fields failed, so every error shows. */
function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, ...confirmationShape }).superRefine((value, ctx) => {
    const v = value as { password?: unknown; password_confirmation?: unknown };
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({ code: 'custom', message: msg.passwordsDoNotMatch, path: ['password_confirmation'] });
    }
  });
}

export const SetPasswordInputSchema = withConfirmation({});
export type SetPasswordInput = z.infer<typeof SetPasswordInputSchema>;

export const TokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, { error: 'Il link non è valido' }),
});

export const RegisterInputSchema = withConfirmation({
  first_name: requiredString(msg.firstNameRequired, 100),
  last_name: requiredString(msg.lastNameRequired, 100),
  email: emailField(),
  fiscal_code: fiscalCodeField,
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const ProfileEditInputSchema = z.object({
  first_name: requiredString(msg.firstNameRequired, 100),
  last_name: requiredString(msg.lastNameRequired, 100),
  email: emailField(),
  language: z.enum(LANGUAGES, { error: msg.invalidLanguage }).optional(),
  /** Needed only when the login e-mail changes (ASVS 7.5.1: re-authentication before changing recovery data). */
  current_password: z
    .string({ error: msg.invalidValue })
    .max(PASSWORD_MAX_LENGTH, { error: msg.passwordTooLong(PASSWORD_MAX_LENGTH) })
    .optional(),
});
export type ProfileEditInput = z.infer<typeof ProfileEditInputSchema>;

export const ChangePasswordInputSchema = z.object({
  old_password: z.string({ error: msg.oldPasswordRequired }).min(1, { error: msg.oldPasswordRequired }),
  new_password: newPasswordField(msg.newPasswordRequired),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** POST /user/immediately-delete: the password confirms that the person at the keyboard owns the account. */
export const DeleteAccountInputSchema = z.object({
  password: z
    .string({ error: msg.passwordForDelete })
    .min(1, { error: msg.passwordForDelete })
    .max(PASSWORD_MAX_LENGTH, { error: msg.passwordTooLong(PASSWORD_MAX_LENGTH) }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

/** One login session of the current person (profile page, ASVS 7.5.2). */
export const SessionInfoSchema = z.object({
  id: z.string(),
  client: z.enum(['web', 'app']),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  rememberMe: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListSchema = z.array(SessionInfoSchema);

/** `workspace_roles` entry of GET /user (spec section 3). */
export const WorkspaceRoleEntrySchema = z.object({
  workspace_id: z.string(),
  oimmei: z.boolean(),
  admin: z.boolean(),
  accountant: z.boolean(),
  member: z.boolean(),
  attendance_auto_approve_request: z.boolean().nullable(),
});
export type WorkspaceRoleEntry = z.infer<typeof WorkspaceRoleEntrySchema>;

/** `attendance_infos` entry of GET /user: the person's employee record (UserInfo) in one workspace. */
export const AttendanceInfoSchema = z.object({
  workspace_id: z.string(),
  user_info_id: z.string(),
  enabled: z.boolean(),
  workspace_attendance_auto_approve_request: z.boolean(),
  time_zone: z.string(),
});
export type AttendanceInfo = z.infer<typeof AttendanceInfoSchema>;

/** A disabled company the person belongs to (GET /user `disabled_workspaces`): only named. */
export const DisabledWorkspaceSchema = z.object({ id: z.string(), name: z.string() });
export type DisabledWorkspace = z.infer<typeof DisabledWorkspaceSchema>;

/** The authenticated user as GET /user returns it. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** Whether the person proved they read the login e-mail (needed to accept invitations). */
  email_verified: z.boolean(),
  /** Invitations waiting for an answer (the dashboard shows them). */
  pending_invitations: z.number(),
  fiscal_code: z.string().nullable(),
  language: z.string(),
  /**
   * The platform operator (ADR 0023): platform-wide, so it shows even with no workspace to carry the `oimmei` flag
   * (a new platform, every workspace disabled), when the operator must still reach the operator's area.
   */
  is_operator: z.boolean(),
  workspace_roles: z.array(WorkspaceRoleEntrySchema),
  attendance_infos: z.array(AttendanceInfoSchema),
  /**
   * Companies the operator disabled where the person has an accepted, enabled membership (ADR 0023): they give no
   * access and are not in `workspace_roles`; the web says why they are gone. Always empty for the operator.
   */
  disabled_workspaces: z.array(DisabledWorkspaceSchema),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const WorkspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  attendance_auto_approve_request: z.boolean(),
  square_logo: z.string().nullable(),
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummarySchema>;
export const WorkspaceListSchema = z.array(WorkspaceSummarySchema);

export const LanguageInputSchema = z.object({ language: z.enum(LANGUAGES, { error: msg.invalidLanguage }) });
export type LanguageInput = z.infer<typeof LanguageInputSchema>;

/** Public runtime configuration the web app reads before it renders (GET /app-config). */
export const AppConfigSchema = z.object({
  theme_variant: z.enum(['active', 'alternate']),
  password_min_length: z.number(),
  languages: z.array(z.string()),
  default_language: z.string(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
