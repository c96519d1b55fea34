import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  API_BASE_PATH,
  CALENDAR_FEED_LIFETIME_MONTHS,
  ErrorCode,
  shiftMsg,
  type CalendarFeed,
} from '@timbro/shared';
import type { Queryable } from '../../../db/client';
import { workspaceScope, type WorkspaceScope } from '../../../db/scope';
import type { AppDeps } from '../../../deps';
import { audit } from '../../../lib/audit';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import type { RequestCtx } from '../../../plugins/request-context';
import * as repo from './calendar-feed.repository';
import { approvedAbsences } from '../shifts/roster.repository';

/**
 * The personal calendar feed (iCal, ADR 0022): published shifts and approved absences behind a secret link. Only the
 * token's SHA-256 is stored, so the link is shown once; creating one replaces the old, revoking deletes it. A link
 * lives 12 months, answers only while its owner's membership, account and company are active (disabling the person or
 * the company deletes it), notes when it was last read, and names absences "Assenza" unless the person chose to show
 * their type.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** What the feed covers: a month back, four months ahead. */
const PAST_DAYS = 31;
const AHEAD_DAYS = 124;

function me(ctx: RequestCtx) {
  if (!ctx.actor.userInfoId) throw forbidden();
  return ctx.actor.userInfoId;
}

/** When a link made at `from` stops working. */
export function feedExpiry(from: Date): Date {
  const at = new Date(from);
  at.setUTCMonth(at.getUTCMonth() + CALENDAR_FEED_LIFETIME_MONTHS);
  return at;
}

function present(row: repo.FeedRow | null): CalendarFeed {
  return {
    url: null,
    createdAt: row?.createdAt.toISOString() ?? null,
    expiresAt: row?.expiresAt.toISOString() ?? null,
    lastReadAt: row?.lastReadAt?.toISOString() ?? null,
    showAbsenceType: row?.showAbsenceType ?? false,
  };
}

/** GET /member/work-shift/calendar-feed: whether a link exists (the link itself was shown once), until when, last read. */
export async function getFeed(deps: AppDeps, ctx: RequestCtx): Promise<CalendarFeed> {
  return present(await repo.feedOf(deps.db, ctx.scope, me(ctx)));
}

/**
 * POST /member/work-shift/calendar-feed: a new secret link (the old one stops working) for another 12 months; the
 * choice about absence types stays as it was.
 */
export async function createFeed(deps: AppDeps, ctx: RequestCtx): Promise<CalendarFeed & { message: string }> {
  const userInfoId = me(ctx);
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date();
  const expiresAt = feedExpiry(createdAt);
  const showAbsenceType = await deps.db.transaction(async (tx) => {
    const old = await repo.feedOf(tx, ctx.scope, userInfoId);
    await repo.deleteFeed(tx, ctx.scope, userInfoId);
    const show = old?.showAbsenceType ?? false;
    await repo.insertFeed(tx, ctx.scope, {
      userInfoId,
      tokenHash: hashOf(token),
      createdAt,
      expiresAt,
      showAbsenceType: show,
    });
    await audit(tx, ctx, {
      action: 'calendar_feed.create',
      entity: { type: 'user_info', id: userInfoId },
      changes: { expiresAt: expiresAt.toISOString() },
    });
    return show;
  });
  return {
    message: shiftMsg.feedCreated,
    url: `${deps.config.publicUrl}${API_BASE_PATH}/calendar/${token}.ics`,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    lastReadAt: null,
    showAbsenceType,
  };
}

/** POST /member/work-shift/calendar-feed/settings: whether my absences show their type (default: "Assenza"). */
export async function setFeedSettings(
  deps: AppDeps,
  ctx: RequestCtx,
  input: { showAbsenceType: boolean },
): Promise<CalendarFeed & { message: string }> {
  const userInfoId = me(ctx);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await repo.setShowAbsenceType(tx, ctx.scope, userInfoId, input.showAbsenceType);
    if (!updated) throw notFound(shiftMsg.feedMissing);
    await audit(tx, ctx, {
      action: 'calendar_feed.settings',
      entity: { type: 'user_info', id: userInfoId },
      changes: { showAbsenceType: input.showAbsenceType },
    });
    return updated;
  });
  return {
    message: input.showAbsenceType ? shiftMsg.feedShowTypeOn : shiftMsg.feedShowTypeOff,
    ...present(row),
  };
}

/** DELETE /member/work-shift/calendar-feed. */
export async function revokeFeed(deps: AppDeps, ctx: RequestCtx) {
  const userInfoId = me(ctx);
  await deps.db.transaction(async (tx) => {
    await repo.deleteFeed(tx, ctx.scope, userInfoId);
    await audit(tx, ctx, {
      action: 'calendar_feed.revoke',
      entity: { type: 'user_info', id: userInfoId },
    });
  });
  return { message: shiftMsg.feedRevoked };
}

/** The person's membership is disabled: their link dies in the same transaction (users asks through `deps.accessEnded`). */
export async function deletePersonFeed(q: Queryable, scope: WorkspaceScope, userInfoId: string) {
  await repo.deleteFeed(q, scope, userInfoId);
}

/** The company is disabled: every link of it dies in the same transaction (platform.service). */
export async function deleteWorkspaceFeeds(q: Queryable, scope: WorkspaceScope) {
  await repo.deleteWorkspaceFeeds(q, scope);
}

/** iCalendar text: escaped, lines folded at 75 octets, CRLF (RFC 5545 §3.1, §3.3.11). */
const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
function fold(line: string) {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const ch of line) {
    if (Buffer.byteLength(current + ch, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += ch;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const day = (iso: string) => iso.replace(/-/g, '');

/**
 * GET /calendar/{token}.ics (public: the secret is the link): the person's published shifts and approved absences
 * from a month back to four months ahead. An unknown or revoked token, or one whose owner is no longer active, is a
 * 404; an expired one a 410 (calendar apps stop asking). Absences are "Assenza" unless the person chose to show the
 * type: then the type's name (e.g. "Malattia").
 */
export async function publicFeed(deps: AppDeps, tokenFile: string, now = new Date()): Promise<string> {
  const token = tokenFile.replace(/\.ics$/, '');
  const feed = await repo.feedByHash(deps.db, hashOf(token));
  if (!feed) throw notFound(shiftMsg.feedNotFound);
  const scope = workspaceScope(feed.workspaceId);
  if (!(await repo.ownerActive(deps.db, scope, feed.userInfoId))) throw notFound(shiftMsg.feedNotFound);
  if (feed.expiresAt <= now) throw new AppError(ErrorCode.GONE, shiftMsg.feedExpired);
  const today = now.toISOString().slice(0, 10);
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, AHEAD_DAYS);
  const [shifts, absences] = await Promise.all([
    repo.publishedShiftsOf(deps.db, scope, feed.userInfoId, from, to),
    approvedAbsences(deps.db, scope, [feed.userInfoId], from, to),
    repo.touchFeed(deps.db, scope, feed, now),
  ]);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Timbro//Turni//IT',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${esc('Timbro — I miei turni')}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
  ];
  for (const s of shifts) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:shift-${s.id}@timbro`,
      `DTSTAMP:${stamp(s.updatedAt)}`,
      `DTSTART:${stamp(s.startsAt)}`,
      `DTEND:${stamp(s.endsAt)}`,
      `SUMMARY:${esc(s.label ? `Turno: ${s.label}` : 'Turno di lavoro')}`,
      ...(s.pauseMinutes > 0 ? [`DESCRIPTION:${esc(`Pausa di ${s.pauseMinutes} minuti`)}`] : []),
      'END:VEVENT',
    );
  }
  for (const a of absenceEvents(absences, feed.showAbsenceType)) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:absence-${feed.userInfoId}-${a.date}-${a.key}@timbro`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${day(a.date)}`,
      `DTEND;VALUE=DATE:${day(addDays(a.date, 1))}`,
      `SUMMARY:${esc(a.wholeDay ? a.title : `${a.title} (parte del giorno)`)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

/**
 * One event per day and type when the person shows types; otherwise one "Assenza" per day (whole day if any of the
 * day's absences is), whose UID tells nothing of the type either.
 */
function absenceEvents(
  absences: { date: string; name: string; wholeDay: boolean }[],
  showType: boolean,
): { date: string; key: string; title: string; wholeDay: boolean }[] {
  const events = new Map<string, { date: string; key: string; title: string; wholeDay: boolean }>();
  for (const a of absences) {
    const key = showType ? Buffer.from(a.name).toString('hex').slice(0, 24) : 'day';
    const id = `${a.date}:${key}`;
    const seen = events.get(id);
    if (seen) seen.wholeDay ||= a.wholeDay;
    else events.set(id, { date: a.date, key, title: showType ? a.name : 'Assenza', wholeDay: a.wholeDay });
  }
  return [...events.values()];
}
