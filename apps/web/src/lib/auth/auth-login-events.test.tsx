import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { authEvents, type AuthEvent } from '../auth-events';
import { demoUser, demoWorkspaces, fakeApi, json, sessionOf } from '../../testing/fake-api';
import { AuthProvider, useAuth, type AuthApi } from './auth-context';

const holder: { auth: AuthApi | null } = { auth: null };
function Grab() {
  const auth = useAuth();
  useEffect(() => {
    holder.auth = auth;
  });
  return <p data-testid="status">{auth.status}</p>;
}

const accountantOnly = {
  ...demoUser,
  workspace_roles: demoUser.workspace_roles.map((r) => ({ ...r, admin: false, member: false, accountant: true })),
};

async function logIn(user: typeof demoUser) {
  fakeApi({
    // At start: no session yet.
    'GET /user': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
    'POST /auth/token/refresh': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
    'POST /auth/login': () => json(200, user),
    'GET /workspace/list': () => json(200, demoWorkspaces, { 'x-workspace-id': 'ws-demo' }),
  });
  render(
    <AuthProvider>
      <Grab />
    </AuthProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
  const seen: { event: AuthEvent; landing?: string }[] = [];
  const off = authEvents.subscribe((event, landing) => seen.push({ event, landing }));
  fakeApi({
    'POST /auth/login': () => json(200, user),
    ...sessionOf(user),
  });
  await act(() => holder.auth!.login('admin@demo.timbro.it', 'Timbro2026!', false));
  off();
  return seen;
}

afterEach(() => {
  holder.auth = null;
});

describe('login events (the landing page loads while the password is checked)', () => {
  it('signing-in comes once the login request has left; signed-in names the dashboard for an admin', async () => {
    const seen = await logIn(demoUser);
    expect(seen.map((s) => s.event)).toEqual(['signing-in', 'signed-in']);
    expect(seen[1]!.landing).toBe('/dashboard');
  });

  it('the login request is the first to leave: the frame code preloaded on signing-in queues after it', async () => {
    const order: string[] = [];
    fakeApi({
      'GET /user': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
      'POST /auth/token/refresh': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
    });
    render(
      <AuthProvider>
        <Grab />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    const { calls } = fakeApi({
      'POST /auth/login': () => json(200, demoUser),
      ...sessionOf(),
    });
    const off = authEvents.subscribe((event) => {
      if (event === 'signing-in') order.push(`signing-in after ${calls.map((c) => c.path).join(',') || 'nothing'}`);
    });
    await act(() => holder.auth!.login('admin@demo.timbro.it', 'Timbro2026!', false));
    off();
    expect(order).toEqual(['signing-in after /auth/login']);
  });

  it('an accountant-only person lands on the month closing: no dashboard named', async () => {
    const seen = await logIn(accountantOnly);
    expect(seen.find((s) => s.event === 'signed-in')!.landing).toBeUndefined();
  });
});
