/**
 * The last signed-in session, kept on the device so that the installed app opens offline (issue 32): the account and
 * its companies as GET /user and /workspace/list last answered. Used only when those calls fail for want of a network
 * (never after a 401: a session the server ended stays ended), and cleared whenever the session ends (logout, expiry,
 * another account). What it holds is what the frame shows (name, roles, companies); no token — the session cookie
 * stays HttpOnly and every API call still needs it.
 */
import type { CurrentUser, WorkspaceSummary } from '@timbro/shared';

const KEY = 'timbro.offline-session';

export interface OfflineSession {
  user: CurrentUser;
  workspaces: WorkspaceSummary[];
  workspaceId: string | null;
  savedAt: string;
}

export function saveOfflineSession(session: Omit<OfflineSession, 'savedAt'>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...session, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or disabled: the app simply does not open offline.
  }
}

export function readOfflineSession(): OfflineSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as OfflineSession) : null;
  } catch {
    return null;
  }
}

export function clearOfflineSession(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** A failure to reach the server at all (fetch's TypeError), as opposed to an answer of the server. */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError;
}
