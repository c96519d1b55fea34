import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json } from '../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../testing/render';
import { MonthLogDetailPage } from './month-log-detail-page';
import { accountantSession, adminSession, monthLog, monthLogDetail, page, payrollExport } from './month-logs.fixtures';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('monthLogs');
});

const renderDetail = (path = '/admin/month-log/ml-2') =>
  renderRoutes(
    [
      guardedPage('/admin/month-log/:id', 'month-log:read', <MonthLogDetailPage />),
      route('/admin/month-log', <p>elenco</p>),
    ],
    path,
  );

const versions = {
  'GET /admin/month-log': () =>
    json(200, page([monthLog(), monthLog({ id: 'ml-1', versionNumber: 1, latest: false })])),
};
const justifications = {
  'GET /attendance/ajax/justifications': () =>
    json(200, [
      {
        id: 'j-fer',
        code: 'FER',
        name: 'Ferie',
        impact: 'decrease',
        unit: 'hour',
        enabled: true,
        groupId: null,
        groupName: null,
        requiresCertificate: false,
        payrollCode: null,
      },
    ]),
};

describe('month-log detail', { timeout: 30_000 }, () => {
  it('shows the version: header, employees with their figures in h:mm, absence types and balances at month end', async () => {
    fakeApi({
      ...adminSession,
      ...versions,
      ...justifications,
      'GET /admin/month-log/ml-2': () => json(200, monthLogDetail({ forced: true, problems: 4 })),
    });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Ottobre 2026 · versione 2' })).toBeInTheDocument();
    const summary = screen.getByTestId('month-log-summary');
    expect(summary).toHaveTextContent('Completata');
    expect(summary).toHaveTextContent('Anna Bianchi');
    expect(screen.getByTestId('summary-forced')).toHaveTextContent(
      'Chiusa comunque: il controllo aveva segnalato dei problemi (4).',
    );
    const grid = screen.getByTestId('month-log-employees');
    const rows = within(grid).getAllByRole('row');
    // Sorted by name: Esposito, Rossi.
    expect(rows[1]).toHaveTextContent('Esposito Giulia');
    expect(rows[2]).toHaveTextContent('Rossi Mario');
    expect(within(grid).getByRole('columnheader', { name: /FER/ })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('160:00'); // expected
    expect(rows[2]).toHaveTextContent('150:00'); // worked
    expect(rows[2]).toHaveTextContent('8:00'); // justified, FER
    expect(rows[2]).toHaveTextContent('−2:00'); // balance
    await waitFor(() => expect(rows[2]).toHaveTextContent('82,5 h'));
    expect(screen.getByTestId('detail-reopen')).toBeInTheDocument();
    expect(screen.getByTestId('detail-regenerate')).toBeInTheDocument();
  });

  it('changed after the version: the banner with the changes and "Rigenera" opening the close flow on the month', async () => {
    fakeApi({
      ...adminSession,
      ...versions,
      ...justifications,
      'GET /admin/month-log/ml-2': () => json(200, monthLogDetail({ changesSince: 2 })),
      'GET /admin/month-log/ml-2/changes': () =>
        json(200, [
          {
            id: 7,
            date: '2026-10-12',
            userInfo: { id: 'ui-mario', name: 'Rossi Mario' },
            entityType: 'punch',
            entityId: 'p-1',
            action: 'punch.create',
            actor: { id: 'u-anna', name: 'Anna Bianchi' },
            createdAt: '2026-11-05T08:00:00.000Z',
          },
          {
            id: 8,
            date: '2026-10-13',
            userInfo: { id: 'ui-mario', name: 'Rossi Mario' },
            entityType: 'justification-request',
            entityId: 'r-1',
            action: 'request.approve',
            actor: null,
            createdAt: '2026-11-05T09:00:00.000Z',
          },
        ]),
      'GET /admin/month-log/precheck': () =>
        json(200, { month: '2026-10', endOfMonth: '2026-10-31', employees: 2, items: [], problems: 0 }),
    });
    renderDetail();
    const banner = await screen.findByTestId('changes-banner');
    expect(banner).toHaveTextContent('Modificato dopo la versione 2: 2 modifiche');
    await user.click(within(banner).getByRole('button', { name: 'Mostra le modifiche' }));
    const list = await within(banner).findByTestId('changes-list');
    expect(list).toHaveTextContent('Rossi Mario · Timbratura aggiunta');
    expect(list).toHaveTextContent('Richiesta approvata');
    await user.click(within(banner).getByRole('button', { name: 'Rigenera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rigenera ottobre 2026' });
    expect(await within(dialog).findByTestId('precheck-ok')).toBeInTheDocument();
  });

  it('Differenze: the changed lines against the previous version, or "Nessuna differenza"; the first version says so', async () => {
    let rows: unknown[] = [];
    const { fetchMock } = fakeApi({
      ...adminSession,
      ...versions,
      ...justifications,
      'GET /admin/month-log/ml-2': () => json(200, monthLogDetail()),
      'GET /admin/month-log/ml-2/diff': () =>
        json(200, { from: { id: 'ml-1', versionNumber: 1 }, to: { id: 'ml-2', versionNumber: 2 }, rows }),
      'GET /admin/month-log/ml-1': () => json(200, monthLogDetail({ id: 'ml-1', versionNumber: 1, latest: false })),
      'GET /admin/month-log/ml-1/diff': () => json(200, { from: null, to: { id: 'ml-1', versionNumber: 1 }, rows: [] }),
    });
    const { unmount } = renderDetail('/admin/month-log/ml-2?tab=diff');
    const tab = await screen.findByTestId('month-log-diff');
    expect(await within(tab).findByText('Nessuna differenza rispetto alla versione 1')).toBeInTheDocument();
    expect(within(tab).getByRole('combobox')).toHaveTextContent(/Versione 1 del/);
    unmount();

    rows = [
      {
        userInfo: { id: 'ui-mario', name: 'Rossi Mario' },
        date: '2026-10-12',
        item: 'worked',
        itemLabel: 'Ore lavorate',
        before: 420,
        after: 480,
      },
      {
        userInfo: { id: 'ui-mario', name: 'Rossi Mario' },
        date: '2026-10-13',
        item: 'j-fer',
        itemLabel: 'FER — Ferie',
        before: 480,
        after: 0,
      },
    ];
    const { router } = renderDetail('/admin/month-log/ml-2?tab=diff');
    const grid = await screen.findByTestId('diff-grid');
    await within(grid).findByText('FER — Ferie');
    const lines = within(grid).getAllByRole('row');
    expect(lines[1]).toHaveTextContent('Rossi Mario');
    expect(lines[1]).toHaveTextContent('Ore lavorate');
    expect(lines[1]).toHaveTextContent('7:00');
    expect(lines[1]).toHaveTextContent('+1:00');
    expect(lines[2]).toHaveTextContent('−8:00');
    expect(screen.getByText('Rispetto alla versione 1: righe cambiate 2, dipendenti coinvolti 1')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/admin/month-log/ml-2/diff'))).toBe(true);

    await router.navigate('/admin/month-log/ml-1?tab=diff');
    expect(await screen.findByTestId('diff-first')).toHaveTextContent(
      "Questa è la prima versione del mese: non c'è una versione precedente con cui confrontarla.",
    );
  });

  it('Esportazioni: a refused export lists every missing code with the way to the integration pages', async () => {
    const { calls } = fakeApi({
      ...adminSession,
      ...versions,
      ...justifications,
      'GET /admin/month-log/ml-2': () => json(200, monthLogDetail()),
      'GET /admin/month-log/ml-2/exports': () => json(200, []),
      'POST /admin/month-log/ml-2/export': () =>
        json(409, {
          code: 'CONFLICT',
          message: 'Il file non può essere creato: correggi i codici paghe indicati',
          errors: [
            { path: 'codes.company', message: 'Manca il codice azienda (Integrazione paghe › Azienda)' },
            { path: 'codes.employee.ui-mario', message: 'Manca il codice dipendente di Rossi Mario' },
            { path: 'codes.item.j-fer', message: 'Manca il codice paghe di «FER — Ferie»' },
          ],
        }),
    });
    renderDetail('/admin/month-log/ml-2?tab=exports');
    const form = await screen.findByTestId('export-form');
    expect(await within(form).findByTestId('export-changes-since')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Crea il file' }));
    const refusal = await within(form).findByTestId('export-refusal');
    expect(refusal).toHaveTextContent('Il file non può essere creato: correggi i codici paghe indicati');
    const items = within(within(refusal).getByTestId('export-refusal-list')).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Manca il codice azienda (Integrazione paghe › Azienda)',
      'Manca il codice dipendente di Rossi Mario',
      'Manca il codice paghe di «FER — Ferie»',
    ]);
    expect(within(refusal).getByRole('link', { name: "Codici dell'azienda" })).toHaveAttribute(
      'href',
      '/integration/zucchetti/company',
    );
    expect(within(refusal).getByRole('link', { name: 'Codici dei dipendenti' })).toHaveAttribute(
      'href',
      '/integration/zucchetti/user-info',
    );
    expect(within(refusal).getByRole('link', { name: 'Codici dei giustificativi' })).toHaveAttribute(
      'href',
      '/integration/zucchetti/justification',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ profile: 'zucchetti' });
  });

  it('Esportazioni: a changes-only file joins the history; each file downloads through the API', async () => {
    const created = payrollExport({
      id: 'pe-2',
      profile: 'csv',
      baseVersionNumber: 1,
      fileName: 'paghe_2026-10_v2-v1.csv',
    });
    const { calls } = fakeApi({
      ...accountantSession,
      ...versions,
      ...justifications,
      'GET /admin/month-log/ml-2': () => json(200, monthLogDetail()),
      'GET /admin/month-log/ml-2/exports': () => json(200, [payrollExport()]),
      'POST /admin/month-log/ml-2/export': () => json(200, created),
      'GET /admin/payroll-export/pe-1/download': () =>
        new Response('<xml/>', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="zucchetti_2026-10_v2.xml"' },
        }),
      'GET /admin/payroll-export/pe-2/download': () =>
        new Response('a;b', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="paghe_2026-10_v2-v1.csv"' },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:file');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderDetail('/admin/month-log/ml-2?tab=exports');

    const history = await screen.findByTestId('export-history');
    await within(history).findByText('zucchetti_2026-10_v2.xml');
    const first = within(history).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Zucchetti (movimenti XML)');
    expect(first).toHaveTextContent('42');
    expect(first).toHaveTextContent('15 kB');
    expect(first).toHaveTextContent('9f86d081884c…');
    expect(first).toHaveTextContent('Anna Bianchi');
    // Which company and month the file holds, beside its name (issue 30 item 17: INAZ's is always "DATRILEU").
    expect(within(first).getByTestId('export-holds-pe-1')).toHaveTextContent('Demo S.r.l. · ottobre 2026');

    // An accountant: no reopen; exports allowed.
    expect(screen.queryByTestId('detail-reopen')).not.toBeInTheDocument();
    const form = screen.getByTestId('export-form');
    await user.click(within(within(form).getByTestId('export-profile')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'CSV (griglia)' }));
    await user.click(within(within(form).getByTestId('export-changes-since')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Solo variazioni rispetto alla versione 1' }));
    await user.click(within(form).getByRole('button', { name: 'Crea il file' }));
    expect(await screen.findByText('File creato: paghe_2026-10_v2-v1.csv')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ profile: 'csv', changesSince: 'ml-1' });
    // The file made is downloaded at once (issue 30 item 17), under the server's name.
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === '/admin/payroll-export/pe-2/download')).toBe(true),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('paghe_2026-10_v2-v1.csv');
    expect(await within(history).findByText('paghe_2026-10_v2-v1.csv')).toBeInTheDocument();
    expect(within(history).getByText('v2 (variazioni da v1)')).toBeInTheDocument();

    await user.click(within(history).getByRole('button', { name: 'Scarica zucchetti_2026-10_v2.xml' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(calls.some((c) => c.method === 'GET' && c.path === '/admin/payroll-export/pe-1/download')).toBe(true);
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('Riapri il mese (admin): the reason is required (10 characters), the server’s refusal shows, then it is reopened', async () => {
    let reopened = false;
    const { calls } = fakeApi({
      ...adminSession,
      ...versions,
      ...justifications,
      'GET /admin/month-log/ml-2': () =>
        json(
          200,
          monthLogDetail(
            reopened
              ? {
                  reopenedAt: '2026-11-06T08:00:00.000Z',
                  reopenedBy: { id: 'u-anna', name: 'Anna Bianchi' },
                  reopenReason: 'Ferie di Mario dimenticate',
                }
              : {},
          ),
        ),
      'POST /admin/month-log/ml-2/reopen': (req) => {
        if ((req.body as { reason: string }).reason.startsWith('Errore'))
          return json(409, { code: 'CONFLICT', message: 'Il mese è già stato riaperto' });
        reopened = true;
        return json(200, monthLog({ reopenedAt: '2026-11-06T08:00:00.000Z' }));
      },
    });
    renderDetail();
    await user.click(await screen.findByTestId('detail-reopen'));
    const dialog = await screen.findByRole('dialog', { name: 'Riaprire ottobre 2026?' });
    await user.type(within(dialog).getByTestId('reopen-reason'), 'Breve');
    await user.click(within(dialog).getByRole('button', { name: 'Riapri il mese' }));
    expect(
      await within(dialog).findByText('Indica il motivo della riapertura (almeno 10 caratteri)'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/month-log/ml-2/reopen')).toBe(false);

    await user.clear(within(dialog).getByTestId('reopen-reason'));
    await user.type(within(dialog).getByTestId('reopen-reason'), 'Errore di prova lungo');
    await user.click(within(dialog).getByRole('button', { name: 'Riapri il mese' }));
    expect(await within(dialog).findByTestId('reopen-error')).toHaveTextContent('Il mese è già stato riaperto');

    await user.clear(within(dialog).getByTestId('reopen-reason'));
    await user.type(within(dialog).getByTestId('reopen-reason'), 'Ferie di Mario dimenticate');
    await user.click(within(dialog).getByRole('button', { name: 'Riapri il mese' }));
    expect(await screen.findByText('ottobre 2026: mese riaperto')).toBeInTheDocument();
    expect(await screen.findByTestId('summary-reopened')).toHaveTextContent('Motivo: «Ferie di Mario dimenticate»');
    await waitFor(() => expect(screen.queryByTestId('detail-reopen')).not.toBeInTheDocument());
  });
});
