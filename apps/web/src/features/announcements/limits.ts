import { UPLOAD_RULES } from '@timbro/shared/uploads';

/**
 * The server's limits (packages/shared/src/schemas/announcements.ts), mirrored here because that module brings the
 * whole of zod into the browser; limits.test.ts checks that the two agree.
 */
export const ANNOUNCEMENT_LIMITS = {
  title: 200,
  /** Characters of the (sanitised) HTML content. */
  content: 50_000,
  maxFiles: 10,
  maxTotalMb: 25,
  remindCooldownHours: 24,
  maxDaysAhead: 366,
} as const;

export const MB = 1024 * 1024;
export const MAX_TOTAL_BYTES = ANNOUNCEMENT_LIMITS.maxTotalMb * MB;
/** Each attachment: PDF, PNG or JPEG of at most 20 MB (the upload kind the server checks them as). */
export const ATTACHMENT_KIND = 'attachment' as const;
export const MAX_FILE_BYTES = UPLOAD_RULES[ATTACHMENT_KIND].maxMb * MB;
