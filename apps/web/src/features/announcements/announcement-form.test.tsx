import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAnnouncement } from '@timbro/shared';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test reads the sent form with the server's schema
import { AnnouncementFieldsSchema } from '@timbro/shared/schemas/announcements';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json, validationFailed } from '../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../testing/render';
import { AnnouncementEditPage, AnnouncementNewPage } from './announcement-form-pages';
import {
  adminSession,
  announcement,
  fileOf,
  lookups,
  MB,
  published,
  storedFile,
  workspaceZone,
} from './announcements.fixtures';
import { wallClockOf, wallToDayjs } from './zone';

const user = userEvent.setup({ delay: null, applyAccept: false });
/** The form shows once the session, the workspace's zone (and the record) are in: slower on a loaded machine. */
const LOADED = { timeout: 5000 };

beforeAll(async () => {
  await loadCatalogArea('announcements');
});

const render = (path: string) =>
  renderRoutes(
    [
      guardedPage('/admin/announcement/new', 'announcement:write', <AnnouncementNewPage />),
      guardedPage('/admin/announcement/:id/edit', 'announcement:write', <AnnouncementEditPage />),
      route('/admin/announcement/:id', <p>dettaglio</p>),
      route('/admin/announcement', <p>elenco</p>),
    ],
    path,
  );

const sentForm = (calls: { method: string; path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).at(-1)!.body as FormData;

const editor = () => screen.getByRole('textbox', { name: /Contenuto/ });

/**
 * The sent send time as the server's schema reads it (AnnouncementFieldsSchema's `sendAt`, absent when not sent): what
 * the form sends must pass it, or the admin gets a 400 the form never showed (issue 30: "Invia subito" sent `sendAt=''`).
 */
const serverReads = (form: FormData) =>
  AnnouncementFieldsSchema.shape.sendAt.safeParse(form.has('sendAt') ? form.get('sendAt') : undefined);

describe('a new announcement', { timeout: 30_000 }, () => {
  it('needs a title, a text and a recipient before anything is sent', async () => {
    const { calls } = fakeApi({ ...adminSession, ...workspaceZone, ...lookups });
    render('/admin/announcement/new');
    await user.click(await screen.findByTestId('announcement-form-submit', {}, LOADED));
    expect(await screen.findByText('Indica il titolo della comunicazione')).toBeInTheDocument();
    expect(screen.getByTestId('announcement-content-help')).toHaveTextContent('Scrivi il testo della comunicazione');
    expect(screen.getByTestId('audience-help')).toHaveTextContent('Scegli almeno un destinatario');
    expect(editor()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the fields and the files as multipart: now, to groups and people, asking for an acknowledgement', async () => {
    let created: AdminAnnouncement | null = null;
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      ...lookups,
      'POST /admin/announcement': () => {
        created = announcement({ id: 'a-9', title: 'Assemblea' });
        return json(200, created);
      },
    });
    const { router } = render('/admin/announcement/new');
    await user.type(await screen.findByTestId('announcement-title', {}, LOADED), 'Assemblea');
    await user.type(editor(), 'Ci vediamo in sala riunioni');
    expect(screen.getByTestId('send-at-help')).toHaveTextContent('Parte appena salvi');

    await user.type(screen.getByTestId('audience-groups'), 'uff');
    await user.click(await screen.findByRole('option', { name: 'Ufficio' }));
    await user.type(screen.getByTestId('audience-people'), 'giulia');
    await user.click(await screen.findByRole('option', { name: 'Giulia Esposito' }));
    expect(screen.getByTestId('audience-help')).toHaveTextContent('Gruppi scelti: 1 · persone scelte: 1');
    await user.click(screen.getByTestId('announcement-requires-ack'));

    await user.upload(screen.getByTestId('announcement-attachments-input'), [
      fileOf('ordine-del-giorno.pdf', 'application/pdf', 3 * MB),
      fileOf('piantina.png', 'image/png', 1 * MB),
    ]);
    const items = screen.getAllByTestId('announcement-attachments-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('ordine-del-giorno.pdf');
    expect(items[0]).toHaveTextContent('3 MB');
    expect(screen.getByTestId('announcement-attachments-total')).toHaveTextContent('4 MB di 25 MB · file: 2 di 10');
    // One is taken off before saving.
    await user.click(screen.getByRole('button', { name: 'Togli piantina.png' }));
    expect(screen.getAllByTestId('announcement-attachments-item')).toHaveLength(1);

    await user.click(screen.getByTestId('announcement-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/announcement/a-9'));
    expect(screen.getByText("Comunicazione «Assemblea» salvata: l'invio parte subito")).toBeInTheDocument();

    const sent = sentForm(calls, '/admin/announcement');
    expect(sent).toBeInstanceOf(FormData);
    // "Now" is no send time at all (an empty one is refused by the server as a cleared time).
    expect([...sent.keys()]).toEqual(['title', 'content', 'audience', 'requiresAck', 'file']);
    expect(sent.get('title')).toBe('Assemblea');
    expect(sent.get('content')).toBe('<p>Ci vediamo in sala riunioni</p>');
    expect(sent.has('sendAt')).toBe(false);
    const read = serverReads(sent);
    expect(read.error?.issues ?? []).toEqual([]);
    expect(read.data).toBeNull();
    expect(JSON.parse(sent.get('audience') as string)).toEqual({
      everyone: false,
      groupIds: ['g-office'],
      userInfoIds: ['ui-giulia'],
    });
    expect(sent.get('requiresAck')).toBe('true');
    expect(sent.getAll('file').map((f) => (f as File).name)).toEqual(['ordine-del-giorno.pdf']);
    expect(sent.has('keepAttachmentIds')).toBe(false);
  });

  it('schedules it: tomorrow at 9 in the workspace’s zone by default, sent as its wall clock; everyone', async () => {
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      ...lookups,
      'POST /admin/announcement': () => json(200, announcement({ id: 'a-9', title: 'Inventario' })),
    });
    render('/admin/announcement/new');
    await user.type(await screen.findByTestId('announcement-title', {}, LOADED), 'Inventario');
    await user.type(editor(), 'Sabato si conta il magazzino');
    await user.click(screen.getByTestId('audience-everyone'));
    expect(screen.queryByTestId('audience-groups')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('send-scheduled'));
    expect(screen.getByTestId('send-at-picker')).toBeInTheDocument();
    expect(screen.getByTestId('send-at-help')).toHaveTextContent("Ora dell'azienda (Europe/Rome)");

    await user.click(screen.getByTestId('announcement-form-submit'));
    const tomorrow = wallToDayjs(wallClockOf(new Date(), 'Europe/Rome')).add(1, 'day').format('YYYY-MM-DD');
    await waitFor(() => expect(sentForm(calls, '/admin/announcement').get('sendAt')).toBe(`${tomorrow} 09:00`));
    const sent = sentForm(calls, '/admin/announcement');
    expect(serverReads(sent).data).toBe(`${tomorrow} 09:00`);
    expect(JSON.parse(sent.get('audience') as string)).toEqual({ everyone: true, groupIds: [], userInfoIds: [] });
    expect(sent.get('requiresAck')).toBe('false');
    expect(sent.has('file')).toBe(false);
    expect(await screen.findByText(/Comunicazione «Inventario» programmata per il/)).toHaveTextContent('09:00');
  });

  it('refuses here the files the server would: wrong type, over 20 MB, over 25 MB together, more than ten', async () => {
    fakeApi({ ...adminSession, ...workspaceZone, ...lookups });
    render('/admin/announcement/new');
    const input = await screen.findByTestId('announcement-attachments-input', {}, LOADED);
    const help = screen.getByTestId('announcement-attachments-help');
    expect(help).toHaveTextContent('PDF, PNG, JPEG, al massimo 20 MB ciascuno; fino a 10 file e 25 MB in tutto');

    await user.upload(input, [
      fileOf('verbale.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', MB),
      fileOf('video.pdf', 'application/pdf', 21 * MB),
      fileOf('planimetria.pdf', 'application/pdf', 15 * MB),
      fileOf('foto.jpg', 'image/jpeg', 11 * MB),
    ]);
    expect(help).toHaveTextContent(
      '«verbale.docx» non aggiunto: Tipo di file non ammesso: sono accettati PDF, PNG, JPEG',
    );
    expect(help).toHaveTextContent('«video.pdf» non aggiunto: Il file supera il limite di 20 MB');
    expect(help).toHaveTextContent('«foto.jpg» non aggiunto: Gli allegati insieme superano 25 MB');
    const items = screen.getAllByTestId('announcement-attachments-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('planimetria.pdf');
    expect(screen.getByTestId('announcement-attachments-total')).toHaveTextContent('15 MB di 25 MB · file: 1 di 10');

    await user.upload(
      input,
      Array.from({ length: 10 }, (_v, n) => fileOf(`allegato-${n + 1}.pdf`, 'application/pdf', 100 * 1024)),
    );
    expect(screen.getAllByTestId('announcement-attachments-item')).toHaveLength(10);
    expect(help).toHaveTextContent('«allegato-10.pdf» non aggiunto: Al massimo 10 allegati');
    expect(screen.getByRole('button', { name: 'Aggiungi file' })).toBeDisabled();
  });

  it('puts the server’s field errors on their fields (its `file` on the attachments)', async () => {
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      ...lookups,
      'POST /admin/announcement': () =>
        validationFailed('Alcuni campi non sono validi', [
          { path: 'audience', message: 'Uno dei gruppi scelti non esiste più' },
          { path: 'file', message: 'Il contenuto del file non è PDF, PNG o JPEG' },
        ]),
    });
    render('/admin/announcement/new');
    await user.type(await screen.findByTestId('announcement-title', {}, LOADED), 'Assemblea');
    await user.type(editor(), 'Testo');
    await user.type(screen.getByTestId('audience-groups'), 'magaz');
    await user.click(await screen.findByRole('option', { name: 'Magazzino' }));
    await user.upload(screen.getByTestId('announcement-attachments-input'), [
      fileOf('finto.pdf', 'application/pdf', MB),
    ]);
    await user.click(screen.getByTestId('announcement-form-submit'));
    expect(await screen.findByText('Uno dei gruppi scelti non esiste più')).toBeInTheDocument();
    expect(screen.getByTestId('announcement-attachments-help')).toHaveTextContent(
      'Il contenuto del file non è PDF, PNG o JPEG',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('a new announcement refused for its size', { timeout: 30_000 }, () => {
  it('an upload the server refuses as too large (413) is said on the attachments', async () => {
    fakeApi({
      ...adminSession,
      ...workspaceZone,
      ...lookups,
      'POST /admin/announcement': () =>
        json(413, { code: 'PAYLOAD_TOO_LARGE', message: 'Gli allegati insieme superano 25 MB' }),
    });
    render('/admin/announcement/new');
    await user.type(await screen.findByTestId('announcement-title', {}, LOADED), 'Assemblea');
    await user.type(editor(), 'Testo');
    await user.click(screen.getByTestId('audience-everyone'));
    await user.upload(screen.getByTestId('announcement-attachments-input'), [
      fileOf('verbale.pdf', 'application/pdf', 12 * MB),
    ]);
    await user.click(screen.getByTestId('announcement-form-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('announcement-attachments-help')).toHaveTextContent(
        'Gli allegati insieme superano 25 MB',
      ),
    );
    expect(screen.queryByTestId('announcement-form-error')).not.toBeInTheDocument();
  });
});

describe('editing an announcement', { timeout: 30_000 }, () => {
  it('before it is sent: everything pre-filled (the time in the workspace’s zone); the attachments kept are listed', async () => {
    const stored = announcement({
      audience: { everyone: false, groups: [{ id: 'g-store', name: 'Magazzino' }], people: [] },
      attachments: [storedFile(), storedFile({ id: 'f-2', name: 'turni.png', size: MB })],
    });
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      ...lookups,
      'GET /admin/announcement/a-1': () => json(200, stored),
      'POST /admin/announcement/a-1': () => json(200, { ...stored, title: 'Chiusura natalizia' }),
    });
    const { router } = render('/admin/announcement/a-1/edit');
    const title = await screen.findByTestId('announcement-title', {}, LOADED);
    expect(title).toHaveValue('Chiusura per le feste');
    // The content round-trips into the editor.
    expect(editor().innerHTML).toBe(
      "<p>L'ufficio resta <strong>chiuso</strong> dal 24 dicembre.</p><ul><li>Turni</li><li>Ferie</li></ul>",
    );
    expect(screen.getByTestId('send-scheduled')).toBeChecked();
    expect(within(screen.getByTestId('announcement-form')).getByText('Magazzino')).toBeInTheDocument();
    const items = screen.getAllByTestId('announcement-attachments-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('regolamento.pdf'),
      expect.stringContaining('turni.png'),
    ]);
    expect(items[0]).toHaveTextContent('già allegato');
    expect(screen.queryByTestId('announcement-locked')).not.toBeInTheDocument();

    await user.clear(title);
    await user.type(title, 'Chiusura natalizia');
    await user.click(screen.getByRole('button', { name: 'Togli turni.png' }));
    await user.upload(screen.getByTestId('announcement-attachments-input'), [
      fileOf('calendario.pdf', 'application/pdf', MB),
    ]);
    await user.click(screen.getByTestId('announcement-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/announcement/a-1'));
    expect(screen.getByText('Comunicazione «Chiusura natalizia» aggiornata')).toBeInTheDocument();

    const sent = sentForm(calls, '/admin/announcement/a-1');
    expect(sent.get('title')).toBe('Chiusura natalizia');
    // 08:00 UTC on 1 December is 09:00 in Rome: the stored time goes back unchanged.
    expect(sent.get('sendAt')).toBe('2026-12-01 09:00');
    expect(JSON.parse(sent.get('audience') as string)).toEqual({
      everyone: false,
      groupIds: ['g-store'],
      userInfoIds: [],
    });
    expect(sent.get('keepAttachmentIds')).toBe('f-1');
    expect(sent.getAll('file').map((f) => (f as File).name)).toEqual(['calendario.pdf']);
    expect([...sent.keys()].at(-1)).toBe('file');
  });

  it('a scheduled one sent now instead: no send time goes, and the server’s schema reads it as now', async () => {
    const stored = announcement();
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      ...lookups,
      'GET /admin/announcement/a-1': () => json(200, stored),
      'POST /admin/announcement/a-1': () => json(200, stored),
    });
    const { router } = render('/admin/announcement/a-1/edit');
    await screen.findByTestId('announcement-title', {}, LOADED);
    expect(screen.getByTestId('send-scheduled')).toBeChecked();
    await user.click(screen.getByTestId('send-now'));
    expect(screen.getByTestId('send-at-help')).toHaveTextContent('Parte appena salvi');
    await user.click(screen.getByTestId('announcement-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/announcement/a-1'));
    const sent = sentForm(calls, '/admin/announcement/a-1');
    expect(sent.has('sendAt')).toBe(false);
    const read = serverReads(sent);
    expect(read.error?.issues ?? []).toEqual([]);
    expect(read.data).toBeNull();
  });

  it('after it is sent: the time, recipients and acknowledgement read-only, with the notice; only text and files change', async () => {
    const sentOne = published();
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      ...lookups,
      'GET /admin/announcement/a-2': () => json(200, sentOne),
      'POST /admin/announcement/a-2': () => json(200, sentOne),
    });
    render('/admin/announcement/a-2/edit');
    const locked = await screen.findByTestId('announcement-locked', {}, LOADED);
    expect(screen.getByTestId('announcement-locked-notice')).toHaveTextContent(
      'le modifiche cambiano solo il testo e gli allegati, e nessuno viene avvisato di nuovo',
    );
    expect(locked).toHaveTextContent('2 nov 2026 09:00');
    expect(locked).toHaveTextContent('Gruppi: 1 · Persone: 1');
    expect(locked).toHaveTextContent('Ufficio');
    expect(locked).toHaveTextContent('Rossi Mario');
    expect(locked).toHaveTextContent('Richiede conferma');
    // Nothing of the delivery can be edited.
    expect(screen.queryByTestId('send-now')).not.toBeInTheDocument();
    expect(screen.queryByTestId('audience-everyone')).not.toBeInTheDocument();
    expect(screen.queryByTestId('audience-groups')).not.toBeInTheDocument();
    expect(screen.queryByTestId('announcement-requires-ack')).not.toBeInTheDocument();

    await user.type(editor(), ' Aggiornato.');
    await user.click(screen.getByTestId('announcement-form-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = sentForm(calls, '/admin/announcement/a-2');
    expect(sent.get('content')).toContain('Aggiornato.');
    // What the server ignores once sent goes back as it was.
    expect(sent.get('requiresAck')).toBe('true');
    expect(sent.get('sendAt')).toBe('2026-11-02 09:00');
    expect(sent.get('keepAttachmentIds')).toBe('f-1');
  });

  it('leaving with unsaved changes asks first', async () => {
    fakeApi({
      ...adminSession,
      ...workspaceZone,
      ...lookups,
      'GET /admin/announcement/a-1': () => json(200, announcement()),
    });
    const { router } = render('/admin/announcement/a-1/edit');
    await user.type(await screen.findByTestId('announcement-title', {}, LOADED), '!');
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    const dialog = await screen.findByTestId('unsaved-changes-dialog');
    expect(dialog).toHaveTextContent('Modifiche non salvate');
    await user.click(within(dialog).getByRole('button', { name: 'Esci senza salvare' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/announcement/a-1'));
  });
});
