import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAnnouncement } from '@timbro/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json } from '../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../testing/render';
import { AnnouncementDetailPage } from './announcement-detail-page';
import { remindState } from './announcement-state';
import {
  adminSession,
  announcement,
  pdf,
  published,
  queryOf,
  reachPage,
  stubDownloads,
  workspaceZone,
} from './announcements.fixtures';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('announcements');
});

const render = (id: string) =>
  renderRoutes(
    [
      guardedPage('/admin/announcement/:id', 'announcement:read', <AnnouncementDetailPage />),
      route('/admin/announcement/:id/edit', <p>modifica</p>),
      route('/admin/announcement', <p>elenco</p>),
    ],
    `/admin/announcement/${id}`,
  );

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe('an announcement’s page', { timeout: 20_000 }, () => {
  it('shows the content, the funnel with its shares, each recipient and the way to edit it', async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /admin/announcement/a-2': () => json(200, published()),
      'GET /admin/announcement/a-2/reach': () => json(200, reachPage()),
    });
    render('a-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuovo regolamento aziendale' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Inviata il 2 nov 2026 09:00')).toBeInTheDocument());
    expect(screen.getByTestId('announcement-edit-link')).toHaveAttribute('href', '/admin/announcement/a-2/edit');

    const content = screen.getByTestId('announcement-content-view');
    expect(content.querySelector('strong')).toHaveTextContent('chiuso');
    expect(within(content).getAllByRole('listitem')).toHaveLength(2);

    expect(screen.getByTestId('reach-recipients')).toHaveTextContent('40');
    expect(screen.getByTestId('reach-emailed')).toHaveTextContent('38');
    expect(screen.getByTestId('reach-emailed')).toHaveTextContent('95% dei destinatari');
    expect(screen.getByTestId('reach-opened')).toHaveTextContent('30');
    expect(screen.getByTestId('reach-opened')).toHaveTextContent('75% dei destinatari');
    expect(screen.getByTestId('reach-acknowledged')).toHaveTextContent('20');
    expect(screen.getByTestId('reach-acknowledged')).toHaveTextContent('50% dei destinatari');

    const grid = screen.getByTestId('reach-grid');
    // The grid lays its rows out after the data: slower on a loaded machine.
    await within(grid).findByText('Esposito Giulia', {}, { timeout: 5000 });
    const rows = within(grid).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Rossi Mario');
    expect(rows[1]).toHaveTextContent('Sì');
    expect(rows[1]).toHaveTextContent('2 nov 2026 10:30');
    expect(rows[1]).toHaveTextContent('2 nov 2026 10:31');
    expect(rows[2]).toHaveTextContent('No');
    expect(rows[2]).toHaveTextContent('Non ancora');

    const details = screen.getByTestId('announcement-details');
    expect(details).toHaveTextContent('Ufficio');
    expect(details).toHaveTextContent('Rossi Mario');
    expect(details).toHaveTextContent('Richiede conferma');

    await user.click(within(screen.getByTestId('reach-status-filter')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Non hanno confermato' }));
    await waitFor(() =>
      expect(queryOf(fetchMock, '/admin/announcement/a-2/reach').at(-1)).toMatchObject({
        status: 'unacknowledged',
        page: '1',
      }),
    );
  });

  it('downloads an attachment through the admin’s route', async () => {
    const { click } = stubDownloads();
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /admin/announcement/a-2': () => json(200, published()),
      'GET /admin/announcement/a-2/reach': () => json(200, reachPage()),
      'GET /admin/announcement/a-2/attachment/f-1': pdf,
    });
    render('a-2');
    await user.click(await screen.findByRole('button', { name: 'Scarica regolamento.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.some((c) => c.path === '/admin/announcement/a-2/attachment/f-1')).toBe(true);
    click.mockRestore();
  });

  it('"Ricorda a chi non ha letto": confirmed, sent, then waiting 24 hours with the time it comes back', async () => {
    let current: AdminAnnouncement = published({ remindedAt: hoursAgo(30) });
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /admin/announcement/a-2': () => json(200, current),
      'GET /admin/announcement/a-2/reach': () => json(200, reachPage()),
      'POST /admin/announcement/a-2/remind': () => {
        current = { ...current, remindedAt: new Date().toISOString() };
        return json(200, { message: 'Promemoria inviato a 20 persone', reminded: 20 });
      },
    });
    render('a-2');
    const button = await screen.findByTestId('announcement-remind');
    expect(button).toBeEnabled();
    expect(screen.getByTestId('announcement-remind-reason')).toHaveTextContent(
      'Un promemoria a chi non ha ancora confermato la presa visione; il successivo dopo 24 ore',
    );
    await user.click(button);
    const dialog = await screen.findByTestId('announcement-remind-dialog');
    // 40 recipients, 20 acknowledged.
    expect(dialog).toHaveTextContent('non hanno ancora confermato la presa visione (20)');
    await user.click(within(dialog).getByTestId('announcement-remind-dialog-confirm'));
    expect(await screen.findByText('Promemoria inviati: 20')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/admin/announcement/a-2/remind')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('announcement-remind')).toBeDisabled());
    expect(screen.getByTestId('announcement-remind-reason')).toHaveTextContent(
      'Promemoria già inviato: il prossimo dal',
    );
  });

  it('within 24 hours of the last reminder the button waits, saying until when', async () => {
    fakeApi({
      ...adminSession,
      ...workspaceZone,
      // A reminder "later than now" (a fixed date, whatever the day the test runs): the next one 24 hours after it,
      // 08:00 UTC on 3 November, 09:00 in Rome.
      'GET /admin/announcement/a-2': () => json(200, published({ remindedAt: '2099-11-02T08:00:00.000Z' })),
      'GET /admin/announcement/a-2/reach': () => json(200, reachPage()),
    });
    render('a-2');
    const button = await screen.findByTestId('announcement-remind');
    expect(button).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByTestId('announcement-remind-reason')).toHaveTextContent(
        'Promemoria già inviato: il prossimo dal 3 nov 2099 09:00',
      ),
    );
  });

  it('the server’s refusal (another admin reminded them meanwhile) shows in the confirmation', async () => {
    fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /admin/announcement/a-2': () => json(200, published({ requiresAck: false })),
      'GET /admin/announcement/a-2/reach': () => json(200, reachPage()),
      'POST /admin/announcement/a-2/remind': () =>
        json(409, {
          code: 'CONFLICT',
          message: 'Il promemoria è già stato inviato: puoi inviarne un altro dopo 24 ore',
        }),
    });
    render('a-2');
    await user.click(await screen.findByTestId('announcement-remind'));
    const dialog = await screen.findByTestId('announcement-remind-dialog');
    expect(dialog).toHaveTextContent('non hanno ancora letto la comunicazione (10)');
    await user.click(within(dialog).getByTestId('announcement-remind-dialog-confirm'));
    expect(await within(dialog).findByTestId('announcement-remind-dialog-error')).toHaveTextContent(
      'Il promemoria è già stato inviato: puoi inviarne un altro dopo 24 ore',
    );
  });

  it('not sent yet: no figures, the reminder unavailable, the time it goes', async () => {
    fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /admin/announcement/a-1': () => json(200, announcement()),
    });
    render('a-1');
    expect(await screen.findByTestId('announcement-reach-pending')).toHaveTextContent(
      "Le cifre di lettura arrivano dopo l'invio",
    );
    expect(screen.getByTestId('announcement-remind')).toBeDisabled();
    expect(screen.getByTestId('announcement-remind-reason')).toHaveTextContent("Disponibile dopo l'invio");
    await waitFor(() => expect(screen.getByText('Programmata per il 1 dic 2026 09:00')).toBeInTheDocument());
    expect(screen.queryByTestId('reach-grid')).not.toBeInTheDocument();
  });

  it('an unknown announcement: the server’s message with the way back', async () => {
    fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /admin/announcement/a-9': () => json(404, { code: 'NOT_FOUND', message: 'Comunicazione non trovata' }),
    });
    render('a-9');
    expect(await screen.findByTestId('load-failure')).toHaveTextContent('Comunicazione non trovata');
    expect(screen.getByRole('link', { name: 'Comunicazioni' })).toHaveAttribute('href', '/admin/announcement');
  });
});

describe('remindState', () => {
  const base = published();
  const now = Date.parse('2026-11-10T12:00:00.000Z');
  it('follows the server’s three refusals', () => {
    expect(remindState(announcement(), now)).toEqual({ can: false, reason: 'notSent' });
    expect(remindState({ ...base, remindedAt: '2026-11-10T00:00:00.000Z' }, now)).toEqual({
      can: false,
      reason: 'cooldown',
      until: new Date('2026-11-11T00:00:00.000Z'),
    });
    expect(remindState({ ...base, remindedAt: '2026-11-09T11:59:00.000Z' }, now)).toEqual({ can: true, pending: 20 });
    expect(remindState({ ...base, requiresAck: false }, now)).toEqual({ can: true, pending: 10 });
    expect(remindState({ ...base, reach: { recipients: 40, emailed: 40, opened: 40, acknowledged: 40 } }, now)).toEqual(
      { can: false, reason: 'nobody' },
    );
  });
});
