import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, json, sessionWithRoles } from '../../testing/fake-api';
import { guardedPage, page, renderRoutes } from '../../testing/render';
import { UserDetailRoute } from '../../app/pages/user-detail-page';
import { UserListPage } from './user-list-page';

/** Typing without a pause between keys: the forms are long, and a busy machine must not time the tests out. */
const user = userEvent.setup({ delay: null });

const session = (roles: Partial<(typeof demoUser.workspace_roles)[number]> = {}) => ({
  ...sessionWithRoles(roles),
  'GET /attendance/ajax/groups': () => json(200, [{ id: 'g-1', name: 'Magazzino' }]),
});

const mario: User = {
  id: 'ui-mario',
  userId: 'u-mario',
  email: 'mario.rossi@demo.timbro.it',
  fiscalCode: 'RSSMRA85D25F205W',
  firstName: 'Mario',
  lastName: 'Rossi',
  roles: ['member'],
  enabled: true,
  invitationPending: false,
  lastLoginAt: { web: '2026-11-20T09:05:00.000Z', app: null },
  attendanceAutoApproveRequest: 'automatic',
  workEmail: 'mario.rossi@demo.timbro.it',
  phoneNumber: '+393471234567',
  pec: 'mario.rossi@pec.it',
  homeAddress: 'Via Garibaldi 1, Milano',
  iban: null,
  birthday: '1985-04-25',
  birthplace: 'Milano',
  groups: [{ id: 'g-1', name: 'Magazzino' }],
  invitationStatus: 'accepted',
  loginEmailEditable: false,
  createdAt: '2026-11-01T08:00:00.000Z',
};
const giulia: User = {
  ...mario,
  id: 'ui-giulia',
  firstName: 'Giulia',
  lastName: 'Esposito',
  email: 'giulia.esposito@demo.timbro.it',
  invitationPending: true,
  lastLoginAt: { web: null, app: null },
  groups: [],
};

const listRoute = [
  guardedPage('/admin/user', 'user:read', <UserListPage />),
  page('/admin/user/:id/detail', <p>dettaglio</p>),
];

describe('user list', { timeout: 20_000 }, () => {
  it('asks the server for the page, sort and filters of the URL and shows the rows', async () => {
    const { fetchMock } = fakeApi({
      ...session(),
      'GET /admin/user': () => json(200, { items: [mario, giulia], total: 42, page: 2, perPage: 10 }),
    });
    const { router } = renderRoutes(
      listRoute,
      '/admin/user?page=2&per_page=10&sort=email&order=desc&search=ros&role=member&group_id=g-1&status=active',
    );
    const grid = await screen.findByTestId('users-grid');
    expect(await within(grid).findByText('Rossi Mario')).toBeInTheDocument();
    expect(within(grid).getByText('Esposito Giulia')).toBeInTheDocument();
    expect(within(grid).getByText('Invito in attesa')).toBeInTheDocument();
    const url = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/admin/user?'))!;
    const q = new URL(url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toEqual({
      page: '2',
      per_page: '10',
      sort: 'email',
      order: 'desc',
      search: 'ros',
      role: 'member',
      group_id: 'g-1',
      // Active: enabled with the invitation accepted, as the status chip says (and the dashboard counts).
      enabled: 'true',
      invitation: 'accepted',
    });
    expect(screen.getByTestId('users-search')).toHaveValue('ros');
    expect(screen.getByTestId('users-new')).toBeInTheDocument();

    // The search is sent after a pause and goes back to the first page.
    await user.clear(screen.getByTestId('users-search'));
    await user.type(screen.getByTestId('users-search'), 'esp');
    await waitFor(() => expect(router.state.location.search).toContain('search=esp'));
    expect(router.state.location.search).not.toContain('page=2');

    await user.click(within(grid).getByText('Rossi Mario'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/ui-mario/detail'));
  });

  it('the status filter: invitation pending and disabled are asked as the status chip shows them', async () => {
    const { fetchMock } = fakeApi({
      ...session(),
      'GET /admin/user': () => json(200, { items: [giulia], total: 1, page: 1, perPage: 25 }),
    });
    const { router } = renderRoutes(listRoute, '/admin/user?status=pending');
    const grid = await screen.findByTestId('users-grid');
    expect(await within(grid).findByText('Esposito Giulia')).toBeInTheDocument();
    const asked = () =>
      fetchMock.mock.calls
        .map(([u]) => String(u))
        .filter((u) => u.includes('/admin/user?'))
        .map((u) => Object.fromEntries(new URL(u, 'http://x').searchParams));
    expect(asked().at(-1)).toMatchObject({ enabled: 'true', invitation: 'pending' });
    const status = within(screen.getByTestId('filter-status')).getByRole('combobox');
    expect(status).toHaveTextContent('Invito in attesa');
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'Disabilitati' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=disabled'));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ enabled: 'false' }));
    expect(asked().at(-1)).not.toHaveProperty('invitation');
  });

  it('an accountant sees the list read-only; an empty result offers to clear the filters', async () => {
    fakeApi({
      ...session({ admin: false, accountant: true }),
      'GET /admin/user': () => json(200, { items: [], total: 0, page: 1, perPage: 25 }),
    });
    renderRoutes(listRoute, '/admin/user?search=nessuno');
    expect(await screen.findByText('Nessun utente corrisponde alla ricerca')).toBeInTheDocument();
    expect(screen.queryByTestId('users-new')).not.toBeInTheDocument();
    expect(screen.queryByTestId('users-import')).not.toBeInTheDocument();
    expect(screen.getByTestId('users-export')).toBeInTheDocument();
  });
});

describe('user detail', { timeout: 20_000 }, () => {
  const detailRoute = [guardedPage('/admin/user/:id/detail', 'user:read', <UserDetailRoute />)];

  it('shows the record and the server refusal when disabling, after a confirmation', async () => {
    const { calls } = fakeApi({
      ...session(),
      'GET /admin/user/ui-mario': () => json(200, mario),
      'POST /admin/user/ui-mario/disable': () =>
        json(409, { code: 'CONFLICT', message: 'Deve restare almeno un amministratore attivo' }),
    });
    renderRoutes(detailRoute, '/admin/user/ui-mario/detail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mario Rossi' })).toBeInTheDocument();
    const info = screen.getByTestId('user-detail-info');
    expect(info).toHaveTextContent('mario.rossi@pec.it');
    expect(info).toHaveTextContent('25 aprile 1985');
    expect(info).toHaveTextContent('Approvazione automatica');
    expect(screen.getByTestId('last-login-app')).toHaveTextContent('Mai');
    expect(within(screen.getByTestId('user-groups')).getByText('Magazzino')).toBeInTheDocument();

    await user.click(screen.getByTestId('user-disable'));
    const dialog = await screen.findByRole('dialog', { name: 'Disabilitare Mario Rossi?' });
    expect(calls.some((c) => c.path.endsWith('/disable'))).toBe(false);
    await user.click(within(dialog).getByTestId('user-toggle-dialog-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deve restare almeno un amministratore attivo');
  });

  it('lists the change history with the fields that changed', async () => {
    fakeApi({
      ...session(),
      'GET /admin/user/ui-mario': () => json(200, mario),
      'GET /admin/audit': () =>
        json(200, {
          items: [
            {
              id: 2,
              action: 'user.update',
              entityType: 'user',
              entityId: 'ui-mario',
              actor: { id: 'u-anna', name: 'Anna Bianchi' },
              changes: {
                pec: { from: 'vecchia@pec.it', to: 'mario.rossi@pec.it' },
                isAdmin: { from: false, to: true },
                groups: { from: [], to: ['g-1'] },
              },
              createdAt: '2026-11-21T10:00:00.000Z',
            },
            {
              id: 1,
              action: 'user.create',
              entityType: 'user',
              entityId: 'ui-mario',
              actor: { id: 'u-anna', name: 'Anna Bianchi' },
              changes: { roles: ['member'], groups: [], email: 'mario.rossi@demo.timbro.it' },
              createdAt: '2026-11-01T08:00:00.000Z',
            },
          ],
          total: 2,
          page: 1,
          perPage: 20,
        }),
    });
    renderRoutes(detailRoute, '/admin/user/ui-mario/detail?tab=history');
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Anna Bianchi ha modificato la scheda');
    expect(entries[0]).toHaveTextContent('PEC o email personalevecchia@pec.itmario.rossi@pec.it');
    expect(entries[0]).toHaveTextContent('Ruolo amministratoreNoSì');
    expect(entries[0]).toHaveTextContent('Gruppi—Magazzino');
    expect(entries[1]).toHaveTextContent("Anna Bianchi ha creato l'utente");
    expect(entries[1]).toHaveTextContent('RuoliDipendente');
  });
});
