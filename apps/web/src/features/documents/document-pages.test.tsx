import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDocument, Document, User } from '@timbro/shared';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json, marioUser, sessionOf } from '../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../testing/render';
import { DocumentListPage, MyDocumentPage, MyDocumentsPage, UserDocumentsPage } from './document-pages';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('documents');
});

const adminSession = sessionOf();
const memberSession = sessionOf({ ...marioUser, email: 'mario.rossi@demo.timbro.it' });

const mario = { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi', roles: ['member'], enabled: true } as User;
const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

function doc(over: Partial<AdminDocument> = {}): AdminDocument {
  return {
    id: 'd-1',
    userInfo: { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi' },
    label: 'Attestato corso sicurezza',
    description: 'Formazione generale, 4 ore',
    expiresAt: null,
    expired: false,
    attachment: {
      id: 'f-1',
      name: 'attestato.pdf',
      contentType: 'application/pdf',
      size: 48_000,
      sha256: 'ab'.repeat(32),
      createdAt: '2026-03-02T09:00:00.000Z',
    },
    attachmentFirstOpenAt: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
    note: null,
    opens: 0,
    ...over,
  };
}
const memberDoc = (over: Partial<AdminDocument> = {}): Document => {
  const { note: _note, opens: _opens, ...rest } = doc(over);
  return rest;
};
const pageOf = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, perPage: 25 });

const queryOf = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === `/api/v1${path}`)
    .map((u) => Object.fromEntries(u.searchParams));

const renderAdmin = (path: string) =>
  renderRoutes(
    [
      guardedPage('/admin/user/:id/document', 'document:write', <UserDocumentsPage />),
      guardedPage('/admin/document', 'document:write', <DocumentListPage />),
    ],
    path,
  );

const renderMember = (path: string) =>
  renderRoutes(
    [
      guardedPage('/member/document', 'document:read:own', <MyDocumentsPage />),
      guardedPage('/member/document/:id', 'document:read:own', <MyDocumentPage />),
    ],
    path,
  );

/** saveBlob's object URL and link click, which jsdom does not do. */
function stubDownloads() {
  const createObjectURL = vi.fn(() => 'blob:file');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { createObjectURL, click };
}
const pdf = () =>
  new Response('%PDF-1.7', {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="attestato.pdf"' },
  });

describe('documents of one employee', { timeout: 20_000 }, () => {
  it('lists the rows from the API: label, expiry with its chip, whether the employee opened it; back to the record', async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      'GET /admin/user/ui-mario': () => json(200, mario),
      'GET /admin/user/ui-mario/document': () =>
        json(
          200,
          pageOf([
            doc({ attachmentFirstOpenAt: '2026-03-03T10:15:00.000Z', opens: 3, note: 'Originale in archivio' }),
            doc({ id: 'd-2', label: 'Idoneità sanitaria', description: null, expiresAt: day(10) }),
            doc({ id: 'd-3', label: 'Patente del muletto', expiresAt: '2026-01-31', expired: true }),
          ]),
        ),
    });
    renderAdmin('/admin/user/ui-mario/document');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documenti di Mario Rossi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mario Rossi' })).toHaveAttribute('href', '/admin/user/ui-mario/detail');
    const grid = screen.getByTestId('user-documents-grid');
    await within(grid).findByText('Patente del muletto');
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Attestato corso sicurezza');
    expect(rows[1]).toHaveTextContent('Formazione generale, 4 ore');
    expect(rows[1]).toHaveTextContent('Nessuna scadenza');
    expect(rows[1]).toHaveTextContent('Aperto il 3 mar 2026');
    expect(rows[1]).toHaveTextContent('Download in tutto: 3');
    expect(within(rows[1]!).getByRole('img', { name: 'Nota interna' })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('In scadenza');
    expect(rows[2]).toHaveTextContent('Non ancora aperto');
    expect(rows[3]).toHaveTextContent('31 gennaio 2026');
    expect(within(rows[3]!).getByTestId('document-expired')).toHaveTextContent('Scaduto');
    // The API's default order: newest first.
    expect(queryOf(fetchMock, '/admin/user/ui-mario/document')[0]).toMatchObject({
      sort: 'createdAt',
      order: 'desc',
      page: '1',
      per_page: '25',
    });
  });

  it('"Nuovo documento": multipart with the label and the file; the server’s refusal of the file shows under it, then it is filed', async () => {
    let attempts = 0;
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/user/ui-mario': () => json(200, mario),
      'GET /admin/user/ui-mario/document': () => json(200, pageOf(attempts > 1 ? [doc({ label: 'Attestato' })] : [])),
      'POST /admin/user/ui-mario/document': () =>
        ++attempts === 1
          ? json(400, {
              code: 'VALIDATION_ERROR',
              message: 'Dati non validi',
              errors: [{ path: 'file', message: 'Il contenuto del file non è PDF, PNG o JPEG' }],
            })
          : json(200, doc({ label: 'Attestato' })),
    });
    renderAdmin('/admin/user/ui-mario/document');
    const empty = await screen.findByTestId('grid-empty');
    expect(empty).toHaveTextContent('Nessun documento per Mario Rossi');

    await user.click(screen.getByTestId('document-new'));
    const dialog = await screen.findByTestId('document-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Nuovo documento per Mario Rossi' })).toBeInTheDocument();
    // Nothing goes without a label and a file.
    await user.click(within(dialog).getByTestId('document-submit'));
    expect(await within(dialog).findByText("Indica l'etichetta del documento")).toBeInTheDocument();
    expect(within(dialog).getByTestId('document-file-help')).toHaveTextContent('Allega il file');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByTestId('document-label'), 'Attestato');
    await user.type(within(dialog).getByTestId('document-note'), 'Originale in archivio');
    const file = new File(['%PDF-1.7'], 'attestato.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByTestId('document-file-input'), file);
    expect(within(dialog).getByTestId('document-file-name')).toHaveTextContent('attestato.pdf');
    await user.click(within(dialog).getByTestId('document-submit'));

    await waitFor(() =>
      expect(within(dialog).getByTestId('document-file-help')).toHaveTextContent(
        'Il contenuto del file non è PDF, PNG o JPEG',
      ),
    );
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('label')).toBe('Attestato');
    expect(sent.get('note')).toBe('Originale in archivio');
    expect(sent.get('expiresAt')).toBe('');
    expect((sent.get('file') as File).name).toBe('attestato.pdf');

    await user.click(within(dialog).getByTestId('document-submit'));
    expect(await screen.findByText('Documento «Attestato» caricato')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('document-dialog')).not.toBeInTheDocument());
    expect(await within(screen.getByTestId('user-documents-grid')).findByText('Attestato')).toBeInTheDocument();
  });

  it('edits a document in the same dialog, pre-filled, the file optional (the current one shown); deletes after a confirmation', async () => {
    let deleted = false;
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/user/ui-mario': () => json(200, mario),
      'GET /admin/user/ui-mario/document': () =>
        json(200, pageOf(deleted ? [] : [doc({ expiresAt: '2027-06-30', note: 'Originale in archivio' })])),
      'POST /admin/document/d-1': () => json(200, doc({ label: 'Attestato sicurezza' })),
      'DELETE /admin/document/d-1': () => {
        deleted = true;
        return json(200, { message: 'Documento eliminato' });
      },
    });
    renderAdmin('/admin/user/ui-mario/document');
    await screen.findByText('Attestato corso sicurezza');
    await user.click(screen.getByRole('button', { name: 'Modifica Attestato corso sicurezza' }));
    const dialog = await screen.findByTestId('document-dialog');
    expect(within(dialog).getByTestId('document-label')).toHaveValue('Attestato corso sicurezza');
    expect(within(dialog).getByTestId('document-note')).toHaveValue('Originale in archivio');
    expect(within(dialog).getByTestId('document-file-name')).toHaveTextContent('attestato.pdf');
    expect(within(dialog).getByTestId('document-file-drop')).toHaveTextContent('file attuale');
    const label = within(dialog).getByTestId('document-label');
    await user.clear(label);
    await user.type(label, 'Attestato sicurezza');
    await user.click(within(dialog).getByTestId('document-submit'));
    expect(await screen.findByText('Documento «Attestato sicurezza» aggiornato')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/admin/document/d-1')!.body as FormData;
    expect(sent.get('label')).toBe('Attestato sicurezza');
    expect(sent.get('expiresAt')).toBe('2027-06-30');
    expect(sent.has('file')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Elimina Attestato corso sicurezza' }));
    const confirm = await screen.findByTestId('document-delete-dialog');
    expect(confirm).toHaveTextContent('«Attestato corso sicurezza» di Mario Rossi');
    await user.click(within(confirm).getByTestId('document-delete-dialog-confirm'));
    expect(await screen.findByText('Documento «Attestato corso sicurezza» eliminato')).toBeInTheDocument();
    expect(await screen.findByTestId('grid-empty')).toHaveTextContent('Nessun documento per Mario Rossi');
  });

  it('downloads through the admin attachment URL', async () => {
    const { createObjectURL, click } = stubDownloads();
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/user/ui-mario': () => json(200, mario),
      'GET /admin/user/ui-mario/document': () => json(200, pageOf([doc()])),
      'GET /admin/document/d-1/attachment': pdf,
    });
    renderAdmin('/admin/user/ui-mario/document');
    await user.click(await screen.findByRole('button', { name: 'Scarica Attestato corso sicurezza' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'GET' && c.path === '/admin/document/d-1/attachment')).toBe(true);
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('an employee that cannot be loaded: the server’s message and "Riprova"', async () => {
    fakeApi({
      ...adminSession,
      'GET /admin/user/ui-mario': () => json(404, { code: 'NOT_FOUND', message: 'Utente non trovato' }),
    });
    renderAdmin('/admin/user/ui-mario/document');
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('Utente non trovato');
    expect(within(failure).getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});

describe('documents of the workspace', { timeout: 20_000 }, () => {
  it('shows the expired chip and the employee linking to their documents; the expiry filter goes through the URL', async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      'GET /admin/document': () =>
        json(
          200,
          pageOf([
            doc({ id: 'd-3', label: 'Patente del muletto', expiresAt: '2026-01-31', expired: true }),
            doc({
              id: 'd-4',
              label: 'Permesso di soggiorno',
              userInfo: { id: 'ui-luca', firstName: 'Luca', lastName: 'Verdi' },
              expiresAt: day(400),
            }),
          ]),
        ),
    });
    const { router } = renderAdmin('/admin/document');
    const grid = await screen.findByTestId('documents-grid');
    await within(grid).findByText('Patente del muletto');
    const rows = within(grid).getAllByRole('row');
    expect(within(rows[1]!).getByTestId('document-expired')).toHaveTextContent('Scaduto');
    expect(within(rows[1]!).getByRole('link', { name: 'Rossi Mario' })).toHaveAttribute(
      'href',
      '/admin/user/ui-mario/document',
    );
    expect(within(rows[2]!).queryByTestId('document-expired')).not.toBeInTheDocument();
    expect(within(rows[2]!).queryByTestId('document-expiring')).not.toBeInTheDocument();

    await user.click(within(screen.getByTestId('documents-status-filter')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Scaduti' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=expired'));
    await waitFor(() => expect(queryOf(fetchMock, '/admin/document').at(-1)).toMatchObject({ status: 'expired' }));
  });

  it('"Promemoria di scadenza": loads the offsets, adds one, removes one and saves them', async () => {
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/document': () => json(200, pageOf([])),
      'GET /admin/document/settings': () => json(200, { reminderDays: [30, 7, 0] }),
      'POST /admin/document/settings': ({ body }) => json(200, body),
    });
    renderAdmin('/admin/document');
    expect(await screen.findByTestId('grid-empty')).toHaveTextContent('Nessun documento finora');
    await user.click(screen.getByTestId('documents-reminders'));
    const dialog = await screen.findByTestId('reminders-dialog');
    expect(await within(dialog).findByText('30 giorni prima')).toBeInTheDocument();
    expect(within(dialog).getByText('Il giorno della scadenza')).toBeInTheDocument();

    await user.type(within(dialog).getByTestId('reminders-input'), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Aggiungi' }));
    expect(within(dialog).getByText("Questo promemoria c'è già")).toBeInTheDocument();
    await user.clear(within(dialog).getByTestId('reminders-input'));
    await user.type(within(dialog).getByTestId('reminders-input'), '60{Enter}');
    expect(within(dialog).getByText('60 giorni prima')).toBeInTheDocument();
    await user.click(within(within(dialog).getByTestId('reminder-0')).getByTestId('CancelIcon'));
    await user.click(within(dialog).getByTestId('reminders-save'));
    expect(await screen.findByText('Promemoria di scadenza salvati')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reminderDays: [60, 30, 7] });
  });
});

describe('my documents', { timeout: 20_000 }, () => {
  it('lists the member’s documents, each linking to its detail; the detail downloads through the member URL', async () => {
    const { createObjectURL, click } = stubDownloads();
    const { calls } = fakeApi({
      ...memberSession,
      'GET /member/document': () =>
        json(200, pageOf([memberDoc(), memberDoc({ id: 'd-2', label: 'Idoneità sanitaria', expiresAt: day(5) })])),
      'GET /member/document/d-2': () =>
        json(200, memberDoc({ id: 'd-2', label: 'Idoneità sanitaria', expiresAt: day(5) })),
      'GET /member/document/d-2/attachment': pdf,
    });
    const { router } = renderMember('/member/document');
    const list = await screen.findByTestId('my-documents');
    const cards = within(list).getAllByTestId('my-document');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Attestato corso sicurezza');
    expect(cards[0]).toHaveTextContent('Nessuna scadenza');
    expect(cards[0]).toHaveTextContent('Pubblicato il 2 marzo 2026');
    expect(cards[1]).toHaveTextContent('In scadenza');

    await user.click(within(cards[1]!).getByRole('link', { name: 'Idoneità sanitaria' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/document/d-2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Idoneità sanitaria' })).toBeInTheDocument();
    const detail = screen.getByTestId('my-document-detail');
    expect(detail).toHaveTextContent('Formazione generale, 4 ore');
    expect(detail).toHaveTextContent('attestato.pdf');
    expect(detail).toHaveTextContent('In scadenza');

    await user.click(screen.getByTestId('my-document-download'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'GET' && c.path === '/member/document/d-2/attachment')).toBe(true);
    expect(calls.some((c) => c.path.startsWith('/admin/'))).toBe(false);
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('without documents: "Nessun documento per te"; a failed list shows the message and "Riprova"', async () => {
    let attempts = 0;
    fakeApi({
      ...memberSession,
      'GET /member/document': () =>
        ++attempts === 1
          ? json(503, { code: 'UNAVAILABLE', message: 'Servizio momentaneamente non disponibile' })
          : json(200, pageOf([])),
    });
    renderMember('/member/document');
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('Servizio momentaneamente non disponibile');
    await user.click(within(failure).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByTestId('my-documents-empty')).toHaveTextContent('Nessun documento per te');
  });

  it('an expired or unknown document: "Documento non trovato" with the way back', async () => {
    fakeApi({
      ...memberSession,
      'GET /member/document/d-9': () => json(404, { code: 'NOT_FOUND', message: 'Documento non trovato' }),
    });
    renderMember('/member/document/d-9');
    expect(await screen.findByTestId('load-failure')).toHaveTextContent('Documento non trovato');
    expect(screen.getByRole('link', { name: 'I miei documenti' })).toHaveAttribute('href', '/member/document');
  });
});
