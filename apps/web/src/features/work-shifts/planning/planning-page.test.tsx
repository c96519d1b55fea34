import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublishResponse } from '@timbro/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogArea } from '../../../i18n/i18n';
import { fakeApi, json } from '../../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../../testing/render';
import { PlanningPage } from './planning-page';
import { adminSession, ID, lookups, nightDraft, planning, warning, workspaceToday } from './planning.fixtures';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('workShifts');
});

const render = (path = '/admin/work-shift') =>
  renderRoutes(
    [
      guardedPage('/admin/work-shift', 'shift:write', <PlanningPage />),
      route('/admin/work-shift/new', <p>nuovo turno</p>),
      route('/admin/work-shift/:id', <p>dettaglio turno</p>),
    ],
    path,
  );

/** The query strings of the planning calls. */
const planningQueries = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .map((c) => new URL(String(c[0]), 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/admin/work-shift'))
    .map((u) => Object.fromEntries(u.searchParams));

describe('the planning', { timeout: 40_000 }, () => {
  it('draws people × the days of the workspace’s week: drafts apart from published shifts, the night on its start day, absences and holidays behind', async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'GET /admin/work-shift': ({ query }) => json(200, planning({ from: query.get('from')!, to: query.get('to')! })),
    });
    render();
    const grid = await screen.findByTestId('planning-grid');
    // The week of the workspace's today (Friday 20): Monday 16 to Sunday 22, asked with the first page of people.
    expect(planningQueries(fetchMock).at(-1)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
      page: '1',
      per_page: '25',
    });
    expect(screen.getByTestId('range-label')).toHaveTextContent('16 nov – 22 nov 2026');
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(8);
    expect(
      within(grid)
        .getAllByTestId('planning-row')
        .map((r) => within(r).getByRole('rowheader').textContent),
    ).toEqual(['Bianchi Luca', 'Esposito Giulia', 'Rossi Mario']);

    // Published: solid, no "Bozza"; the draft says "Bozza" in its text and its name.
    const morning = screen.getByTestId(`shift-${ID.morning}`);
    expect(morning).toHaveAttribute('data-status', 'published');
    expect(morning).toHaveTextContent('06:00–14:00');
    expect(morning).not.toHaveTextContent('Bozza');
    expect(morning).toHaveAccessibleName('Rossi Mario, lunedì 16 novembre: 06:00–14:00, Mattina, Pubblicato');
    const night = screen.getByTestId(`shift-${ID.night}`);
    expect(night).toHaveAttribute('data-status', 'draft');
    expect(night).toHaveTextContent('Bozza · Notte');
    expect(night).toHaveAccessibleName(
      'Rossi Mario, mercoledì 18 novembre: 22:00–06:00, termina il giorno dopo, Notte, Bozza, avvisi: 1',
    );
    expect(getComputedStyle(night).borderTopStyle).toBe('dashed');
    expect(getComputedStyle(morning).borderTopStyle).toBe('solid');
    // The night belongs to Wednesday (its start): "+1" on it, nothing on Thursday's cell.
    expect(within(screen.getByTestId(`cell-${ID.mario}-2026-11-18`)).getByTestId('shift-next-day')).toHaveTextContent(
      '+1',
    );
    expect(within(night).getByTestId('shift-warning')).toBeInTheDocument();
    expect(within(screen.getByTestId(`cell-${ID.mario}-2026-11-19`)).queryByRole('link', { name: /22:00/ })).toBeNull();
    expect(screen.getByTestId(`shift-${ID.night}`)).toHaveAttribute('href', `/admin/work-shift/${ID.night}`);
    // Luca's swapped shift shows the swap mark.
    expect(within(screen.getByTestId(`shift-${ID.evening}`)).getByTestId('shift-swapped')).toBeInTheDocument();
    expect(screen.getByTestId(`shift-${ID.evening}`)).toHaveAccessibleName(/scambiato/);

    // Giulia's approved absence and the holiday are the cells' background, named.
    const absent = screen.getByTestId(`cell-${ID.giulia}-2026-11-17`);
    expect(absent).toHaveAttribute('data-background', 'absence');
    expect(absent).toHaveTextContent('Ferie');
    expect(within(absent).getByRole('link')).toHaveAccessibleName(
      'Nuovo turno: Esposito Giulia, martedì 17 novembre, Ferie',
    );
    const holiday = screen.getByTestId(`cell-${ID.luca}-2026-11-19`);
    expect(holiday).toHaveAttribute('data-background', 'holiday');
    expect(within(holiday).getByRole('link')).toHaveAccessibleName(/Festa del patrono$/);
    expect(
      within(screen.getByTestId('day-2026-11-19')).getByRole('img', { name: 'Festa del patrono' }),
    ).toBeInTheDocument();

    // An empty cell opens the new shift for that person and day.
    expect(within(screen.getByTestId(`cell-${ID.luca}-2026-11-21`)).getByRole('link')).toHaveAttribute(
      'href',
      `/admin/work-shift/new?date=2026-11-21&userInfoId=${ID.luca}`,
    );
    expect(screen.getByTestId('drafts-count')).toHaveTextContent('Bozze nel periodo: 1');
    // Three people fit in a page: no pagination.
    expect(screen.queryByTestId('planning-pagination')).toBeNull();
  });

  it('moves by week, switches to the month, filters by group and pages the people', async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'GET /admin/work-shift': ({ query }) =>
        json(200, planning({ from: query.get('from')!, to: query.get('to')!, shifts: [], total: 60 })),
    });
    render();
    await screen.findByTestId('planning-grid');
    expect(screen.getByTestId('planning-no-shifts')).toBeInTheDocument();
    expect(screen.getByTestId('planning-pagination')).toBeInTheDocument();

    await user.click(screen.getByTestId('range-next'));
    await waitFor(() =>
      expect(planningQueries(fetchMock).at(-1)).toMatchObject({ from: '2026-11-23', to: '2026-11-29' }),
    );
    expect(screen.getByTestId('range-label')).toHaveTextContent('23 nov – 29 nov 2026');
    // Back to this week (its answer is still in the cache): "Oggi" goes away.
    await user.click(screen.getByTestId('range-today'));
    await waitFor(() => expect(screen.getByTestId('range-label')).toHaveTextContent('16 nov – 22 nov 2026'));
    expect(screen.queryByTestId('range-today')).toBeNull();

    await user.click(screen.getByTestId('view-month'));
    await waitFor(() =>
      expect(planningQueries(fetchMock).at(-1)).toMatchObject({ from: '2026-11-01', to: '2026-11-30' }),
    );
    expect(await screen.findByTestId('range-label')).toHaveTextContent('novembre 2026');
    expect(screen.queryByTestId('copy-week')).toBeNull();
    await waitFor(() =>
      expect(within(screen.getByTestId('planning-grid')).getAllByRole('columnheader')).toHaveLength(31),
    );

    await user.click(within(screen.getByTestId('planning-group')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Cucina' }));
    await waitFor(() => expect(planningQueries(fetchMock).at(-1)).toMatchObject({ groupId: 'g-kitchen' }));

    await user.click(screen.getByRole('button', { name: 'Vai alla pagina successiva' }));
    await waitFor(() => expect(planningQueries(fetchMock).at(-1)).toMatchObject({ page: '2' }));
  });

  it('"Pubblica": the count, the note, then published N and skipped M, each with its reason and warnings', async () => {
    const result: PublishResponse = {
      message: 'Pubblicati 3, saltati 2: vedi il motivo di ciascuno',
      published: 3,
      skipped: [
        {
          shift: nightDraft(),
          people: ['Rossi Mario'],
          reason: 'warnings',
          reasonText: 'Avvisi sui riposi o sulle assenze senza una nota che li giustifichi',
          warnings: [warning()],
        },
        {
          shift: { ...nightDraft(), id: ID.evening, date: '2026-11-21', label: null },
          people: [],
          reason: 'no_assignees',
          reasonText: 'Il turno non ha persone assegnate',
          warnings: [],
        },
      ],
    };
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'GET /admin/work-shift': () => json(200, planning({ drafts: 5 })),
      'POST /admin/work-shift/publish': () => json(200, result),
    });
    render();
    await screen.findByTestId('planning-grid');
    await user.click(screen.getByTestId('publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Pubblicare i turni?' });
    expect(within(dialog).getByTestId('publish-summary')).toHaveTextContent(
      'Bozze nel periodo dal 16 novembre 2026 al 22 novembre 2026: 5.',
    );
    await user.type(within(dialog).getByTestId('publish-note'), 'Accordo aziendale sui turni notturni');
    await user.click(within(dialog).getByTestId('publish-confirm'));

    expect(await within(dialog).findByTestId('publish-counts')).toHaveTextContent('Pubblicati 3, saltati 2');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
      groupId: null,
      overrideNote: 'Accordo aziendale sui turni notturni',
    });
    const first = within(dialog).getByTestId(`skipped-${ID.night}`);
    expect(first).toHaveTextContent('mer 18 nov · 22:00–06:00 (termina il giorno dopo) · Notte');
    expect(first).toHaveTextContent('Rossi Mario');
    expect(within(first).getByTestId('skipped-reason')).toHaveTextContent(
      'Avvisi sui riposi o sulle assenze senza una nota che li giustifichi',
    );
    expect(first).toHaveTextContent(
      'Riposo giornaliero di 8 h: la legge chiede 11 ore consecutive (D.Lgs. 66/2003, art. 7)',
    );
    expect(within(within(dialog).getByTestId(`skipped-${ID.evening}`)).getByTestId('skipped-reason')).toHaveTextContent(
      'Il turno non ha persone assegnate',
    );
    await user.click(within(dialog).getByTestId('publish-close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"Pubblica": a skipped shift of two people counts as two, as the grid shows two cells (issue 30)', async () => {
    fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'GET /admin/work-shift': () => json(200, planning({ drafts: 6 })),
      'POST /admin/work-shift/publish': () =>
        json(200, {
          message: 'Pubblicati 4, saltati 2: vedi il motivo di ciascuno',
          published: 4,
          skipped: [
            {
              shift: nightDraft(),
              people: ['Rossi Mario', 'Bianchi Anna'],
              reason: 'warnings',
              reasonText: 'Avvisi sui riposi o sulle assenze senza una nota che li giustifichi',
              warnings: [warning()],
            },
          ],
        } satisfies PublishResponse),
    });
    render();
    await screen.findByTestId('planning-grid');
    expect(screen.getByTestId('drafts-count')).toHaveTextContent('Bozze nel periodo: 6');
    await user.click(screen.getByTestId('publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Pubblicare i turni?' });
    await user.click(within(dialog).getByTestId('publish-confirm'));
    expect(await within(dialog).findByTestId('publish-counts')).toHaveTextContent('Pubblicati 4, saltati 2');
  });

  it('publishes only the filtered group unless unticked', async () => {
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'GET /admin/work-shift': () => json(200, planning()),
      'POST /admin/work-shift/publish': () =>
        json(200, { message: 'Pubblicato 1 turno', published: 1, skipped: [] } satisfies PublishResponse),
    });
    render('/admin/work-shift?group_id=g-ward');
    await screen.findByTestId('planning-grid');
    await user.click(screen.getByTestId('publish'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: 'Solo il gruppo «Reparto A»' })).toBeChecked();
    await user.click(within(dialog).getByTestId('publish-confirm'));
    expect(await within(dialog).findByTestId('publish-counts')).toHaveTextContent('Pubblicati 1, saltati 0');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ groupId: 'g-ward', overrideNote: null });
  });

  it('"Copia settimana": to the next week by default, then the result and the way there', async () => {
    const { calls, fetchMock } = fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'GET /admin/work-shift': ({ query }) => json(200, planning({ from: query.get('from')!, to: query.get('to')! })),
      'POST /admin/work-shift/copy-week': () =>
        json(200, { message: 'Copiati 4 turni come bozze, saltati 1 già occupati', created: 4, skipped: 1 }),
    });
    render();
    await screen.findByTestId('planning-grid');
    await user.click(screen.getByTestId('copy-week'));
    const dialog = await screen.findByRole('dialog', { name: 'Copiare la settimana?' });
    expect(dialog).toHaveTextContent('Dal 23 novembre 2026 al 29 novembre 2026');
    await user.click(within(dialog).getByTestId('copy-week-confirm'));
    expect(await within(dialog).findByTestId('copy-week-result')).toHaveTextContent(
      'Copiati 4 turni come bozze, saltati 1',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      from: '2026-11-16',
      to: '2026-11-23',
      groupId: null,
    });
    await user.click(within(dialog).getByTestId('copy-week-show'));
    await waitFor(() =>
      expect(planningQueries(fetchMock).at(-1)).toMatchObject({ from: '2026-11-23', to: '2026-11-29' }),
    );
  });

  it('without employees says so; a failure offers "Riprova"', async () => {
    let fail = true;
    fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'GET /admin/work-shift': () =>
        fail
          ? json(500, { code: 'INTERNAL', message: 'Errore interno' })
          : json(200, planning({ people: [], shifts: [], absences: [], total: 0, drafts: 0 })),
    });
    render();
    expect(await screen.findByTestId('planning-error')).toHaveTextContent('Errore interno');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Nessun dipendente da pianificare')).toBeInTheDocument();
    expect(screen.getByTestId('publish')).toBeDisabled();
  });
});
