import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authEvents } from '../auth-events';
import { startBootRequests } from '../early-requests';
import { workspaceStore } from '../workspace-store';
import { demoUser, fakeApi, json, sessionOf } from '../../testing/fake-api';
import { registerQueryClient } from '../loaded-query-client';
import { AuthProvider, useAuth } from './auth-context';

/** How many times the app's query client module was loaded by this file's code. */
const queryClientModule = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../query-client', () => {
  queryClientModule.loads++;
  return { queryClient: { clear: () => undefined } };
});

function Probe() {
  const { status, current, notice, workspaceId } = useAuth();
  return (
    <p data-testid="probe">
      {status}|{current?.displayName ?? '-'}|{current?.mainRole ?? '-'}|{notice ?? '-'}|{workspaceId ?? '-'}
    </p>
  );
}

const renderProbe = () =>
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );

/** A signed-in admin of the demo company. */
const signedIn = sessionOf();

describe('session state', () => {
  it('fetches the current user at start and takes the workspace id from the list header', async () => {
    const { calls } = fakeApi(signedIn);
    renderProbe();
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent('authenticated|Anna Bianchi|admin|-|ws-demo'),
    );
    expect(workspaceStore.get()).toBe('ws-demo');
    expect(calls[0]!.path).toBe('/user');
  });

  it('takes the calls started with the page (a logged-in page opened directly) instead of asking again', async () => {
    const { calls } = fakeApi(signedIn);
    startBootRequests('/admin/user');
    renderProbe();
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent('authenticated|Anna Bianchi|admin|-|ws-demo'),
    );
    expect(calls.map((c) => c.path).sort()).toEqual(['/user', '/workspace/list']);
  });

  it('an early call that found no session is not asked again: anonymous, without an "expired" notice', async () => {
    const { calls } = fakeApi({
      'GET /user': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
      'GET /workspace/list': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
      'POST /auth/token/refresh': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
    });
    startBootRequests('/dashboard');
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('anonymous|-|-|-|-'));
    expect(calls.filter((c) => c.path === '/user')).toHaveLength(1);
  });

  it('when the workspace list fails it only logs and the app is still initialized', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({
      'GET /user': () => json(200, demoUser),
      'GET /workspace/list': () => json(500, { code: 'INTERNAL', message: 'x' }),
    });
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent(/^authenticated\|Anna Bianchi/));
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('a first visit without a session is anonymous without an "expired" notice', async () => {
    fakeApi({
      'GET /user': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
      'POST /auth/token/refresh': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
    });
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('anonymous|-|-|-|-'));
  });

  it('auth-expired after a session existed ends it with the "expired" notice; a logout event clears the user', async () => {
    fakeApi({
      ...sessionOf(),
    });
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent(/^authenticated/));
    act(() => authEvents.emit('auth-expired'));
    expect(screen.getByTestId('probe')).toHaveTextContent('anonymous|-|-|expired|-');
    expect(workspaceStore.get()).toBeNull();
  });

  it('a first visit without a session does not load React Query to empty its cache; a logout empties the loaded one', async () => {
    fakeApi({
      'GET /user': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
      'POST /auth/token/refresh': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
    });
    const view = renderProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('anonymous|-|-|-|-'));
    // The login route's budget (ADR 0007): the query client's module is never asked for there.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClientModule.loads).toBe(0);
    view.unmount();

    // Once loaded (the frame), another user must never see the data of the one who left.
    const clear = vi.fn();
    registerQueryClient({ clear });
    fakeApi(signedIn);
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent(/^authenticated/));
    act(() => authEvents.emit('logout'));
    expect(clear).toHaveBeenCalled();
  });

  it('a logout event clears the user', async () => {
    fakeApi({
      ...sessionOf(),
    });
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent(/^authenticated/));
    act(() => authEvents.emit('logout'));
    expect(screen.getByTestId('probe')).toHaveTextContent(/^anonymous\|-/);
  });
});
