import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyAnnouncement } from '@timbro/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json } from '../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../testing/render';
import { memberSession, mine, page, pdf, stubDownloads } from './announcements.fixtures';
import { MyAnnouncementPage } from './my-announcement-page';
import { MyAnnouncementsPage } from './my-announcements-page';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('announcements');
});

const render = (path: string) =>
  renderRoutes(
    [
      guardedPage('/member/announcement', 'announcement:read:own', <MyAnnouncementsPage />),
      guardedPage('/member/announcement/:id', 'announcement:read:own', <MyAnnouncementPage />),
    ],
    path,
  );

const older = mine({
  id: 'a-1',
  title: 'Chiusura per le feste',
  content: '<p>Chiusi dal 24 dicembre.</p>',
  publishedAt: '2026-10-20T08:00:00.000Z',
  requiresAck: false,
  attachments: [],
  openedAt: '2026-10-20T09:00:00.000Z',
});

describe('my announcements', { timeout: 20_000 }, () => {
  it('lists them unread first, marked, with the date, a line of text, the attachments and "Richiede conferma"', async () => {
    const { fetchMock } = fakeApi({
      ...memberSession,
      'GET /member/announcement': () => json(200, page([mine(), older], { unread: 1 })),
    });
    render('/member/announcement');
    const list = await screen.findByTestId('my-announcements');
    expect(screen.getByText('Da leggere: 1')).toBeInTheDocument();
    const cards = within(list).getAllByTestId('my-announcement');
    expect(cards).toHaveLength(2);

    expect(cards[0]).toHaveAttribute('data-unread', 'true');
    expect(within(cards[0]!).getByRole('img', { name: 'Da leggere' })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Nuovo regolamento aziendale' })).toHaveAttribute(
      'href',
      '/member/announcement/a-2',
    );
    expect(cards[0]).toHaveTextContent('Leggi il nuovo regolamento.');
    expect(cards[0]).toHaveTextContent('Pubblicata il 2 novembre 2026');
    expect(cards[0]).toHaveTextContent('Allegati: 1');
    expect(within(cards[0]!).getByTestId('ack-chip')).toHaveTextContent('Richiede conferma');

    expect(cards[1]).toHaveAttribute('data-unread', 'false');
    expect(within(cards[1]!).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(within(cards[1]!).queryByTestId('ack-chip')).not.toBeInTheDocument();
    expect(cards[1]).not.toHaveTextContent('Allegati');

    const query = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === '/api/v1/member/announcement')!;
    expect(Object.fromEntries(query.searchParams)).toEqual({ page: '1', per_page: '10' });
  });

  it('without any: "Nessuna comunicazione per te"', async () => {
    fakeApi({ ...memberSession, 'GET /member/announcement': () => json(200, page([], { unread: 0 })) });
    render('/member/announcement');
    expect(await screen.findByTestId('my-announcements-empty')).toHaveTextContent('Nessuna comunicazione per te');
  });

  it('opening one reads it: its text and attachments; the list and the bell refresh; back in the list it is read', async () => {
    let opened: MyAnnouncement = mine();
    const { click } = stubDownloads();
    const { calls } = fakeApi({
      ...memberSession,
      'GET /member/announcement': () => json(200, page([opened, older], { unread: opened.openedAt ? 0 : 1 })),
      'GET /member/announcement/a-2': () => {
        opened = { ...opened, openedAt: '2026-11-20T10:00:00.000Z' };
        return json(200, opened);
      },
      'GET /member/announcement/a-2/attachment/f-1': pdf,
    });
    const { router, queryClient } = render('/member/announcement');
    // The header's bell (the notification centre keeps its queries under ['notifications', …]).
    queryClient.setQueryData(['notifications', 'unread-count'], 3);

    await user.click(await screen.findByRole('link', { name: 'Nuovo regolamento aziendale' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuovo regolamento aziendale' })).toBeInTheDocument();
    expect(screen.getByTestId('my-announcement-content').querySelector('em')).toHaveTextContent('nuovo');
    await waitFor(() => expect(queryClient.getQueryState(['notifications', 'unread-count'])?.isInvalidated).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Scarica regolamento.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.some((c) => c.path === '/member/announcement/a-2/attachment/f-1')).toBe(true);
    expect(calls.some((c) => c.path.startsWith('/admin/'))).toBe(false);
    click.mockRestore();

    const listCalls = () => calls.filter((c) => c.path === '/member/announcement').length;
    const before = listCalls();
    await user.click(screen.getByRole('link', { name: 'Le mie comunicazioni' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/announcement'));
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByText('Le hai lette tutte')).toBeInTheDocument());
    expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
  });

  it('"Confermo la presa visione": sent once, then when it was confirmed', async () => {
    const { calls } = fakeApi({
      ...memberSession,
      'GET /member/announcement/a-2': () => json(200, mine({ openedAt: '2026-11-20T10:00:00.000Z' })),
      'POST /member/announcement/a-2/acknowledge': () =>
        json(200, mine({ openedAt: '2026-11-20T10:00:00.000Z', acknowledgedAt: '2026-11-20T10:05:00.000Z' })),
    });
    render('/member/announcement/a-2');
    const ask = await screen.findByTestId('my-announcement-ack');
    expect(ask).toHaveTextContent("L'azienda ti chiede di confermare di aver letto questa comunicazione.");
    await user.click(within(ask).getByRole('button', { name: 'Confermo la presa visione' }));
    expect(await screen.findByTestId('my-announcement-acked')).toHaveTextContent(
      'Hai confermato la presa visione il 20 nov 2026',
    );
    expect(screen.queryByRole('button', { name: 'Confermo la presa visione' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/member/announcement/a-2/acknowledge')).toHaveLength(
      1,
    );
  });

  it('one that asks for nothing has no button; an unknown one says so with the way back', async () => {
    fakeApi({
      ...memberSession,
      'GET /member/announcement/a-1': () => json(200, older),
      'GET /member/announcement/a-9': () => json(404, { code: 'NOT_FOUND', message: 'Comunicazione non trovata' }),
    });
    const first = render('/member/announcement/a-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chiusura per le feste' })).toBeInTheDocument();
    expect(screen.queryByTestId('my-announcement-ack')).not.toBeInTheDocument();
    expect(screen.queryByTestId('announcement-attachments')).not.toBeInTheDocument();
    first.unmount();

    render('/member/announcement/a-9');
    expect(await screen.findByTestId('load-failure')).toHaveTextContent('Comunicazione non trovata');
    expect(screen.getByRole('link', { name: 'Le mie comunicazioni' })).toHaveAttribute('href', '/member/announcement');
  });

  it('in Arabic: the page turns right to left, its texts translated; the Italian text keeps its own direction', async () => {
    fakeApi({
      ...memberSession,
      // The person's language: the session switches to it.
      'GET /user': async () => {
        const me = (await memberSession['GET /user']().json()) as object;
        return json(200, { ...me, language: 'ar' });
      },
      'GET /member/announcement/a-2': () => json(200, mine()),
    });
    try {
      render('/member/announcement/a-2');
      // The catalogs of the person's language load after the session starts.
      expect(await screen.findByRole('button', { name: 'أؤكد الاطلاع' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('link', { name: 'إعلاناتي' })).toHaveAttribute('href', '/member/announcement');
      expect(screen.getByTestId('my-announcement-content')).toHaveAttribute('dir', 'auto');
      expect(screen.getByRole('button', { name: 'تنزيل regolamento.pdf' })).toBeInTheDocument();
    } finally {
      await changeLanguage('it');
    }
    expect(document.documentElement.dir).toBe('ltr');
  });
});
