import { expect, test, type Page } from '@playwright/test';
import { accountantInDemo, expectAccessible, login, screenshot } from './fixtures';

const ADMIN = 'admin@demo.timbro.it';

/** 20 employees (valid fiscal codes), the header the server reads; `badRow` gets an invalid fiscal code. */
const PEOPLE = [
  ['Alessia', 'Amato', 'MTALSS80A43F205D'],
  ['Bruno', 'Barone', 'BRNBRN81B04F205H'],
  ['Caterina', 'Caruso', 'CRSCRN82C45F205T'],
  ['Diego', 'De Luca', 'DLCDGI83D06F205M'],
  ['Eleonora', 'Esposti', 'SPSLNR84E47F205H'],
  ['Fabio', 'Ferrara', 'FRRFBA85H08F205W'],
  ['Gaia', 'Galli', 'GLLGAI86L49F205S'],
  ['Ivan', 'Leone', 'LNEVNI87M10F205O'],
  ['Lucia', 'Longo', 'LNGLCU88P51F205W'],
  ['Marco', 'Mancini', 'MNCMRC89R12F205T'],
  ['Nadia', 'Negri', 'NGRNDA90S53F205S'],
  ['Oscar', 'Orlando', 'RLNSCR91T14F205S'],
  ['Paola', 'Pellegrini', 'PLLPLA92A55F205Y'],
  ['Riccardo', 'Rizzo', 'RZZRCR93B16F205C'],
  ['Silvia', 'Sala', 'SLASLV94C57F205M'],
  ['Tommaso', 'Testa', 'TSTTMS95D18F205V'],
  ['Valeria', 'Vitale', 'VTLVLR96E59F205E'],
  ['Walter', 'Villa', 'VLLWTR97H20F205T'],
  ['Ylenia', 'Zanetti', 'ZNTYLN98L61F205X'],
  ['Zeno', 'Monti', 'MNTZNE99M22F205Q'],
] as const;

function importCsv(badRow: number | null): Buffer {
  const header =
    'Nome;Cognome;Email;Codice fiscale;Ruoli;Email aziendale;PEC;Telefono;Indirizzo;IBAN;Data di nascita;Luogo di nascita;Gruppi';
  const rows = PEOPLE.map(([first, last, cf], i) => {
    const slug = `${first}.${last}`.toLowerCase().replace(/\s+/g, '');
    const fiscalCode = i === badRow ? 'RSSMRA85D25F205A' : cf;
    return [
      first,
      last,
      `${slug}@esempio.it`,
      fiscalCode,
      'dipendente',
      `${slug}@demo.timbro.it`,
      `${slug}@pec.it`,
      '',
      '',
      '',
      '',
      'Milano',
      i % 2 ? 'Magazzino' : '"Magazzino;Logistica"',
    ].join(';');
  });
  return Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`, 'utf8');
}

async function uploadAndCheck(page: Page, badRow: number | null) {
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'dipendenti.csv', mimeType: 'text/csv', buffer: importCsv(badRow) });
  await expect(page.getByTestId('import-file-name')).toHaveText('dipendenti.csv');
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('import-preview')).toBeVisible();
}

test.describe('people: users and groups', () => {
  test('groups: empty state, a new group with two members, list and delete confirmation', async ({ page }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId('nav-groups').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gruppi' })).toBeVisible();
    await expect(page.getByText('Non ci sono ancora gruppi')).toBeVisible();
    await screenshot(page, 'it-groups-empty');

    await page.getByTestId('groups-new').click();
    await expect(page).toHaveURL(/\/admin\/group\/new$/);
    await page.getByTestId('group-form-submit').click();
    await expect(page.getByText('Inserisci il nome del gruppo')).toBeVisible();
    await page.getByTestId('group-name').fill('Amministrazione');
    const members = page.getByTestId('group-members');
    await members.fill('Mario');
    await page.getByRole('option', { name: /Mario Rossi/ }).click();
    await members.fill('giulia');
    await page.getByRole('option', { name: /Giulia Esposito/ }).click();
    await expect(page.getByText('Persone selezionate: 2')).toBeVisible();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    await screenshot(page, 'it-group-form');
    await page.getByTestId('group-form-submit').click();

    await expect(page).toHaveURL(/\/admin\/group$/);
    await expect(page.getByText('Gruppo «Amministrazione» creato')).toBeVisible();
    const row = page.getByRole('row', { name: /Amministrazione/ });
    await expect(row).toContainText('2');
    await expectAccessible(page);
    await screenshot(page, 'it-groups-list');

    // The same name again: the server's conflict shows on the field.
    await page.getByTestId('groups-new').click();
    await page.getByTestId('group-name').fill('amministrazione');
    await page.getByTestId('group-form-submit').click();
    await expect(page.getByText('Esiste già un gruppo con questo nome')).toBeVisible();
    // The name typed is not saved: "Annulla" asks first.
    await page.getByRole('button', { name: 'Annulla' }).click();
    const unsaved = page.getByRole('dialog', { name: 'Modifiche non salvate' });
    await expect(unsaved).toContainText('Hai modifiche non salvate: se esci andranno perse.');
    await expectAccessible(page);
    await screenshot(page, 'it-unsaved-changes');
    await unsaved.getByRole('button', { name: 'Esci senza salvare' }).click();
    await expect(page).toHaveURL(/\/admin\/group$/);

    // Delete asks first; cancelling keeps the group.
    await page.getByRole('button', { name: 'Elimina il gruppo Amministrazione' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminare il gruppo «Amministrazione»?' });
    await expect(dialog).toContainText('Le persone del gruppo (2) restano nell');
    await screenshot(page, 'it-group-delete-confirm');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(row).toBeVisible();

    // Mario's record shows the group.
    await page.goto('/admin/user?search=mario');
    await expect(page.getByRole('row', { name: /Rossi Mario/ })).toContainText('Amministrazione');

    await page.goto('/admin/group?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('row', { name: /Amministrazione/ })).toBeVisible();
    await screenshot(page, 'ar-groups-list');
    await page
      .getByRole('row', { name: /Amministrazione/ })
      .getByRole('link', { name: 'Amministrazione', exact: true })
      .click();
    await expect(page.getByTestId('group-name')).toHaveValue('Amministrazione');
    await screenshot(page, 'ar-group-form');
  });

  test('an admin creates an employee (after the invalid fiscal code message), edits and disables them', async ({
    page,
  }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId('nav-users').click();
    await expect(page).toHaveURL(/\/admin\/user$/);
    await expect(page.getByRole('row', { name: /Rossi Mario/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Bianchi Anna/ })).toContainText('Amministratore');
    await expectAccessible(page);
    await screenshot(page, 'it-users-list');

    // Filters live in the URL.
    await page.getByTestId('users-search').fill('esposito');
    await expect(page).toHaveURL(/search=esposito/);
    await expect(page.getByRole('row', { name: /Esposito Giulia/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Rossi Mario/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Azzera filtri' }).first().click();
    await expect(page.getByRole('row', { name: /Rossi Mario/ })).toBeVisible();

    // Export: an XLSX with the list's filters.
    const download = page.waitForEvent('download');
    await page.getByTestId('users-export').click();
    expect((await download).suggestedFilename()).toMatch(/^dipendenti-\d{4}-\d{2}-\d{2}\.xlsx$/);

    await page.getByTestId('users-new').click();
    await expect(page).toHaveURL(/\/admin\/user\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nuovo dipendente' })).toBeVisible();
    await page.getByTestId('field-fiscalCode').fill('rsslra90e52h501x');
    await expect(page.getByTestId('field-fiscalCode')).toHaveValue('RSSLRA90E52H501X');
    await page.getByLabel(/^Nome/).fill('Laura');
    await page.getByLabel(/^Cognome/).fill('Rossi');
    await page.getByLabel(/^Email di accesso/).fill('laura.rossi@example.it');
    await page.getByTestId('user-form-submit').click();
    await expect(page.getByText('Il codice fiscale non è valido')).toBeVisible();
    await expect(page.getByText("Inserisci l'email aziendale")).toBeVisible();
    await expect(page.getByText('Inserisci la PEC o l’email personale')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'it-user-form-errors');

    await page.getByTestId('field-fiscalCode').fill('RSSLRA90E52H501N');
    await page.getByLabel(/^Email aziendale/).fill('laura.rossi@demo.timbro.it');
    await page.getByLabel(/^PEC o email personale/).fill('laura.rossi@pec.it');
    await page.getByLabel(/^Telefono/).fill('02 1234 5678');
    await page.getByLabel(/^Luogo di nascita/).fill('Roma');
    await page.getByRole('group', { name: 'Data di nascita' }).click();
    await page.keyboard.type('12051990');
    await page.getByTestId('field-groups').click();
    await page.getByRole('option', { name: 'Amministrazione' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('auto-approve-admin_approval').check();
    await page.getByTestId('user-form-submit').click();

    await expect(page).toHaveURL(/\/admin\/user\/[0-9a-f-]+\/detail$/);
    await expect(
      page.getByText("Scheda creata: Laura Rossi. Abbiamo inviato l'invito a laura.rossi@example.it"),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Laura Rossi' })).toBeVisible();
    await expect(page.getByTestId('invitation-pending')).toBeVisible();
    const info = page.getByTestId('user-detail-info');
    await expect(info).toContainText('12 maggio 1990');
    await expect(info).toContainText('+39 0212345678');
    await expect(info).toContainText("Approvazione dell'amministratore");
    await expect(page.getByTestId('user-groups')).toContainText('Amministrazione');
    await expectAccessible(page);
    await screenshot(page, 'it-user-detail');
    const detailUrl = page.url();

    // Edit: the fiscal code is read-only, the employee role stays.
    await page.getByTestId('user-edit').click();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByTestId('field-fiscalCode')).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('role-member')).toBeDisabled();
    await expect(page.getByText('Il ruolo dipendente non può essere rimosso una volta assegnato.')).toBeVisible();
    await screenshot(page, 'it-user-form-edit');
    await page.getByLabel(/^Telefono/).fill('347 765 4321');
    await page.getByLabel(/^Indirizzo di residenza/).fill('Via Nazionale 10, Roma');
    await page.getByTestId('user-form-submit').click();
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByText('Modifiche salvate')).toBeVisible();
    await expect(page.getByTestId('user-detail-info')).toContainText('+39 3477654321');

    // The history says who changed what.
    await page.getByTestId('user-tab-history').click();
    const entries = page.getByTestId('history-entry');
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('Anna Bianchi ha modificato la scheda');
    await expect(entries.first()).toContainText('Via Nazionale 10, Roma');
    await expect(entries.last()).toContainText("Anna Bianchi ha creato l'utente");
    await screenshot(page, 'it-user-history');

    // A new employee has no contract yet: the record offers the first one (working-time.spec.ts follows it through).
    await expect(page.getByTestId('first-contract-callout')).toContainText('Laura Rossi non ha ancora un contratto');
    await page.getByTestId('user-tab-contracts').click();
    await expect(page.getByTestId('user-contracts-empty')).toContainText('Laura Rossi non ha ancora un contratto');
    await expect(page.getByTestId('contract-first')).toBeVisible();

    // Disable, after a confirmation.
    await page.goto(detailUrl);
    await page.getByTestId('user-disable').click();
    const dialog = page.getByRole('dialog', { name: 'Disabilitare Laura Rossi?' });
    await expect(dialog).toContainText("perderà subito l'accesso a Demo S.r.l.");
    await screenshot(page, 'it-user-disable-confirm');
    await dialog.getByTestId('user-toggle-dialog-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Accesso disabilitato per Laura Rossi')).toBeVisible();
    await expect(page.getByTestId('user-status').first()).toContainText('Disabilitato');
    await expect(page.getByTestId('user-enable')).toBeVisible();
    await page.goto('/admin/user?status=disabled');
    await expect(page.getByRole('row', { name: /Rossi Laura/ })).toBeVisible();

    // The server refuses disabling yourself: its message shows in the dialog.
    await page.goto('/admin/user?search=bianchi');
    await page.getByRole('row', { name: /Bianchi Anna/ }).click();
    await page.getByTestId('user-disable').click();
    const self = page.getByRole('dialog', { name: 'Disabilitare Anna Bianchi?' });
    await self.getByTestId('user-toggle-dialog-confirm').click();
    await expect(self.getByRole('alert')).toHaveText('Non puoi disabilitare te stesso');
    await self.getByRole('button', { name: 'Annulla' }).click();

    // Arabic, right to left.
    await page.goto('/admin/user?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('row', { name: /Rossi Mario/ })).toBeVisible();
    await screenshot(page, 'ar-users-list');
    await page.goto(`${detailUrl}?lang=ar`);
    await expect(page.getByRole('heading', { level: 1, name: 'Laura Rossi' })).toBeVisible();
    await screenshot(page, 'ar-user-detail');
    await page.goto('/admin/user/new?lang=ar');
    await page.getByTestId('user-form-submit').click();
    await expect(page.getByTestId('field-fiscalCode')).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, 'ar-user-form');

    // A phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/user');
    await expect(page.getByRole('row', { name: /Rossi Mario/ })).toBeVisible();
    await screenshot(page, 'it-users-list-phone');
    await page.goto('/admin/user/new');
    await expect(page.getByTestId('field-fiscalCode')).toBeVisible();
    await screenshot(page, 'it-user-form-phone');
  });

  test('import: the preview shows the bad row of 20 and blocks the import; the fixed file imports everyone', async ({
    page,
  }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/user');
    await page.getByTestId('users-import').click();
    await expect(page).toHaveURL(/\/admin\/user\/import$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Importa dipendenti' })).toBeVisible();
    const template = page.waitForEvent('download');
    await page.getByTestId('import-template').click();
    expect((await template).suggestedFilename()).toBe('modello-importazione-dipendenti.csv');
    await screenshot(page, 'it-user-import');

    await uploadAndCheck(page, 7);
    await expect(page.getByTestId('import-counts')).toContainText('20 righe');
    await expect(page.getByTestId('import-valid')).toHaveText('19 valide');
    await expect(page.getByTestId('import-invalid')).toHaveText('1 con errori');
    await expect(page.getByTestId('import-confirm')).toBeDisabled();
    await expect(page.getByTestId('import-errors-9')).toContainText('Codice fiscale: Il codice fiscale non è valido');
    await expectAccessible(page);
    await screenshot(page, 'it-user-import-preview');
    await page.getByRole('switch', { name: 'Mostra solo le righe con errori' }).click();
    await expect(page.getByRole('row', { name: /Alessia/ })).toBeVisible();
    await screenshot(page, 'it-user-import-preview-all');

    // The same preview in Arabic, right to left.
    await page.goto('/admin/user/import?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await uploadAndCheck(page, 7);
    await expect(page.getByTestId('import-confirm')).toBeDisabled();
    await expect(page.getByTestId('import-errors-9')).toBeVisible();
    await screenshot(page, 'ar-user-import-preview');

    // The corrected file.
    await page.goto('/admin/user/import?lang=it');
    await expect(page.getByRole('heading', { level: 1, name: 'Importa dipendenti' })).toBeVisible();
    await uploadAndCheck(page, null);
    await expect(page.getByTestId('import-valid')).toHaveText('20 valide');
    await page.getByTestId('import-confirm').click();
    await expect(page.getByTestId('import-result')).toContainText('Persone inserite: 20');
    await screenshot(page, 'it-user-import-done');
    await page.getByRole('link', { name: "Vai all'elenco utenti" }).click();
    await page.getByTestId('users-search').fill('esempio.it');
    await expect(page.getByRole('row', { name: /Amato Alessia/ })).toBeVisible();
    await expect(page.getByRole('grid')).toContainText('Magazzino');

    // The groups named in the file were created.
    await page.goto('/admin/group');
    await expect(page.getByRole('row', { name: /Magazzino/ })).toContainText('20');
    await expect(page.getByRole('row', { name: /Logistica/ })).toContainText('10');
  });

  test('the accountant sees people read-only', async ({ page }) => {
    await accountantInDemo(page);
    await page.goto('/admin/user?search=rossi');
    await expect(page.getByRole('row', { name: /Rossi Mario/ })).toBeVisible();
    await expect(page.getByTestId('users-new')).toHaveCount(0);
    await expect(page.getByTestId('users-import')).toHaveCount(0);
    await page.getByRole('row', { name: /Rossi Mario/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mario Rossi' })).toBeVisible();
    await expect(page.getByTestId('user-edit')).toHaveCount(0);
    await expect(page.getByTestId('user-tab-history')).toHaveCount(0);
    await page.goto('/admin/user/new');
    await expect(page.getByTestId('error-403')).toBeVisible();
  });
});
