import { createHash, randomBytes } from 'node:crypto';
import { addDays, API_BASE_PATH, shiftMsg, type CalendarFeed } from '@timbro/shared';
import { workspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import * as repo from './work-shifts.repository';

/**
 * The personal calendar feed (iCal, ADR 0022): published shifts and approved absences behind a secret link. Only the
 * token's SHA-256 is stored, so the link is shown once; creating one replaces the old, revoking deletes it.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** What the feed covers: a month back, four months ahead. */
const PAST_DAYS = 31;
const AHEAD_DAYS = 124;

function me(ctx: RequestCtx) {
  if (!ctx.actor.userInfoId) throw forbidden();
  return ctx.actor.userInfoId;
}

/** GET /member/work-shift/calendar-feed: whether a link exists (the link itself was shown once). */
export async function getFeed(deps: AppDeps, ctx: RequestCtx): Promise<CalendarFeed> {
  const row = await repo.feedOf(deps.db, ctx.scope, me(ctx));
  return { url: null, createdAt: row?.createdAt.toISOString() ?? null };
}

/** POST /member/work-shift/calendar-feed: a new secret link (the old one stops working). */
export async function createFeed(deps: AppDeps, ctx: RequestCtx): Promise<CalendarFeed & { message: string }> {
  const userInfoId = me(ctx);
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date();
  await deps.db.transaction(async (tx) => {
    await repo.deleteFeed(tx, ctx.scope, userInfoId);
    await repo.insertFeed(tx, ctx.scope, userInfoId, hashOf(token), createdAt);
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: 'calendar_feed.create',
      entityType: 'user_info',
      entityId: userInfoId,
      requestId: ctx.actor.requestId,
    });
  });
  return {
    message: shiftMsg.feedCreated,
    url: `${deps.config.publicUrl}${API_BASE_PATH}/calendar/${token}.ics`,
    createdAt: createdAt.toISOString(),
  };
}

/** DELETE /member/work-shift/calendar-feed. */
export async function revokeFeed(deps: AppDeps, ctx: RequestCtx) {
  const userInfoId = me(ctx);
  await deps.db.transaction(async (tx) => {
    await repo.deleteFeed(tx, ctx.scope, userInfoId);
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: 'calendar_feed.revoke',
      entityType: 'user_info',
      entityId: userInfoId,
      requestId: ctx.actor.requestId,
    });
  });
  return { message: shiftMsg.feedRevoked };
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
 * from a month back to four months ahead. An unknown or revoked token is a 404.
 */
export async function publicFeed(deps: AppDeps, tokenFile: string, now = new Date()): Promise<string> {
  const token = tokenFile.replace(/\.ics$/, '');
  const feed = await repo.feedByHash(deps.db, hashOf(token));
  if (!feed) throw notFound(shiftMsg.feedNotFound);
  const scope = workspaceScope(feed.workspaceId);
  const today = now.toISOString().slice(0, 10);
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, AHEAD_DAYS);
  const [shifts, absences] = await Promise.all([
    repo.publishedShiftsOf(deps.db, scope, feed.userInfoId, from, to),
    repo.approvedAbsences(deps.db, scope, [feed.userInfoId], from, to),
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
  const seen = new Set<string>();
  for (const a of absences) {
    const key = `${a.date}:${a.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(
      'BEGIN:VEVENT',
      `UID:absence-${feed.userInfoId}-${a.date}-${Buffer.from(a.name).toString('hex').slice(0, 24)}@timbro`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${day(a.date)}`,
      `DTEND;VALUE=DATE:${day(addDays(a.date, 1))}`,
      `SUMMARY:${esc(a.wholeDay ? a.name : `${a.name} (parte del giorno)`)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
