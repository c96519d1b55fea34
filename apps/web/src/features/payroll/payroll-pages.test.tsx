import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { RequireAuth } from '../../lib/auth/require-auth';
import { fakeApi, json, sessionOf, validationFailed } from '../../testing/fake-api';
import { page, renderRoutes } from '../../testing/render';
import { PayrollCompanyPage } from './payroll-company-page';
import { PayrollEmployeesPage } from './payroll-employees-page';
import { PayrollJustificationsPage } from './payroll-justifications-page';

const user = userEvent.setup({ delay: null });
/** The first render loads the page's catalogs and the session: give it time on a busy machine. */
const SLOW = { timeout: 10_000 };

const session = sessionOf();

beforeAll(async () => {
  await loadCatalogArea('payroll');
});

const guarded = (element: React.ReactNode) => <RequireAuth permission="payroll:settings">{element}</RequireAuth>;

describe('payroll integration', { timeout: 30_000 }, () => {
  it('company: checks the codes as the server does, shows the server’s field errors, saves and says so', async () => {
    let attempts = 0;
    const { calls } = fakeApi({
      ...session,
      'GET /admin/payroll/company': () =>
        json(200, { companyCode: null, branchCode: null, workedCode: 'ORD', overtimeCode: null }),
      'PUT /admin/payroll/company': ({ body }) =>
        ++attempts === 1
          ? validationFailed('Dati non validi', [
              { path: 'branchCode', message: 'Il codice filiale ha al massimo 2 cifre' },
            ])
          : json(200, body),
    });
    renderRoutes(
      [page('/integration/zucchetti/company', guarded(<PayrollCompanyPage />))],
      '/integration/zucchetti/company',
    );
    expect(await screen.findByDisplayValue('ORD', {}, SLOW)).toBeInTheDocument();
    // The three sections are tabs of one page.
    expect(screen.getByTestId('payroll-tab-employees')).toHaveAttribute('href', '/integration/zucchetti/user-info');
    expect(screen.getByTestId('payroll-tab-justifications')).toHaveAttribute(
      'href',
      '/integration/zucchetti/justification',
    );

    await user.type(screen.getByTestId('payroll-companyCode'), '12345');
    await user.type(screen.getByTestId('payroll-overtimeCode'), 'st-1');
    await user.click(screen.getByTestId('payroll-company-form-submit'));
    expect(await screen.findByText('Il codice azienda ha al massimo 4 cifre')).toBeInTheDocument();
    expect(screen.getByText('Il codice paghe ha al massimo 4 caratteri alfanumerici')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(screen.getByTestId('payroll-companyCode'));
    await user.type(screen.getByTestId('payroll-companyCode'), '01 23');
    await user.clear(screen.getByTestId('payroll-overtimeCode'));
    await user.type(screen.getByTestId('payroll-overtimeCode'), 'str');
    await user.type(screen.getByTestId('payroll-branchCode'), '7');
    await user.click(screen.getByTestId('payroll-company-form-submit'));
    expect(await screen.findByText('Il codice filiale ha al massimo 2 cifre')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      companyCode: '0123',
      branchCode: '7',
      workedCode: 'ORD',
      overtimeCode: 'STR',
    });
    await user.click(screen.getByTestId('payroll-company-form-submit'));
    expect(await screen.findByText('Codici aziendali salvati')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
  });

  it('employees: the missing count, the rows without a code, edited codes saved together, a refused row marked', async () => {
    const employees = [
      {
        id: 'ui-1',
        firstName: 'Mario',
        lastName: 'Rossi',
        fiscalCode: 'RSSMRA80A01H501U',
        enabled: true,
        payrollCode: '100',
      },
      { id: 'ui-2', firstName: 'Giulia', lastName: 'Esposito', fiscalCode: null, enabled: false, payrollCode: null },
    ];
    let saves = 0;
    const { calls, fetchMock } = fakeApi({
      ...session,
      'GET /admin/payroll/employees': () => json(200, { items: employees, total: 2, page: 1, perPage: 50, missing: 1 }),
      'PUT /admin/payroll/employees': () =>
        ++saves === 1
          ? validationFailed('Dati non validi', [
              { path: 'items.0.payrollCode', message: 'Il codice dipendente ha al massimo 9 cifre' },
            ])
          : json(200, { updated: 2, errors: [] }),
    });
    renderRoutes(
      [page('/integration/zucchetti/user-info', guarded(<PayrollEmployeesPage />))],
      '/integration/zucchetti/user-info',
    );
    expect(await screen.findByTestId('payroll-missing-count', {}, SLOW)).toHaveTextContent(
      'Dipendenti senza codice: 1',
    );
    const mario = await screen.findByTestId('payroll-code-ui-1');
    const giulia = screen.getByTestId('payroll-code-ui-2');
    expect(mario).toHaveValue('100');
    expect(giulia.closest('.MuiDataGrid-row')).toHaveClass('payroll-row-missing');
    expect(mario.closest('.MuiDataGrid-row')).not.toHaveClass('payroll-row-missing');
    expect(screen.getByText('Disattivato')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Codice paghe di Esposito Giulia' })).toBe(giulia);

    // A wrong code is marked at once and stops the save.
    await user.type(giulia, '12a');
    expect(await screen.findByText('Il codice dipendente ha al massimo 9 cifre')).toBeInTheDocument();
    expect(screen.getByTestId('payroll-employees-savebar-save')).toBeDisabled();
    await user.clear(giulia);
    await user.type(giulia, '2 00');
    await user.clear(mario);
    await user.type(mario, '101');
    expect(screen.getByTestId('payroll-employees-savebar')).toHaveTextContent('Modifiche non salvate: 2');
    await user.click(screen.getByTestId('payroll-employees-savebar-save'));
    // The server refuses the second row: its field is marked, nothing is lost.
    expect(await screen.findByTestId('payroll-employees-savebar-error')).toHaveTextContent(
      'Alcuni codici non sono validi',
    );
    // items.0 is Giulia's row (the order sent): the message is under her field.
    expect(
      within(giulia.closest('.MuiDataGrid-row') as HTMLElement).getByText('Il codice dipendente ha al massimo 9 cifre'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('payroll-employees-savebar-save')).toBeDisabled();
    const sent = calls.find((c) => c.method === 'PUT')!.body as { items: { id: string; payrollCode: string }[] };
    expect(sent.items).toEqual([
      { id: 'ui-2', payrollCode: '200' },
      { id: 'ui-1', payrollCode: '101' },
    ]);
    expect(giulia).toHaveValue('2 00');
    // Editing the refused row clears its mark; the second save goes through.
    await user.type(giulia, '0');
    await user.click(screen.getByTestId('payroll-employees-savebar-save'));
    expect(await screen.findByText('Codici salvati: 2')).toBeInTheDocument();
    expect(screen.getByTestId('payroll-employees-savebar')).toHaveTextContent('Scrivi i codici nella tabella');

    // "Solo senza codice" asks the server for the missing ones.
    await user.click(screen.getByTestId('payroll-only-missing'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('missing=true'))).toBe(true));
  });

  it('employees: the file import explains its columns, lists the refused rows, then imports', async () => {
    let attempts = 0;
    fakeApi({
      ...session,
      'GET /admin/payroll/employees': () => json(200, { items: [], total: 0, page: 1, perPage: 50, missing: 0 }),
      'POST /admin/payroll/employees/import': () =>
        ++attempts === 1
          ? validationFailed('Il file contiene 2 righe con errori: nessun codice è stato importato', [
              { path: 'rows.2.fiscalCode', message: 'Riga 2: Nessun dipendente con codice fiscale X' },
              { path: 'rows.4.code', message: 'Riga 4: Il codice dipendente ha al massimo 9 cifre' },
            ])
          : json(200, { updated: 3, errors: [] }),
    });
    renderRoutes(
      [page('/integration/zucchetti/user-info', guarded(<PayrollEmployeesPage />))],
      '/integration/zucchetti/user-info',
    );
    expect(await screen.findByTestId('payroll-missing-count', {}, SLOW)).toHaveTextContent(
      'Tutti i dipendenti hanno un codice',
    );
    await user.click(screen.getByTestId('payroll-import-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Importa i codici dei dipendenti' });
    expect(dialog).toHaveTextContent('codice_fiscale');
    expect(dialog).toHaveTextContent('codice: il codice del dipendente nel software paghe');
    expect(within(dialog).getByTestId('payroll-import-run')).toBeDisabled();
    await user.upload(
      within(dialog).getByTestId('payroll-import-input'),
      new File(['codice_fiscale;codice\nX;1'], 'codici.csv', { type: 'text/csv' }),
    );
    expect(within(dialog).getByTestId('payroll-import-file-name')).toHaveTextContent('codici.csv');
    await user.click(within(dialog).getByTestId('payroll-import-run'));
    const error = await within(dialog).findByTestId('payroll-import-error');
    expect(error).toHaveTextContent('Il file contiene 2 righe con errori');
    expect(error).toHaveTextContent('Riga 2: Nessun dipendente con codice fiscale X');
    expect(error).toHaveTextContent('Riga 4: Il codice dipendente ha al massimo 9 cifre');
    await user.click(within(dialog).getByTestId('payroll-import-run'));
    expect(await screen.findByText('Codici importati: 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('absence types: every type with its payroll code, edited in the grid and saved upper-cased', async () => {
    const types = [
      { id: 'j-fer', code: 'FER', name: 'Ferie', enabled: true, payrollCode: 'FE' },
      { id: 'j-mal', code: 'MAL', name: 'Malattia', enabled: false, payrollCode: null },
    ];
    let stored = types;
    const { calls } = fakeApi({
      ...session,
      'GET /admin/payroll/justifications': () => json(200, stored),
      'PUT /admin/payroll/justifications': () => {
        stored = [types[0]!, { ...types[1]!, payrollCode: 'MA1' }];
        return json(200, stored);
      },
    });
    renderRoutes(
      [page('/integration/zucchetti/justification', guarded(<PayrollJustificationsPage />))],
      '/integration/zucchetti/justification',
    );
    expect(await screen.findByTestId('payroll-justifications-missing', {}, SLOW)).toHaveTextContent(
      'Giustificativi senza codice paghe: 1',
    );
    const mal = screen.getByTestId('payroll-code-j-mal');
    expect(mal.closest('.MuiDataGrid-row')).toHaveClass('payroll-row-missing');
    expect(screen.getByTestId('payroll-code-j-fer')).toHaveValue('FE');
    await user.type(mal, 'ma-1');
    expect(await screen.findByText('Il codice paghe ha al massimo 4 caratteri alfanumerici')).toBeInTheDocument();
    await user.clear(mal);
    await user.type(mal, ' ma1 ');
    await user.click(screen.getByTestId('payroll-justifications-savebar-save'));
    expect(await screen.findByText('Codici salvati: 1')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ items: [{ id: 'j-mal', payrollCode: 'MA1' }] });
    await waitFor(() => expect(screen.getByTestId('payroll-code-j-mal')).toHaveValue('MA1'));
    expect(screen.getByTestId('payroll-justifications-missing')).toHaveTextContent(
      'Tutti i giustificativi hanno un codice paghe',
    );
  });
});
