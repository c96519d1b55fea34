import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { queryClient as appQueryClient } from '../lib/query-client';
import { demoUser, fakeApi, json } from '../testing/fake-api';
import { page, renderRoutes } from '../testing/render';
import { AppFrame } from './app-frame/app-frame';

/** The first render of the frame transforms its modules: slow on a busy machine. */
const LAZY = { timeout: 10_000 };
const beta = { id: 'ws-beta', name: 'Beta S.p.A.' };
const gamma = { id: 'ws-gamma', name: 'Gamma S.r.l.' };

/** Someone whose only company was disabled (ADR 0023), or who keeps Demo and lost others. */
function session(disabled: { id: string; name: string }[], keepsDemo = false, language = 'it') {
  return fakeApi({
    'GET /user': () =>
      json(200, {
        ...demoUser,
        language,
        ...(keepsDemo ? {} : { workspace_roles: [] }),
        disabled_workspaces: disabled,
      }),
    'GET /workspace/list': () =>
      keepsDemo
        ? json(
            200,
            [{ id: 'ws-demo', name: 'Demo S.r.l.', attendance_auto_approve_request: false, square_logo: null }],
            {
              'x-workspace-id': 'ws-demo',
            },
          )
        : json(200, []),
  });
}
const frame = () =>
  renderRoutes([{ element: <AppFrame />, children: [page('/dashboard', <h1>Dashboard</h1>)] }], '/dashboard');

afterEach(() => {
  sessionStorage.clear();
  appQueryClient.clear();
});

describe('the notice of disabled companies', { timeout: 30_000 }, () => {
  it('in the frame, above the page: names the company; closed, it stays closed for the session', async () => {
    session([beta]);
    const first = frame();
    const notice = await screen.findByTestId('disabled-workspaces-notice', {}, LAZY);
    expect(notice).toHaveTextContent(
      "L'azienda «Beta S.p.A.» è stata disattivata dall'operatore della piattaforma: i suoi dati non sono più accessibili finché non viene riattivata.",
    );
    expect(screen.getByRole('main')).toContainElement(notice);
    expect(notice).toHaveAttribute('role', 'status');
    await userEvent.click(within(notice).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByTestId('disabled-workspaces-notice')).not.toBeInTheDocument());
    first.unmount();
    appQueryClient.clear();

    // Reloaded in the same session: still closed.
    session([beta]);
    const again = frame();
    await screen.findByRole('heading', { name: 'Dashboard' }, LAZY);
    expect(screen.queryByTestId('disabled-workspaces-notice')).not.toBeInTheDocument();
    again.unmount();
    appQueryClient.clear();

    // Another company disabled later: that one is told.
    session([beta, gamma]);
    frame();
    expect(await screen.findByTestId('disabled-workspaces-notice', {}, LAZY)).toHaveTextContent(
      "L'azienda «Gamma S.r.l.» è stata disattivata",
    );
  });

  it('several companies: one notice naming them all, in the person’s language', async () => {
    session([beta, gamma], true);
    const first = frame();
    expect(await screen.findByTestId('disabled-workspaces-notice', {}, LAZY)).toHaveTextContent(
      "Le aziende «Beta S.p.A.» e «Gamma S.r.l.» sono state disattivate dall'operatore della piattaforma: i loro dati non sono più accessibili finché non vengono riattivate.",
    );
    first.unmount();
    appQueryClient.clear();

    try {
      session([beta, gamma], true, 'en');
      frame();
      const notice = await screen.findByTestId('disabled-workspaces-notice', {}, LAZY);
      // The account's language is switched to once the session is adopted.
      await waitFor(
        () =>
          expect(notice).toHaveTextContent(
            'The companies “Beta S.p.A.” and “Gamma S.r.l.” have been disabled by the platform operator: their data cannot be accessed until they are enabled again.',
          ),
        LAZY,
      );
      expect(within(notice).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    } finally {
      await changeLanguage('it');
    }
  });

  it('nothing for someone without a disabled company', async () => {
    session([], true);
    frame();
    await screen.findByRole('heading', { name: 'Dashboard' }, LAZY);
    await screen.findByTestId('user-menu');
    expect(screen.queryByTestId('disabled-workspaces-notice')).not.toBeInTheDocument();
  });
});
