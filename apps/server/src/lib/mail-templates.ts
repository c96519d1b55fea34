/** Italian e-mail templates. Plain text first (every client shows it); links are absolute, built from PUBLIC_URL. */
export const mailSignature = '\n\n—\nTimbro · presenze e amministrazione del personale';

/**
 * Templates whose body carries a one-time link (a password reset, a first login): the body is removed from the
 * outbox once sent, or unsent once the link has surely expired (lib/mail.ts). A new template with such a link adds
 * its name here. (No mail body at all reaches the log outside development on a local PUBLIC_URL.)
 */
export const SENSITIVE_MAIL_TEMPLATES: ReadonlySet<string> = new Set(['reset-password', 'invitation', 'verify-email']);
