import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/router';
import { paths } from '../../config/paths';
import { demoUser, demoWorkspaces, fakeApi, json } from '../../testing/fake-api';
import { page, renderRoutes } from '../../testing/render';
import { VerifyEmailPage } from './verify-email-page';

const LAZY = { timeout: 10_000 };

const anonymous = {
  'GET /user': () => json(401, { code: 'UNAUTHENTICATED', message: 'Accesso richiesto' }),
  'POST /auth/token/refresh': () => json(401, { code: 'UNAUTHENTICATED', message: 'Sessione scaduta' }),
};

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789';

function renderPage(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  const rendered = renderRoutes(
    [
      page(paths.verifyEmail, <VerifyEmailPage />),
      page(paths.signin, <p>login</p>),
      page(paths.dashboard, <p>home</p>),
      page(paths.myAccount, <p>profile</p>),
    ],
    `/verify-email/${TOKEN}`,
  );
  return { ...api, ...rendered };
}

const verifyCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === `/auth/verify-email/${TOKEN}`);

describe('verify-email page', { timeout: 20_000 }, () => {
  it("is a route of the app's tree, outside the logged-in frame (the mailed link opens it)", () => {
    const matches = matchRoutes(appRoutes(), `/verify-email/${TOKEN}`);
    expect(matches?.map((m) => m.route.path)).toEqual([paths.verifyEmail]);
  });

  it('sends the token once and confirms; the button leads to the login page', async () => {
    const { calls, router } = renderPage({
      ...anonymous,
      [`POST /auth/verify-email/${TOKEN}`]: () => json(200, { message: 'Indirizzo email confermato.' }),
    });
    expect(await screen.findByRole('heading', { name: "Conferma dell'email" }, LAZY)).toBeInTheDocument();
    expect(await screen.findByTestId('verify-email-done', {}, LAZY)).toHaveTextContent('Indirizzo email confermato');
    expect(screen.getByText('Da ora puoi accettare gli inviti delle aziende su Timbro.')).toBeInTheDocument();
    expect(verifyCalls(calls)).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: "Vai all'accesso" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signin));
    expect(verifyCalls(calls)).toHaveLength(1);
  });

  it('logged in: the profile is reloaded (the address is now confirmed) and the button leads to the dashboard', async () => {
    let verified = false;
    const { calls, router } = renderPage({
      'GET /user': () => json(200, { ...demoUser, email_verified: verified, pending_invitations: 1 }),
      'GET /workspace/list': () => json(200, demoWorkspaces, { 'x-workspace-id': 'ws-demo' }),
      [`POST /auth/verify-email/${TOKEN}`]: () => {
        verified = true;
        return json(200, { message: 'Indirizzo email confermato.' });
      },
    });
    await screen.findByTestId('verify-email-done', {}, LAZY);
    await userEvent.click(await screen.findByRole('link', { name: 'Vai alla dashboard' }, LAZY));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(verifyCalls(calls)).toHaveLength(1);
    await waitFor(() => expect(calls.filter((c) => c.path === '/user').length).toBeGreaterThanOrEqual(2));
  });

  it('a bad or expired link (TOKEN_INVALID) says so and how to ask a new one from the profile', async () => {
    const { calls, router } = renderPage({
      ...anonymous,
      [`POST /auth/verify-email/${TOKEN}`]: () =>
        json(400, {
          code: 'TOKEN_INVALID',
          message: 'Il link non è valido o è scaduto. Richiedine uno nuovo dal tuo profilo.',
        }),
    });
    expect(await screen.findByTestId('verify-email-failed', {}, LAZY)).toHaveTextContent(
      'Il link non è valido o è scaduto.',
    );
    expect(screen.getByText(/Puoi chiederne uno nuovo dal tuo profilo/)).toHaveTextContent('«Invia di nuovo il link»');
    expect(screen.queryByTestId('verify-email-done')).not.toBeInTheDocument();
    expect(verifyCalls(calls)).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: "Vai all'accesso" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signin));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(paths.myAccount)}`);
  });

  it("another failure (too many tries) shows the server's Italian message", async () => {
    renderPage({
      ...anonymous,
      [`POST /auth/verify-email/${TOKEN}`]: () =>
        json(429, { code: 'RATE_LIMITED', message: 'Troppi tentativi. Riprova tra 15 minuti.' }),
    });
    expect(await screen.findByTestId('verify-email-failed', {}, LAZY)).toHaveTextContent(
      'Troppi tentativi. Riprova tra 15 minuti.',
    );
  });
});
