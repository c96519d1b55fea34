import { notifyMsg } from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validation } from '../../lib/errors';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { liveKey } from './notify';
import * as repo from './notifications.repository';

/** Several notifications told together (an announcement and its mail) give one count. */
const COALESCE_MS = 150;

/**
 * GET /notification/stream: server-sent events of the caller's unread count in the active workspace. The count goes
 * out at once, then after every NOTIFY for this person — from whichever process wrote it (LiveHub).
 *
 * Bounded (ADR 0020, issue 30): a session, an account and the process may hold only so many streams
 * (`deps.streams`, 429 beyond); a stream ends after its life (~30 min) and the client opens a new one. Every heartbeat
 * (~25 s, jittered) checks the session through the actor cache (ADR 0026) — no statement while nothing changed, and a
 * logout, a disabled account or a lost membership empties the cache, so the stream still closes at the next beat.
 */
export async function openStream(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  // Only a client that asks for a stream gets one (a plain request is answered at once, never left hanging).
  if (!String(request.headers.accept ?? '').includes('text/event-stream'))
    throw validation([{ path: 'accept', message: notifyMsg.streamAcceptRequired }]);
  const ctx = workspaceCtx(request);
  const userInfoId = ctx.actor.userInfoId!;
  const { sessionId, userId } = request.actor!;
  const workspaceId = ctx.scope.workspaceId;
  const raw = reply.raw;

  let closed = false;
  let pending: NodeJS.Timeout | null = null;
  let beat: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let last = -1;
  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(life);
    if (beat) clearTimeout(beat);
    if (pending) clearTimeout(pending);
    unsubscribe?.();
    place.release();
    raw.end();
  };
  // The place is taken before anything waits (a refusal is a plain 429 answer); from here on it is given back once.
  const place = deps.streams.admit(sessionId, userId, close);
  const life = setTimeout(close, deps.streams.lifeMs());
  try {
    unsubscribe = await deps.live.subscribe(liveKey(workspaceId, userInfoId), () => {
      // A new notification: even with the same count (one read, one new) the client refreshes its list.
      last = -1;
      pending ??= setTimeout(() => void send(), COALESCE_MS);
    });
  } catch (err) {
    clearTimeout(life);
    place.release();
    throw err;
  }

  if (raw.destroyed) {
    // The client left while the subscription started.
    close();
    return;
  }
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const send = async () => {
    pending = null;
    if (closed) return;
    try {
      const unread = await repo.unreadCount(deps.db, ctx.scope, userInfoId);
      if (!closed && unread !== last) {
        last = unread;
        raw.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
      }
    } catch (err) {
      request.log.warn({ err }, 'notification stream: count failed');
    }
  };
  const heartbeat = () => {
    beat = setTimeout(() => {
      void (async () => {
        const actor = await deps.actors.load(deps.db, sessionId).catch(() => null);
        if (closed) return;
        if (!actor || !actor.memberships.some((m) => m.workspaceId === workspaceId)) return close();
        raw.write(': beat\n\n');
        heartbeat();
      })();
    }, deps.streams.nextBeatMs());
  };
  raw.on('close', close);
  raw.write('retry: 5000\n\n');
  heartbeat();
  await send();
}
