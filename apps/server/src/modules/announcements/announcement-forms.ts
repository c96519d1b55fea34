import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_MAX_DAYS_AHEAD,
  ANNOUNCEMENT_MAX_FILES,
  ANNOUNCEMENT_MAX_TOTAL_MB,
  AnnouncementFieldsSchema,
  annMsg,
  localToUtc,
  type AnnouncementFields,
} from '@timbro/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import * as files from '../files';
import * as repo from './announcements.repository';
import { plainText, sanitizeContent } from './sanitize';

/** The admin's announcement form, read from its multipart body within its limits (ADR 0020). */

const MB = 1024 * 1024;

export const TOTAL_BYTES = ANNOUNCEMENT_MAX_TOTAL_MB * MB;

// The form ------------------------------------------------------------------------------------------------------

type Fields = AnnouncementFields & { sendAtDate: Date; cleanContent: string };

/** "2026-12-01 09:00" in the workspace's zone, or an instant with its offset; none = now. */
function parseSendAt(value: string | null, timeZone: string, now: Date): Date | null {
  if (!value) return now;
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const t = Date.parse(value.replace(' ', 'T'));
    return Number.isNaN(t) ? null : new Date(t);
  }
  const [date, clock] = value.split(/[ T]/) as [string, string];
  const [h, m] = clock.split(':').map(Number) as [number, number];
  if (h > 23 || m > 59 || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  return new Date(localToUtc(date, h * 60 + m, timeZone));
}

export async function parseForm(deps: AppDeps, ctx: RequestCtx, form: files.ReceivedForm, now: Date): Promise<Fields> {
  const input = Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v.replace(/\r\n?/g, '\n')]));
  const parsed = AnnouncementFieldsSchema.safeParse(input);
  const errors = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'audience', message: i.message }));
  let result: Fields | null = null;
  if (parsed.success) {
    const data = parsed.data;
    const cleanContent = sanitizeContent(data.content);
    if (plainText(cleanContent) === '') errors.push({ path: 'content', message: annMsg.contentRequired });
    else if (cleanContent.length > ANNOUNCEMENT_CONTENT_MAX)
      errors.push({ path: 'content', message: annMsg.contentTooLong });
    const sendAtDate = parseSendAt(data.sendAt, ctx.timeZone, now);
    if (!sendAtDate) errors.push({ path: 'sendAt', message: annMsg.sendAtInvalid });
    else if (sendAtDate.getTime() - now.getTime() > ANNOUNCEMENT_MAX_DAYS_AHEAD * 86_400_000)
      errors.push({ path: 'sendAt', message: annMsg.sendAtTooFar });
    const [groupRows, personRows] = await Promise.all([
      repo.groupNames(deps.db, ctx.scope, data.audience.groupIds),
      repo.personNames(deps.db, ctx.scope, data.audience.userInfoIds),
    ]);
    if (groupRows.length !== new Set(data.audience.groupIds).size)
      errors.push({ path: 'audience', message: annMsg.unknownGroup });
    if (personRows.length !== new Set(data.audience.userInfoIds).size)
      errors.push({ path: 'audience', message: annMsg.unknownPerson });
    if (sendAtDate) result = { ...data, sendAtDate, cleanContent };
  }
  if (result && errors.length === 0) return result;
  await files.discardUploads(deps, form.files);
  throw validation(errors.filter((e, n) => errors.findIndex((x) => x.path === e.path) === n));
}

export const receive = (deps: AppDeps, ctx: RequestCtx, request: FastifyRequest) =>
  files.receiveForm(deps, request, ctx.scope, 'attachment', {
    maxFiles: ANNOUNCEMENT_MAX_FILES,
    total: { maxBytes: TOTAL_BYTES, tooLarge: annMsg.totalTooLarge, tooMany: annMsg.tooManyFiles },
    // The HTML of the content (at most 100,000 characters before cleaning, up to 4 bytes each) and the audience.
    maxFieldBytes: 400_000,
  });
