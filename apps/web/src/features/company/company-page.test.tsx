import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { demoUserWith, fakeApi, json, sessionOf, validationFailed } from '../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../testing/render';
import { CompanyDetailsPage } from './company-page';
import type { Workspace } from './api/get-workspace';
import { demoWorkspace } from './company.fixtures';

const user = userEvent.setup({ delay: null, applyAccept: false });
/** The first render loads the page's catalogs and the session: give it time on a busy machine. */
const SLOW = { timeout: 10_000 };

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const STORED_LOGO = '11111111-1111-4111-8111-111111111111';
const NEW_LOGO = '22222222-2222-4222-8222-222222222222';

const workspace = (over: Partial<Workspace['workspace_company']> = {}): Workspace =>
  demoWorkspace({ website: 'https://demo.timbro.it', phoneNumber: '+390212345678', ...over });

const session = (roles: { admin: boolean; accountant: boolean }) =>
  sessionOf(demoUserWith({ ...roles, member: false }));
const adminSession = session({ admin: true, accountant: false });
const accountantSession = session({ admin: false, accountant: true });

const image = () => new Response(PNG, { status: 200, headers: { 'content-type': 'image/png' } });
const pngFile = (name = 'logo.png') => new File([PNG], name, { type: 'image/png' });

beforeAll(async () => {
  await loadCatalogArea('workspace');
});

const renderPage = () =>
  renderRoutes(
    [guardedPage('/admin/setting/workspace', 'settings:read', <CompanyDetailsPage />)],
    '/admin/setting/workspace',
  );

const field = (name: string) => screen.getByTestId(`company-${name}`);
const saves = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/admin/workspace/ws-demo').map((c) => c.body);

describe('company details', { timeout: 30_000 }, () => {
  it('checks the fields as the server does, with its Italian messages, and sends nothing until they pass', async () => {
    const { calls } = fakeApi({ ...adminSession, 'GET /admin/workspace/ws-demo': () => json(200, workspace()) });
    renderPage();
    expect(await screen.findByDisplayValue('Demo S.r.l.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dati aziendali' })).toBeInTheDocument();

    const replace = async (name: string, value: string) => {
      await user.clear(field(name));
      if (value) await user.type(field(name), value);
    };
    await replace('name', '   ');
    await replace('email', 'amministrazione@');
    await replace('vatNumber', '01907990013');
    await replace('fiscalCode', 'RSSMRA80A01H501A');
    await replace('website', 'demo.timbro');
    await replace('phoneNumber', '899 123 456');
    await replace('mobileNumber', '12');
    await replace('addressPostCode', '2012');
    await replace('addressProvince', 'xx');
    await user.click(screen.getByTestId('company-form-submit'));

    const form = screen.getByTestId('company-form');
    for (const message of [
      'Inserisci la ragione sociale',
      'Inserisci un indirizzo email valido',
      'La partita IVA non è valida',
      'Il codice fiscale non è valido',
      "L'indirizzo del sito non è valido",
      'Il numero di telefono non è valido',
      'Il numero di cellulare non è valido',
      'Il CAP non è valido',
      'La provincia non è valida',
    ])
      expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(field('addressProvince')).toHaveValue('XX');
    expect(field('name')).toHaveAttribute('aria-invalid', 'true');
    await replace('email', '');
    await user.click(screen.getByTestId('company-form-submit'));
    expect(await within(form).findByText("Inserisci l'indirizzo email")).toBeInTheDocument();
    expect(saves(calls)).toEqual([]);
  });

  it('saves the cleaned payload, puts the server’s field errors on their fields, then says it saved', async () => {
    let attempt = 0;
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/workspace/ws-demo': () => json(200, workspace()),
      'POST /admin/workspace/ws-demo': ({ body }) =>
        ++attempt === 1
          ? validationFailed('Dati non validi', [
              { path: 'workspace_company.vatNumber', message: 'La partita IVA non è valida' },
            ])
          : json(200, {
              ...workspace(),
              workspace_company: { ...(body as { workspace_company: object }).workspace_company },
            }),
    });
    renderPage();
    expect(await screen.findByDisplayValue('Via Torino 15', {}, SLOW)).toBeInTheDocument();
    await user.clear(field('addressStreet'));
    await user.type(field('addressStreet'), '  Corso Buenos Aires 1 ');
    await user.type(field('mobileNumber'), '+39 347 1234567');
    await user.clear(field('addressProvince'));
    await user.type(field('addressProvince'), 'mi');
    await user.clear(field('website'));
    await user.click(screen.getByTestId('company-form-submit'));

    // The server's refusal lands on its field; nothing shows above the form.
    expect(await within(screen.getByTestId('company-form')).findByText('La partita IVA non è valida')).toBeVisible();
    expect(field('vatNumber')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('company-form-error')).not.toBeInTheDocument();
    expect(saves(calls)[0]).toEqual({
      workspace_company: {
        ...workspace().workspace_company,
        website: null,
        mobileNumber: '+39 347 1234567',
        addressStreet: 'Corso Buenos Aires 1',
        addressProvince: 'MI',
      },
    });
    // Only the company is sent: the approval rule and the time zone stay as they are.
    expect(Object.keys(saves(calls)[0] as object)).toEqual(['workspace_company']);

    await user.click(screen.getByTestId('company-form-submit'));
    expect(await screen.findByText('Dati aziendali salvati')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(2);
    // The header's name and logo come from the workspace list: it is read again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/workspace/list').length).toBeGreaterThan(1));
  });

  it('logos: the stored one is shown; a new one is checked, previewed, uploaded on save and sent by id; removing sends null', async () => {
    let uploads = 0;
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/workspace/ws-demo': () => json(200, workspace({ logo: STORED_LOGO })),
      [`GET /workspace/logo/${STORED_LOGO}`]: image,
      'POST /admin/file/logo': () =>
        ++uploads === 1
          ? json(413, {
              code: 'PAYLOAD_TOO_LARGE',
              message: 'Il file è troppo grande: il massimo è 2 MB',
              errors: [{ path: 'file', message: 'Il file è troppo grande: il massimo è 2 MB' }],
            })
          : json(200, {
              id: NEW_LOGO,
              name: 'quadrato.png',
              contentType: 'image/png',
              size: PNG.length,
              sha256: 'a'.repeat(64),
              createdAt: '2026-09-01T10:00:00.000Z',
            }),
      'POST /admin/workspace/ws-demo': ({ body }) =>
        json(200, { ...workspace(), workspace_company: (body as { workspace_company: object }).workspace_company }),
    });
    renderPage();
    const wide = await screen.findByTestId('company-logo', {}, SLOW);
    const stored = await within(wide).findByTestId('company-logo-preview');
    expect(stored.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(stored).toHaveAccessibleName('Logo orizzontale: anteprima');
    expect(within(wide).getByTestId('company-logo-choose')).toHaveTextContent('Sostituisci');

    // The square logo: a wrong type is refused here, with the server's words; nothing is uploaded.
    const square = screen.getByTestId('company-squareLogo');
    expect(within(square).getByText('Nessun logo')).toBeInTheDocument();
    await user.upload(within(square).getByTestId('company-squareLogo-input'), new File(['<svg/>'], 'logo.svg'));
    expect(within(square).getByTestId('company-squareLogo-help')).toHaveTextContent(
      'Tipo di file non ammesso: sono accettati PNG, JPEG, WEBP',
    );
    await user.upload(within(square).getByTestId('company-squareLogo-input'), pngFile('quadrato.png'));
    expect((await within(square).findByTestId('company-squareLogo-preview')).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(within(square).getByTestId('company-squareLogo-pending')).toHaveTextContent(
      'Nuova immagine: sarà caricata quando salvi.',
    );
    expect(calls.some((c) => c.path === '/admin/file/logo')).toBe(false);

    // The wide logo removed.
    await user.click(within(wide).getByTestId('company-logo-remove'));
    expect(within(wide).queryByTestId('company-logo-preview')).not.toBeInTheDocument();

    // First save: the upload is refused (413) → on the square logo's field, the company is not sent.
    await user.click(screen.getByTestId('company-form-submit'));
    expect(await within(square).findByText('Il file è troppo grande: il massimo è 2 MB')).toBeInTheDocument();
    expect(saves(calls)).toEqual([]);

    // Second save: uploaded as multipart, then the company with the new id and without the removed logo.
    await user.click(screen.getByTestId('company-form-submit'));
    expect(await screen.findByText('Dati aziendali salvati')).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/admin/file/logo').at(-1)!.body as FormData;
    expect((sent.get('file') as File).name).toBe('quadrato.png');
    expect(saves(calls)).toHaveLength(1);
    expect((saves(calls)[0] as { workspace_company: object }).workspace_company).toMatchObject({
      logo: null,
      squareLogo: NEW_LOGO,
    });
    // The uploaded image is shown from what was chosen: no call for an image the server would not serve yet.
    expect(within(square).getByTestId('company-squareLogo-preview').getAttribute('src')).toMatch(/^data:image\/png/);
    expect(calls.some((c) => c.path === `/workspace/logo/${NEW_LOGO}`)).toBe(false);
    expect(within(square).queryByTestId('company-squareLogo-pending')).not.toBeInTheDocument();
  });

  it('read-only for the accountant: the details and logos shown, nothing to edit, nothing to send', async () => {
    const { calls } = fakeApi({
      ...accountantSession,
      'GET /admin/workspace/ws-demo': () => json(200, workspace({ squareLogo: STORED_LOGO })),
      [`GET /workspace/logo/${STORED_LOGO}`]: image,
    });
    renderPage();
    const view = await screen.findByTestId('company-view', {}, SLOW);
    expect(within(view).getByTestId('company-read-only')).toHaveTextContent(
      'Puoi consultare i dati aziendali; solo gli amministratori possono modificarli.',
    );
    expect(within(view).getByTestId('company-view-name')).toHaveTextContent('Ragione socialeDemo S.r.l.');
    expect(within(view).getByTestId('company-view-vatNumber')).toHaveTextContent('01907990012');
    expect(within(view).getByTestId('company-view-mobileNumber')).toHaveTextContent('Non indicato');
    expect((await within(view).findByTestId('company-squareLogo-preview')).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(within(view).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(view).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('company-form')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('the company’s file storage (issue 30 item 8)', { timeout: 30_000 }, () => {
  it('shows the space and the files used against the quota, and warns from 80 %', async () => {
    fakeApi({
      ...accountantSession,
      'GET /admin/workspace/ws-demo': () => json(200, workspace()),
      'GET /admin/file/storage': () =>
        json(200, { usedBytes: 1.7 * 1024 ** 3, usedFiles: 1234, quotaMb: 2048, quotaFiles: 20000 }),
    });
    renderPage();
    const card = await screen.findByTestId('company-storage', {}, SLOW);
    expect(card).toHaveTextContent('Usati 1,7 GB di 2 GB · 1234 file di 20.000');
    expect(within(card).getByRole('progressbar', { name: 'Spazio usato: 85%' })).toHaveAttribute('aria-valuenow', '85');
    expect(screen.getByTestId('company-storage-warning')).toHaveTextContent(
      'Lo spazio per i file è quasi esaurito (85%)',
    );
  });

  it('no warning while there is room', async () => {
    fakeApi({
      ...adminSession,
      'GET /admin/workspace/ws-demo': () => json(200, workspace()),
      'GET /admin/file/storage': () =>
        json(200, { usedBytes: 5 * 1024 ** 2, usedFiles: 12, quotaMb: 2048, quotaFiles: 20000 }),
    });
    renderPage();
    expect(await screen.findByTestId('company-storage', {}, SLOW)).toHaveTextContent(
      'Usati 5 MB di 2 GB · 12 file di 20.000',
    );
    expect(screen.queryByTestId('company-storage-warning')).toBeNull();
  });
});
