import { AUTH_STATUS_HEADER, WORKSPACE_HEADER } from '@timbro/shared/error-codes';
import { type Language } from '@timbro/shared/constants';
import { homeRoute } from '@timbro/shared/roles';
import type { CurrentUser, WorkspaceSummary } from '@timbro/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api } from '../api';
import { ApiError } from '../api-client';
import { authEvents } from '../auth-events';
import { dropEarly, takeEarlyResult } from '../early-requests';
import { loadedQueryClient } from '../loaded-query-client';
import { deriveCurrentUser, type DerivedUser } from '../current-user';
import { workspaceStore } from '../workspace-store';
import { clearOfflineSession, isNetworkFailure, readOfflineSession, saveOfflineSession } from '../pwa/offline-session';
import { changeLanguage } from '../../i18n/i18n';
import { isSupportedLanguage } from '../../i18n/languages';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  user: CurrentUser | null;
  current: DerivedUser | null;
  workspaces: WorkspaceSummary[];
  workspaceId: string | null;
  /** Why the user was sent to the login page (session expired), shown once there. */
  notice: 'expired' | 'logged-out' | null;
}

export interface AuthApi extends AuthState {
  login(username: string, password: string, rememberMe: boolean): Promise<DerivedUser>;
  logout(): Promise<void>;
  /** Adopt a user returned by register / profile edit. */
  setUser(user: CurrentUser): Promise<DerivedUser>;
  reload(): Promise<void>;
  switchWorkspace(id: string): Promise<void>;
  endSession(notice: AuthState['notice']): void;
  clearNotice(): void;
}

const AuthContext = createContext<AuthApi | null>(null);

/**
 * Drops every cached query (another user or workspace must never see stale data). The query client is loaded lazily,
 * never on the login route: when it is not loaded there is nothing to drop, and a first anonymous visit does not load
 * it just to empty it (ADR 0007).
 */
function clearQueryCache() {
  dropEarly();
  loadedQueryClient()?.clear();
}

/**
 * GET /workspace/list: the current workspace comes from its response header. Failure is only logged (spec). `early`
 * (at start only): the call started with the page, if there was one; asked again if it failed.
 */
async function loadWorkspaces(early = false): Promise<{ list: WorkspaceSummary[]; current: string | null }> {
  const ask = () => api.get<WorkspaceSummary[]>('/workspace/list');
  try {
    const started = early ? takeEarlyResult<WorkspaceSummary[]>('/workspace/list') : undefined;
    const res = await (started ? started.catch(ask) : ask());
    return { list: res.data, current: res.headers.get(WORKSPACE_HEADER) ?? res.data[0]?.id ?? null };
  } catch (err) {
    console.error('Workspace list failed to load', err);
    return { list: [], current: workspaceStore.get() };
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({
    status: 'loading',
    user: null,
    current: null,
    workspaces: [],
    workspaceId: null,
    notice: null,
  });
  // The status for the auth-events listener (subscribed once), kept in step after each render.
  const statusRef = useRef<AuthStatus>('loading');
  useEffect(() => {
    statusRef.current = state.status;
  }, [state.status]);

  const adopt = useCallback(
    async (
      user: CurrentUser,
      loaded?: Awaited<ReturnType<typeof loadWorkspaces>>,
      offline = false,
    ): Promise<DerivedUser> => {
      const { list, current } = loaded ?? (await loadWorkspaces());
      workspaceStore.set(current);
      if (!offline) saveOfflineSession({ user, workspaces: list, workspaceId: current });
      const derived = deriveCurrentUser(user, list, current);
      setState({
        status: 'authenticated',
        user,
        current: derived,
        workspaces: list,
        workspaceId: current,
        notice: null,
      });
      if (isSupportedLanguage(user.language) && !new URLSearchParams(window.location.search).get('lang')) {
        await changeLanguage(user.language as Language);
      }
      return derived;
    },
    [],
  );

  const endSession = useCallback((notice: AuthState['notice']) => {
    workspaceStore.set(null);
    clearOfflineSession();
    clearQueryCache();
    setState({ status: 'anonymous', user: null, current: null, workspaces: [], workspaceId: null, notice });
  }, []);

  // At start the current user is fetched; the session is then authenticated or not.
  useEffect(() => {
    let cancelled = false;
    // Started with the page when it was opened directly (lib/early-requests.ts); an early call that failed otherwise
    // than "no session" is asked again.
    const early = takeEarlyResult<CurrentUser>('/user');
    const again = (err: unknown) =>
      err instanceof ApiError && err.status === 401 ? Promise.reject(err) : api.get<CurrentUser>('/user');
    (early ? early.catch(again) : api.get<CurrentUser>('/user'))
      .then(async (res) => (cancelled ? undefined : adopt(res.data, await loadWorkspaces(true))))
      .catch((err: unknown) => {
        if (cancelled) return;
        // No network at all (the installed app opened offline): the last session's frame, until the server can say.
        const kept = isNetworkFailure(err) ? readOfflineSession() : null;
        if (!kept) return endSession(null);
        void adopt(kept.user, { list: kept.workspaces, current: kept.workspaceId }, true);
        // Back online, the server has the last word (a session it ended answers 401 and ends here too).
        window.addEventListener(
          'online',
          () =>
            void api.get<CurrentUser>('/user').then(
              async (res) => {
                if (!cancelled) await adopt(res.data);
              },
              () => undefined,
            ),
          { once: true },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [adopt, endSession]);

  useEffect(
    () =>
      authEvents.subscribe((event) => {
        if (event === 'logout') endSession('logged-out');
        // Only a session that existed can expire; a first visit is simply anonymous.
        else if (event === 'auth-expired') endSession(statusRef.current === 'authenticated' ? 'expired' : null);
      }),
    [endSession],
  );

  const value = useMemo<AuthApi>(
    () => ({
      ...state,
      async login(username, password, rememberMe) {
        // The request leaves first: the frame's code (signing-in) would otherwise take the browser's six connections.
        const sent = api.post<CurrentUser>('/auth/login', { username, password, remember_me: rememberMe });
        authEvents.emit('signing-in');
        const { data } = await sent;
        // Spec §7: then GET /user. The login's answer already says the roles, so the landing page's data starts now.
        authEvents.emit(
          'signed-in',
          data.workspace_roles.some((r) => homeRoute(r) === '/dashboard') ? '/dashboard' : undefined,
        );
        // The account and its companies side by side (neither needs the other): one round trip less before the frame.
        const [me, workspaces] = await Promise.all([api.get<CurrentUser>('/user'), loadWorkspaces()]);
        return adopt(me.data, workspaces);
      },
      async logout() {
        try {
          await api.post('/auth/logout');
        } finally {
          authEvents.emit('logout');
        }
      },
      setUser: (user: CurrentUser) => adopt(user),
      async reload() {
        const me = await api.get<CurrentUser>('/user');
        await adopt(me.data);
      },
      async switchWorkspace(id) {
        workspaceStore.set(id);
        clearQueryCache();
        const me = await api.get<CurrentUser>('/user');
        await adopt(me.data);
      },
      endSession,
      clearNotice: () => setState((s) => ({ ...s, notice: null })),
    }),
    [state, adopt, endSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthApi {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** True when a response says the session ended (e.g. after an e-mail change). */
export function isLoggedOutResponse(headers: Headers): boolean {
  return headers.get(AUTH_STATUS_HEADER) === 'LoggedOut';
}

export { ApiError };
