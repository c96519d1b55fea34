import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, sessionOf, validationFailed } from '../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../testing/render';
import { importTemplateCsv } from './import-template';
import { UserImportPage } from './user-import-page';

/** Typing without a pause between keys: the forms are long, and a busy machine must not time the tests out. */
const user = userEvent.setup({ delay: null });

const session = sessionOf();

const row = (
  line: number,
  firstName: string,
  extra: Partial<ImportPreview['rows'][number]> = {},
): ImportPreview['rows'][number] => ({
  line,
  values: {
    firstName,
    lastName: 'Rossi',
    email: `${firstName.toLowerCase()}@example.it`,
    fiscalCode: 'RSSLRA90E52H501N',
    roles: 'dipendente',
    workEmail: '',
    pec: '',
    groups: 'Magazzino',
  },
  errors: [],
  action: 'create',
  ...extra,
});

const preview: ImportPreview = {
  rows: [
    row(2, 'Laura'),
    row(3, 'Paolo'),
    row(4, 'Giorgia', {
      action: 'skip',
      errors: [
        { field: 'fiscalCode', message: 'Il codice fiscale non è valido' },
        { field: 'workEmail', message: "Inserisci l'email aziendale" },
      ],
    }),
  ],
  total: 3,
  valid: 2,
  invalid: 1,
  columns: ['firstName', 'lastName', 'email', 'fiscalCode', 'roles', 'workEmail', 'pec', 'groups'],
};

function renderImport() {
  return renderRoutes([guardedPage('/admin/user/import', 'user:write', <UserImportPage />)], '/admin/user/import');
}

const csv = (name = 'dipendenti.csv') =>
  new File([`${importTemplateCsv()}Laura;Rossi;laura@example.it;RSSLRA90E52H501N\r\n`], name, { type: 'text/csv' });

describe('employee import', { timeout: 20_000 }, () => {
  it('previews every row; the error row shows its messages and the import button stays disabled', async () => {
    const { calls } = fakeApi({ ...session, 'POST /admin/user/import/preview': () => json(200, preview) });
    renderImport();
    await user.upload(await screen.findByTestId('import-file-input'), csv());
    expect(screen.getByTestId('import-file-name')).toHaveTextContent('dipendenti.csv');
    await user.click(screen.getByTestId('import-check'));

    expect(await screen.findByTestId('import-preview')).toBeInTheDocument();
    const upload = calls.find((c) => c.path === '/admin/user/import/preview')!;
    expect(upload.method).toBe('POST');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByTestId('import-valid')).toHaveTextContent('2 valide');
    expect(screen.getByTestId('import-invalid')).toHaveTextContent('1 con errori');
    expect(screen.getByTestId('import-has-errors')).toHaveTextContent('Correggi il file prima di importare');
    expect(screen.getByTestId('import-confirm')).toBeDisabled();

    // Rows with errors are shown first (the filter starts on); the messages name their field.
    const errors = await screen.findByTestId('import-errors-4');
    expect(errors).toHaveTextContent('Codice fiscale: Il codice fiscale non è valido');
    expect(errors).toHaveTextContent("Email aziendale: Inserisci l'email aziendale");
    expect(screen.getByText('Da correggere')).toBeInTheDocument();

    // Every row, with its action.
    await user.click(screen.getByRole('switch', { name: 'Mostra solo le righe con errori' }));
    const grid = screen.getByTestId('import-preview-grid');
    expect(await within(grid).findAllByText('Da inserire')).toHaveLength(2);
    expect(within(grid).queryByText('Collega esistente')).not.toBeInTheDocument();
    expect(within(grid).getByText('Rossi Laura')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/user/import')).toBe(false);
  });

  it('imports a valid file and shows the summary', async () => {
    const valid: ImportPreview = { ...preview, rows: preview.rows.slice(0, 2), total: 2, valid: 2, invalid: 0 };
    const { calls } = fakeApi({
      ...session,
      'POST /admin/user/import/preview': () => json(200, valid),
      'POST /admin/user/import': () => json(200, { created: 2 }),
    });
    renderImport();
    await user.upload(await screen.findByTestId('import-file-input'), csv());
    await user.click(screen.getByTestId('import-check'));
    const confirm = await screen.findByTestId('import-confirm');
    expect(confirm).toHaveTextContent('Importa 2 persone');
    await user.click(confirm);
    expect(await screen.findByTestId('import-result')).toHaveTextContent(
      "Persone inserite: 2 (ognuna riceverà l'invito via email)",
    );
    await waitFor(() => expect(calls.filter((c) => c.path === '/admin/user/import')).toHaveLength(1));
  });

  it('refuses other file types before uploading and shows the server message for an unreadable file', async () => {
    const { calls } = fakeApi({
      ...session,
      'POST /admin/user/import/preview': () =>
        validationFailed('Manca la colonna obbligatoria «Codice fiscale»', [
          { path: 'file', message: 'Manca la colonna obbligatoria «Codice fiscale»' },
        ]),
    });
    renderImport();
    const input = await screen.findByTestId('import-file-input');
    // As if the browser's file filter were bypassed (drag and drop, "all files").
    await userEvent
      .setup({ delay: null, applyAccept: false })
      .upload(input, new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(await screen.findByTestId('import-error')).toHaveTextContent(
      'Il file deve essere in formato CSV o Excel (.xlsx)',
    );
    await user.upload(input, csv());
    await user.click(screen.getByTestId('import-check'));
    expect(await screen.findByTestId('import-error')).toHaveTextContent(
      'Manca la colonna obbligatoria «Codice fiscale»',
    );
    expect(calls.filter((c) => c.path === '/admin/user/import/preview')).toHaveLength(1);
  });

  it('the template has the Italian headers, separated by semicolons', () => {
    expect(importTemplateCsv()).toBe(
      '\uFEFFNome;Cognome;Email;Codice fiscale;Ruoli;Email aziendale;PEC;Telefono;Indirizzo;IBAN;Data di nascita;Luogo di nascita;Gruppi\r\n',
    );
  });
});
