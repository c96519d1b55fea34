import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { api } from '../lib/api';
import { authEvents } from '../lib/auth-events';
import { demoUser, demoWorkspaces, fakeApi, json } from '../testing/fake-api';
import { App } from './app';

// The app preloads the dashboard's code (app/prefetch-dashboard.ts): let those imports finish before the environment
// is torn down (the workers share their module graph; an import still in flight fails the next file).
afterAll(async () => {
  await Promise.all([
    import('./pages/dashboard-page'),
    import('../lib/query-client'),
    import('../lib/queries/dashboard'),
  ]);
});

/** The first render of a lazily loaded module (frame, page) transforms it: slow on a busy machine. */
const LAZY = { timeout: 10_000 };

const unauthenticated = () => json(401, { code: 'UNAUTHENTICATED', message: 'Sessione scaduta' });

/** The whole app (real router, providers, guards) at `path`, with a session the test can end. */
function renderApp(path: string) {
  const session = { valid: true };
  const api = fakeApi({
    'GET /user': () => (session.valid ? json(200, demoUser) : unauthenticated()),
    'GET /workspace/list': () =>
      session.valid ? json(200, demoWorkspaces, { 'x-workspace-id': 'ws-demo' }) : unauthenticated(),
    'POST /auth/token/refresh': unauthenticated,
  });
  window.history.replaceState(null, '', path);
  render(<App variant="active" />);
  return { session, ...api };
}

const expiredNotice = 'La sessione è scaduta. Accedi di nuovo.';

describe('session expired', { timeout: 20_000 }, () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('the auth-expired event sends the user to the login page with the "session expired" notice', async () => {
    const { session } = renderApp(paths.myAccount);
    expect(await screen.findByRole('tab', { name: 'Profilo' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByText(expiredNotice)).not.toBeInTheDocument();

    session.valid = false;
    act(() => authEvents.emit('auth-expired'));

    await waitFor(() => expect(window.location.pathname).toBe(paths.signin));
    expect(await screen.findByRole('heading', { name: 'Accedi' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText(expiredNotice)).toBeInTheDocument();
    // Back to the page after logging in again.
    expect(new URLSearchParams(window.location.search).get('next')).toBe(paths.myAccount);
    expect(screen.queryByRole('tab', { name: 'Profilo' })).not.toBeInTheDocument();
  });

  it('a call that gets 401 and cannot refresh ends the session the same way', async () => {
    const { session, calls } = renderApp(paths.myAccount);
    expect(await screen.findByRole('tab', { name: 'Profilo' }, LAZY)).toBeInTheDocument();

    session.valid = false;
    await act(async () => {
      await expect(api.get('/user')).rejects.toMatchObject({ status: 401 });
    });

    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /auth/token/refresh');
    await waitFor(() => expect(window.location.pathname).toBe(paths.signin));
    expect(await screen.findByText(expiredNotice, {}, LAZY)).toBeInTheDocument();
  });

  it('a first visit without a session goes to the login page without the notice', async () => {
    fakeApi({ 'GET /user': unauthenticated, 'POST /auth/token/refresh': unauthenticated });
    window.history.replaceState(null, '', paths.dashboard);
    render(<App variant="active" />);
    expect(await screen.findByRole('heading', { name: 'Accedi' }, LAZY)).toBeInTheDocument();
    expect(window.location.pathname).toBe(paths.signin);
    expect(screen.queryByText(expiredNotice)).not.toBeInTheDocument();
  });
});
