import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, demoWorkspaces, fakeApi, json, sessionOf } from '../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../testing/render';
import { InvitationsWidget } from './invitations-widget';

const candidate = {
  ...demoUser,
  id: 'u-paola',
  first_name: 'Paola',
  last_name: 'Neri',
  email: 'paola@example.it',
  workspace_roles: [],
  pending_invitations: 1,
};
const invitation = {
  id: 'ui-paola',
  workspace: { id: 'ws-demo', name: 'Demo S.r.l.' },
  roles: ['member'],
  firstName: 'Paola',
  lastName: 'Neri Bianchi',
  invitedAt: '2026-11-20T09:00:00.000Z',
};
const member = {
  ...candidate,
  pending_invitations: 0,
  workspace_roles: [
    {
      workspace_id: 'ws-demo',
      oimmei: false,
      admin: false,
      accountant: false,
      member: true,
      attendance_auto_approve_request: null,
    },
  ],
};
const render = () => renderRoutes([guardedPage('/dashboard', 'profile:read', <InvitationsWidget />)], '/dashboard');

describe('invitations widget', { timeout: 20_000 }, () => {
  it('shows the company and what it recorded; accepting joins the company and opens it', async () => {
    let accepted = false;
    const { calls } = fakeApi({
      'GET /user': () => json(200, accepted ? member : candidate),
      'GET /workspace/list': () =>
        accepted ? json(200, demoWorkspaces, { 'x-workspace-id': 'ws-demo' }) : json(200, []),
      'GET /user/invitations': () => json(200, accepted ? [] : [invitation]),
      'POST /user/invitations/ui-paola/accept': () => ((accepted = true), json(200, member)),
    });
    render();
    const item = await screen.findByTestId('invitation', {}, { timeout: 8_000 });
    expect(item).toHaveTextContent('Demo S.r.l.');
    expect(item).toHaveTextContent('Ti hanno registrato come Paola Neri Bianchi');
    expect(item).toHaveTextContent('Dipendente');
    await userEvent.click(within(item).getByRole('button', { name: 'Accetta' }));
    expect(await screen.findByText('Ora fai parte di Demo S.r.l.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/user/invitations/ui-paola/accept')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('widget-invitations')).not.toBeInTheDocument());
  });

  it('declining asks first; an unverified e-mail cannot accept and is told where to go', async () => {
    const { calls } = fakeApi({
      'GET /user': () => json(200, { ...candidate, email_verified: false }),
      'GET /workspace/list': () => json(200, []),
      'GET /user/invitations': () => json(200, [invitation]),
      'POST /user/invitations/ui-paola/decline': () => json(200, { ...candidate, pending_invitations: 0 }),
    });
    render();
    const item = await screen.findByTestId('invitation', {}, { timeout: 8_000 });
    expect(screen.getByTestId('invitations-verify')).toHaveTextContent('conferma prima il tuo indirizzo email');
    expect(within(item).getByRole('button', { name: 'Accetta' })).toBeDisabled();
    await userEvent.click(within(item).getByRole('button', { name: 'Rifiuta' }));
    const dialog = await screen.findByTestId('invitation-decline-dialog');
    expect(dialog).toHaveTextContent('Rifiutare l’invito di Demo S.r.l.?');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rifiuta' }));
    expect(await screen.findByText('Invito di Demo S.r.l. rifiutato')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/user/invitations/ui-paola/decline')).toBe(true);
  });

  it('is absent when nothing waits', async () => {
    const { calls } = fakeApi({
      ...sessionOf(),
    });
    render();
    await waitFor(() => expect(calls.some((c) => c.path === '/workspace/list')).toBe(true));
    expect(screen.queryByTestId('widget-invitations')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/user/invitations')).toBe(false);
  });
});
