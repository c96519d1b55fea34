import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { demoUser, demoWorkspaces, fakeApi, json } from '../../testing/fake-api';
import { guardedPage, page, renderRoutes } from '../../testing/render';
import { PlatformWorkspaceListPage } from './workspace-list-page';
import { PlatformWorkspaceNewPage } from './workspace-new-page';

/** Typing without a pause between keys: a busy machine must not time the tests out. */
const user = userEvent.setup({ delay: null });
/** The first rows can take a while on a loaded machine (the grid lays out after the data). */
const FIRST_ROWS = { timeout: 5000 };

beforeAll(async () => {
  await loadCatalogArea('platform');
});

const operatorUser = {
  ...demoUser,
  id: 'u-op',
  email: 'operator@demo.timbro.it',
  is_operator: true,
  workspace_roles: [{ ...demoUser.workspace_roles[0]!, oimmei: true, admin: false }],
  attendance_infos: [],
};
const operatorSession = {
  'GET /user': () => json(200, operatorUser),
  'GET /workspace/list': () =>
    json(
      200,
      [
        ...demoWorkspaces,
        { id: 'ws-beta', name: 'Beta S.p.A.', attendance_auto_approve_request: false, square_logo: null },
      ],
      {
        'x-workspace-id': 'ws-demo',
      },
    ),
};

const workspace = (over: Record<string, unknown> = {}) => ({
  id: 'ws-demo',
  name: 'Demo S.r.l.',
  email: 'info@demo.timbro.it',
  vatNumber: '12345670587',
  createdAt: '2026-01-10T09:00:00.000Z',
  disabledAt: null,
  employeesCount: 14,
  adminsCount: 1,
  pendingAdminsCount: 0,
  storage: { usedBytes: 12.5 * 1024 * 1024, usedFiles: 340, quotaMb: 2048, quotaFiles: 20000 },
  ...over,
});
const pageOf = (items: unknown[]) => ({ items, total: items.length, page: 1, perPage: 25 });

const renderList = () =>
  renderRoutes(
    [
      guardedPage('/operator/workspace', 'platform:manage', <PlatformWorkspaceListPage />),
      page('/operator/workspace/new', <p>nuova azienda</p>),
    ],
    '/operator/workspace',
  );

describe('the platform’s workspaces', { timeout: 20_000 }, () => {
  it('lists every workspace with its counts and state, searching on the server', async () => {
    const { calls } = fakeApi({
      ...operatorSession,
      'GET /platform/workspace': ({ query }) =>
        json(
          200,
          query.get('search')
            ? pageOf([
                workspace({ id: 'ws-beta', name: 'Beta S.p.A.', email: null, vatNumber: null, employeesCount: 3 }),
              ])
            : pageOf([
                workspace(),
                workspace({
                  id: 'ws-gamma',
                  name: 'Gamma S.n.c.',
                  email: 'amministrazione@gamma.example.it',
                  vatNumber: null,
                  employeesCount: 0,
                  adminsCount: 0,
                  pendingAdminsCount: 1,
                  disabledAt: '2026-11-20T10:00:00.000Z',
                }),
              ]),
        ),
    });
    renderList();
    expect(await screen.findByRole('heading', { name: 'Aziende' })).toBeInTheDocument();
    const grid = screen.getByTestId('platform-workspace-grid');
    expect(await within(grid).findByText('Demo S.r.l.', {}, FIRST_ROWS)).toBeInTheDocument();
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('info@demo.timbro.it');
    expect(rows[0]).toHaveTextContent('12345670587');
    expect(rows[0]).toHaveTextContent('14');
    expect(rows[0]).toHaveTextContent('Attiva');
    expect(within(rows[0]!).getByRole('button', { name: 'Disattiva Demo S.r.l.' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Gamma S.n.c.');
    expect(rows[1]).toHaveTextContent('Inviti in attesa: 1');
    expect(rows[1]).toHaveTextContent('Disattivata');
    expect(within(rows[1]!).getByRole('button', { name: 'Riattiva Gamma S.n.c.' })).toBeInTheDocument();
    expect(screen.getByTestId('platform-workspace-new')).toHaveAttribute('href', '/operator/workspace/new');

    const first = calls.find((c) => c.path === '/platform/workspace')!;
    expect(first.method).toBe('GET');
    await user.type(screen.getByTestId('platform-workspace-search'), 'beta');
    expect(await within(grid).findByText('Beta S.p.A.')).toBeInTheDocument();
    await waitFor(() => expect(within(grid).queryByText('Demo S.r.l.')).not.toBeInTheDocument());
  });

  it('shows the empty state, the filtered empty state and a failure with a retry', async () => {
    let attempts = 0;
    fakeApi({
      ...operatorSession,
      'GET /platform/workspace': ({ query }) =>
        query.get('search')
          ? json(200, pageOf([]))
          : ++attempts === 1
            ? json(503, { code: 'UNAVAILABLE', message: 'Servizio momentaneamente non disponibile' })
            : json(200, pageOf([])),
    });
    renderList();
    expect(await screen.findByText('Servizio momentaneamente non disponibile', {}, FIRST_ROWS)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Nessuna azienda sulla piattaforma')).toBeInTheDocument();
    expect(within(screen.getByTestId('grid-empty')).getByRole('link', { name: 'Nuova azienda' })).toBeInTheDocument();
    await user.type(screen.getByTestId('platform-workspace-search'), 'zzz');
    expect(await screen.findByText('Nessuna azienda trovata')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancella la ricerca' }));
    expect(await screen.findByText('Nessuna azienda sulla piattaforma')).toBeInTheDocument();
  });

  it('"Disattiva" explains the effect first; a refusal shows in the dialog; the operator moves out of it', async () => {
    let disabled = false;
    let attempts = 0;
    const { calls } = fakeApi({
      ...operatorSession,
      'GET /platform/workspace': () =>
        json(200, pageOf([workspace({ disabledAt: disabled ? '2026-11-22T08:00:00.000Z' : null })])),
      'POST /platform/workspace/ws-demo/disable': () => {
        if (++attempts === 1)
          return json(503, { code: 'UNAVAILABLE', message: 'Servizio momentaneamente non disponibile' });
        disabled = true;
        return json(200, workspace({ disabledAt: '2026-11-22T08:00:00.000Z' }));
      },
    });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Disattiva Demo S.r.l.' }, FIRST_ROWS));
    const dialog = await screen.findByRole('dialog', { name: 'Disattivare Demo S.r.l.?' });
    expect(dialog).toHaveTextContent('non potranno più entrarci');
    expect(dialog).toHaveTextContent('nessun dato viene cancellato');
    expect(dialog).toHaveTextContent('le sue persone vedranno un avviso');
    expect(dialog).toHaveTextContent('restano in attesa e partono quando la riattivi');
    await user.click(within(dialog).getByRole('button', { name: 'Disattiva l’azienda' }));
    expect(await within(dialog).findByText('Servizio momentaneamente non disponibile')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Disattiva l’azienda' }));
    expect(await screen.findByText('Demo S.r.l. è stata disattivata')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Riattiva Demo S.r.l.' })).toBeInTheDocument();
    // The operator was working in Demo: the session moves to another workspace (the header must not name Demo).
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/user').at(-1)!;
      expect(last.headers['X-Workspace-Id'] ?? last.headers['x-workspace-id']).toBe('ws-beta');
    });
  });

  it('"Riattiva" says people get their access back, then enables', async () => {
    const { calls } = fakeApi({
      ...operatorSession,
      'GET /platform/workspace': () =>
        json(
          200,
          pageOf([workspace({ id: 'ws-old', name: 'Vecchia S.r.l.', disabledAt: '2026-10-01T08:00:00.000Z' })]),
        ),
      'POST /platform/workspace/ws-old/enable': () => json(200, workspace({ id: 'ws-old', name: 'Vecchia S.r.l.' })),
    });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Riattiva Vecchia S.r.l.' }, FIRST_ROWS));
    const dialog = await screen.findByRole('dialog', { name: 'Riattivare Vecchia S.r.l.?' });
    expect(dialog).toHaveTextContent('potranno di nuovo entrare');
    await user.click(within(dialog).getByRole('button', { name: 'Riattiva l’azienda' }));
    expect(await screen.findByText('Vecchia S.r.l. è di nuovo attiva')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/platform/workspace/ws-old/enable']);
  });

  it('is the operator’s only: an admin gets the 403 page and no call is made', async () => {
    const { calls } = fakeApi({
      'GET /user': () => json(200, { ...demoUser, is_operator: false }),
      'GET /workspace/list': () => json(200, demoWorkspaces, { 'x-workspace-id': 'ws-demo' }),
    });
    renderList();
    expect(await screen.findByText('Non autorizzato')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/platform'))).toBe(false);
  });
});

describe('a new workspace', { timeout: 20_000 }, () => {
  const renderNew = () =>
    renderRoutes(
      [
        guardedPage('/operator/workspace/new', 'platform:manage', <PlatformWorkspaceNewPage />),
        page('/operator/workspace', <p>elenco aziende</p>),
      ],
      '/operator/workspace/new',
    );

  it('checks the fields, shows the server’s refusal on its field, then creates and goes back to the list', async () => {
    let attempts = 0;
    const { calls } = fakeApi({
      ...operatorSession,
      'POST /platform/workspace': () =>
        ++attempts === 1
          ? json(409, {
              code: 'CONFLICT',
              message: 'Esiste già un’azienda con questa ragione sociale',
              errors: [{ path: 'workspace_company.name', message: 'Esiste già un’azienda con questa ragione sociale' }],
            })
          : json(
              200,
              workspace({
                id: 'ws-gamma',
                name: 'Gamma S.n.c.',
                employeesCount: 0,
                adminsCount: 0,
                pendingAdminsCount: 1,
              }),
            ),
    });
    const { router } = renderNew();
    await user.click(await screen.findByTestId('platform-workspace-form-submit'));
    expect(await screen.findByText('Inserisci la ragione sociale')).toBeInTheDocument();
    expect(screen.getAllByText("Inserisci l'indirizzo email")).toHaveLength(2);
    expect(screen.getByText('Inserisci il nome')).toBeInTheDocument();
    expect(screen.getByText('Inserisci il cognome')).toBeInTheDocument();
    expect(screen.getByText('Inserisci il codice fiscale')).toBeInTheDocument();

    await user.type(screen.getByTestId('company-name'), 'Gamma S.n.c.');
    await user.type(screen.getByTestId('company-email'), 'amministrazione@gamma.example.it');
    await user.type(screen.getByTestId('company-vat-number'), '123');
    await user.type(screen.getByTestId('admin-first-name'), 'Elena');
    await user.type(screen.getByTestId('admin-last-name'), 'Conti');
    await user.type(screen.getByTestId('admin-email'), 'elena.conti@gamma.example.it');
    await user.type(screen.getByTestId('admin-fiscal-code'), 'cntlne84b51l219x');
    await user.click(screen.getByTestId('platform-workspace-form-submit'));
    expect(await screen.findByText('La partita IVA non è valida')).toBeInTheDocument();
    expect(screen.getByText('Il codice fiscale non è valido')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(screen.getByTestId('company-vat-number'));
    await user.clear(screen.getByTestId('admin-fiscal-code'));
    await user.type(screen.getByTestId('admin-fiscal-code'), 'RSSMRA80A01H501U');
    await user.click(screen.getByTestId('platform-workspace-form-submit'));
    expect(await screen.findByText('Esiste già un’azienda con questa ragione sociale')).toBeInTheDocument();
    expect(screen.getByTestId('company-name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      workspace_company: { name: 'Gamma S.n.c.', email: 'amministrazione@gamma.example.it' },
      admin: {
        email: 'elena.conti@gamma.example.it',
        firstName: 'Elena',
        lastName: 'Conti',
        fiscalCode: 'RSSMRA80A01H501U',
      },
    });
    await user.click(screen.getByTestId('platform-workspace-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/workspace'));
    expect(
      await screen.findByText('Gamma S.n.c. è stata creata: abbiamo invitato elena.conti@gamma.example.it'),
    ).toBeInTheDocument();
  });
});

describe('the file storage quota (issue 30 item 8)', () => {
  it('shows each company’s storage, and the operator sets its quota, checked first, then saved', async () => {
    const { calls } = fakeApi({
      ...operatorSession,
      'GET /platform/workspace': () => json(200, pageOf([workspace()])),
      'POST /platform/workspace/ws-demo/quota': (req) =>
        json(200, workspace({ storage: { ...workspace().storage, ...(req.body as object) } })),
    });
    renderList();
    const button = await screen.findByTestId('workspace-quota-ws-demo', {}, FIRST_ROWS);
    expect(button).toHaveTextContent('12,5 MB / 2 GB');
    expect(button).toHaveAccessibleName('Spazio per i file di Demo S.r.l.: 12,5 MB di 2 GB. Modifica');
    await user.click(button);
    const dialog = await screen.findByTestId('workspace-quota-dialog');
    expect(dialog).toHaveTextContent('L’azienda usa ora 12,5 MB in 340 file.');
    const mb = within(dialog).getByTestId('quota-mb');
    await user.clear(mb);
    await user.type(mb, '5');
    await user.click(within(dialog).getByTestId('quota-save'));
    expect(await within(dialog).findByText('Indica lo spazio in MB, tra 10 e 1.048.576 (1 TB)')).toBeInTheDocument();
    // Below what the company uses already: said before saving.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Il limite è sotto ciò che l’azienda usa già');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(mb);
    await user.type(mb, '4096');
    await user.click(within(dialog).getByTestId('quota-save'));
    await waitFor(() => expect(screen.queryByTestId('workspace-quota-dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ quotaMb: 4096, quotaFiles: 20000 });
  });
});
