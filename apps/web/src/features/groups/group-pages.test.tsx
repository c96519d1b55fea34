import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, json, sessionOf } from '../../testing/fake-api';
import { guardedPage, page, renderRoutes } from '../../testing/render';
import type { PermissionRule } from '../../lib/permissions';
import { GroupEditPage, GroupNewPage } from './group-form-page';
import { GroupListPage } from './group-list-page';

/** Typing without a pause between keys: the forms are long, and a busy machine must not time the tests out. */
const user = userEvent.setup({ delay: null });

const session = sessionOf();

/** The edit page of group g-1 behind `permission`, with the `beside` routes. */
const renderEditPage = (permission: PermissionRule = 'group:write', beside: RouteObject[] = []) =>
  renderRoutes(
    [guardedPage('/admin/group/:id/edit', permission, <GroupEditPage />), ...beside],
    '/admin/group/g-1/edit',
  );
const people = [
  { id: 'ui-mario', name: 'Mario Rossi', enabled: true },
  { id: 'ui-giulia', name: 'Giulia Esposito', enabled: true },
  { id: 'ui-luca', name: 'Luca Romano', enabled: false },
];

describe('groups', { timeout: 20_000 }, () => {
  it('requires a name, shows the name conflict on the field and creates the group with its members', async () => {
    let attempts = 0;
    const { calls } = fakeApi({
      ...session,
      'GET /ajax/users': () => json(200, people),
      'POST /admin/group': () =>
        ++attempts === 1
          ? json(409, {
              code: 'CONFLICT',
              message: 'Esiste già un gruppo con questo nome',
              errors: [{ path: 'name', message: 'Esiste già un gruppo con questo nome' }],
            })
          : json(200, {
              id: 'g-1',
              name: 'Magazzino',
              usersCount: 2,
              createdAt: '2026-11-22T08:00:00.000Z',
              members: [],
            }),
    });
    const { router } = renderRoutes(
      [guardedPage('/admin/group/new', 'group:write', <GroupNewPage />), page('/admin/group', <p>elenco</p>)],
      '/admin/group/new',
    );
    await user.click(await screen.findByTestId('group-form-submit'));
    expect(await screen.findByText('Inserisci il nome del gruppo')).toBeInTheDocument();
    await user.type(screen.getByTestId('group-name'), 'Magazzino');
    const members = screen.getByTestId('group-members');
    await user.type(members, 'mario');
    await user.click(await screen.findByRole('option', { name: /Mario Rossi/ }));
    await user.clear(members);
    await user.type(members, 'esposito');
    await user.click(await screen.findByRole('option', { name: /Giulia Esposito/ }));
    expect(screen.getByText('Persone selezionate: 2')).toBeInTheDocument();
    await user.click(screen.getByTestId('group-form-submit'));
    expect(await screen.findByText('Esiste già un gruppo con questo nome')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Magazzino',
      members: ['ui-mario', 'ui-giulia'],
    });
    expect(calls.find((c) => c.path === '/ajax/users')).toBeTruthy();
    await user.click(screen.getByTestId('group-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/group'));
  });

  it('a group that cannot be loaded shows the server’s message, a way back and a retry that loads it', async () => {
    let attempts = 0;
    fakeApi({
      ...session,
      'GET /ajax/users': () => json(200, people),
      'GET /admin/group/g-1': () =>
        ++attempts === 1
          ? json(503, { code: 'UNAVAILABLE', message: 'Servizio momentaneamente non disponibile' })
          : json(200, {
              id: 'g-1',
              name: 'Magazzino',
              usersCount: 0,
              createdAt: '2026-11-22T08:00:00.000Z',
              members: [],
            }),
    });
    renderEditPage();
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('Servizio momentaneamente non disponibile');
    expect(screen.getByRole('link', { name: /Gruppi/ })).toHaveAttribute('href', '/admin/group');
    await user.click(within(failure).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByDisplayValue('Magazzino')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('leaving the edit page asks first only with unsaved changes: "Resta" keeps them, "Esci senza salvare" leaves', async () => {
    fakeApi({
      ...session,
      'GET /ajax/users': () => json(200, people),
      'GET /admin/group/g-1': () =>
        json(200, {
          id: 'g-1',
          name: 'Magazzino',
          usersCount: 1,
          createdAt: '2026-11-22T08:00:00.000Z',
          members: [{ id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi', email: 'mario.rossi@demo.timbro.it' }],
        }),
      'GET /admin/audit': () => json(200, { items: [], total: 0, page: 1, perPage: 20 }),
    });
    const { router } = renderEditPage('group:write', [page('/admin/group', <p>elenco</p>)]);
    // Untouched (members loaded): the back link leaves at once.
    expect(await screen.findByDisplayValue('Magazzino')).toBeInTheDocument();
    expect(await screen.findByText('Mario Rossi')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Gruppi/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/group'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await router.navigate('/admin/group/g-1/edit');
    await user.type(await screen.findByTestId('group-name'), ' Nord');
    await user.click(screen.getByRole('link', { name: /Gruppi/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifiche non salvate' });
    expect(dialog).toHaveTextContent('Hai modifiche non salvate: se esci andranno perse.');
    await user.click(within(dialog).getByRole('button', { name: 'Resta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/admin/group/g-1/edit');
    expect(screen.getByTestId('group-name')).toHaveValue('Magazzino Nord');
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Modifiche non salvate' })).getByRole('button', {
        name: 'Esci senza salvare',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/group'));
  });

  it('the edit page lists the group’s history: creation, rename and member changes, members by name', async () => {
    const { fetchMock } = fakeApi({
      ...session,
      'GET /ajax/users': () => json(200, people),
      'GET /admin/group/g-1': () =>
        json(200, {
          id: 'g-1',
          name: 'Magazzino Nord',
          usersCount: 2,
          createdAt: '2026-11-01T08:00:00.000Z',
          members: [
            { id: 'ui-giulia', firstName: 'Giulia', lastName: 'Esposito', email: 'giulia.esposito@demo.timbro.it' },
            { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi', email: 'mario.rossi@demo.timbro.it' },
          ],
        }),
      'GET /admin/audit': () =>
        json(200, {
          items: [
            {
              id: 3,
              action: 'group.update',
              entityType: 'group',
              entityId: 'g-1',
              actor: { id: 'u-anna', name: 'Anna Bianchi' },
              changes: { members: { from: ['ui-mario', 'ui-old'], to: ['ui-giulia', 'ui-mario'] } },
              createdAt: '2026-11-21T10:00:00.000Z',
            },
            {
              id: 2,
              action: 'group.update',
              entityType: 'group',
              entityId: 'g-1',
              actor: { id: 'u-anna', name: 'Anna Bianchi' },
              changes: { name: { from: 'Magazzino', to: 'Magazzino Nord' } },
              createdAt: '2026-11-10T10:00:00.000Z',
            },
            {
              id: 1,
              action: 'group.create',
              entityType: 'group',
              entityId: 'g-1',
              actor: null,
              changes: { name: 'Magazzino', members: ['ui-old', 'ui-mario'] },
              createdAt: '2026-11-01T08:00:00.000Z',
            },
          ],
          total: 3,
          page: 1,
          perPage: 20,
        }),
    });
    renderEditPage();
    const section = await screen.findByTestId('group-history-section');
    expect(within(section).getByRole('heading', { name: 'Storico modifiche' })).toBeInTheDocument();
    const entries = await within(section).findAllByTestId('history-entry');
    expect(entries).toHaveLength(3);
    const url = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/admin/audit?'))!;
    expect(Object.fromEntries(new URL(url, 'http://x').searchParams)).toEqual({
      entity_type: 'group',
      entity_id: 'g-1',
      page: '1',
      per_page: '20',
    });
    await waitFor(() =>
      expect(entries[0]).toHaveTextContent(
        'PersoneMario Rossi, persona non più in aziendaGiulia Esposito, Mario Rossi',
      ),
    );
    expect(entries[0]).toHaveTextContent('Anna Bianchi ha modificato il gruppo');
    expect(within(entries[0]!).getByRole('columnheader', { name: 'Prima' })).toBeInTheDocument();
    expect(entries[1]).toHaveTextContent('Anna Bianchi ha modificato il gruppo');
    expect(entries[1]).toHaveTextContent('Nome del gruppoMagazzinoMagazzino Nord');
    expect(entries[2]).toHaveTextContent('Sistema ha creato il gruppo');
    expect(entries[2]).toHaveTextContent(
      'CampoValoreNome del gruppoMagazzinoPersoneMario Rossi, persona non più in azienda',
    );
  });

  it('without the audit permission the edit page shows no history and does not ask for it', async () => {
    const accountant = {
      ...demoUser,
      workspace_roles: [{ ...demoUser.workspace_roles[0]!, admin: false, accountant: true }],
    };
    const { calls } = fakeApi({
      ...session,
      'GET /user': () => json(200, accountant),
      'GET /ajax/users': () => json(200, people),
      'GET /admin/group/g-1': () =>
        json(200, { id: 'g-1', name: 'Magazzino', usersCount: 0, createdAt: '2026-11-01T08:00:00.000Z', members: [] }),
      'GET /admin/audit': () => json(200, { items: [], total: 0, page: 1, perPage: 20 }),
    });
    renderEditPage('group:read');
    expect(await screen.findByDisplayValue('Magazzino')).toBeInTheDocument();
    expect(screen.queryByTestId('group-history-section')).not.toBeInTheDocument();
    expect(screen.queryByText('Storico modifiche')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/audit')).toBe(false);
  });

  it('lists groups and deletes one after a confirmation', async () => {
    let deleted = false;
    const { calls } = fakeApi({
      ...session,
      'GET /admin/group': () =>
        json(200, {
          items: deleted
            ? []
            : [{ id: 'g-1', name: 'Magazzino', usersCount: 3, createdAt: '2026-11-22T08:00:00.000Z' }],
          total: deleted ? 0 : 1,
          page: 1,
          perPage: 25,
        }),
      'DELETE /admin/group/g-1': () => {
        deleted = true;
        return json(200, { message: 'Gruppo eliminato' });
      },
    });
    renderRoutes([guardedPage('/admin/group', 'group:read', <GroupListPage />)], '/admin/group');
    const grid = await screen.findByTestId('groups-grid');
    expect(await within(grid).findByText('Magazzino')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elimina il gruppo Magazzino' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare il gruppo «Magazzino»?' });
    expect(dialog).toHaveTextContent("Le persone del gruppo (3) restano nell'azienda");
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Non ci sono ancora gruppi')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/admin/group/g-1')).toBe(true);
  });
});
