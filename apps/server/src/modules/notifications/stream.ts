import { notifyMsg } from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validation } from '../../lib/errors';
import type { AppDeps } from '../../deps';
import { loadActor, workspaceCtx } from '../../plugins/request-context';
import { liveKey } from './notify';
import * as repo from './notifications.repository';

/** A comment this often keeps proxies from closing an idle stream; the session is checked again each time. */
export const HEARTBEAT_MS = 25_000;
/** Several notifications told together (an announcement and its mail) give one count. */
const COALESCE_MS = 150;

/**
 * GET /notification/stream: server-sent events of the caller's unread count in the active workspace. The count goes
 * out at once, then after every NOTIFY for this person — from whichever process wrote it (LiveHub). Every heartbeat
 * loads the session again: a logout, a disabled account or a lost membership closes the stream within 25 s.
 */
export async function openStream(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, open: Set<() => void>) {
  // Only a client that asks for a stream gets one (a plain request is answered at once, never left hanging).
  if (!String(request.headers.accept ?? '').includes('text/event-stream'))
    throw validation([{ path: 'accept', message: notifyMsg.streamAcceptRequired }]);
  const ctx = workspaceCtx(request);
  const userInfoId = ctx.actor.userInfoId!;
  const sessionId = request.actor!.sessionId;
  const workspaceId = ctx.scope.workspaceId;
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  let closed = false;
  let pending: NodeJS.Timeout | null = null;
  let last = -1;
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
  const unsubscribe = await deps.live.subscribe(liveKey(workspaceId, userInfoId), () => {
    // A new notification: even with the same count (one read, one new) the client refreshes its list.
    last = -1;
    pending ??= setTimeout(() => void send(), COALESCE_MS);
  });
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(beat);
    if (pending) clearTimeout(pending);
    unsubscribe();
    open.delete(close);
    raw.end();
  };
  open.add(close);
  const beat = setInterval(() => {
    void (async () => {
      const actor = await loadActor(deps.db, sessionId).catch(() => null);
      if (!actor || !actor.memberships.some((m) => m.workspaceId === workspaceId)) return close();
      if (!closed) raw.write(': beat\n\n');
    })();
  }, HEARTBEAT_MS);
  raw.on('close', close);
  raw.write('retry: 5000\n\n');
  await send();
}
