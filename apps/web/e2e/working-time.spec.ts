import { expect, test, type Page } from '@playwright/test';
import { accountantInDemo, expectAccessible, login, screenshot } from './fixtures';

const ADMIN = 'admin@demo.timbro.it';
/** The spec's own employee (valid fiscal code), so the contracts do not depend on the demo data or the order of the specs. */
const ELISA = { first: 'Elisa', last: 'Ferri', fiscalCode: 'FRRLSE91C48F205I', email: 'elisa.ferri@esempio.it' };

async function chooseOption(page: Page, combobox: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  // The menu fades out (hidden from the accessibility tree at once): axe must not catch it half transparent.
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
}

/** The date pickers' sections take the digits as typed (gg/mm/aaaa). */
async function typeDate(page: Page, label: RegExp, digits: string) {
  await page.getByRole('group', { name: label }).click();
  await page.keyboard.type(digits);
}

async function applyWeeklyTemplate(page: Page, name: RegExp) {
  await page.getByTestId('apply-week').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name }).click();
  await dialog.getByTestId('apply-week-confirm').click();
  await expect(dialog).toBeHidden();
}

test.describe('working time: contracts, holidays, absence types, balances', () => {
  test('an admin creates the first contract from a weekly template, and an overlapping one is refused', async ({
    page,
  }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);

    // A new employee: the record offers the first contract.
    await page.goto('/admin/user/new');
    await page.getByTestId('field-fiscalCode').fill(ELISA.fiscalCode);
    await page.getByLabel(/^Nome/).fill(ELISA.first);
    await page.getByLabel(/^Cognome/).fill(ELISA.last);
    await page.getByLabel(/^Email di accesso/).fill(ELISA.email);
    await page.getByLabel(/^Email aziendale/).fill('elisa.ferri@demo.timbro.it');
    await page.getByLabel(/^PEC o email personale/).fill('elisa.ferri@pec.it');
    await page.getByTestId('user-form-submit').click();
    await expect(page).toHaveURL(/\/admin\/user\/[0-9a-f-]+\/detail$/);
    const callout = page.getByTestId('first-contract-callout');
    await expect(callout).toContainText('Elisa Ferri non ha ancora un contratto');
    await expectAccessible(page);
    await screenshot(page, 'it-first-contract-callout');
    await callout.getByRole('link', { name: 'Crea il primo contratto' }).click();

    // The contract form: required fields first.
    await expect(page).toHaveURL(/\/contract\/new$/);
    const employeeUrl = page.url().replace(/\/new$/, '');
    await expect(page.getByTestId('first-contract-banner')).toContainText('È il primo contratto di Elisa Ferri');
    await page.getByTestId('contract-form-submit').click();
    await expect(page.getByText('Seleziona il tipo di lavoratore')).toBeVisible();
    await expect(page.getByText('Inserisci la data di inizio')).toBeVisible();
    await expect(page.getByTestId('slot-list-error')).toHaveText('Inserisci almeno una fascia oraria');
    await screenshot(page, 'it-contract-form-errors');

    await chooseOption(page, /Tipo di lavoratore/, 'Lavoratore dipendente');
    await page.getByLabel(/^Qualifica/).fill('Impiegata');
    await page.getByLabel(/^Livello CCNL/).fill('4° livello');
    await typeDate(page, /Data di inizio/, '01012030');
    await applyWeeklyTemplate(page, /Tempo pieno 40 ore/);
    await expect(page.getByTestId('slot-total-value')).toHaveText('40:00 ore');
    await expect(page.getByLabel('Venerdì, fascia 1: Fine', { exact: true })).toHaveValue('18:00');

    // Saturday morning by hand, from the keyboard: the weekly total follows.
    await page.getByRole('button', { name: 'Aggiungi una fascia a Sabato' }).click();
    await expect(page.getByLabel('Sabato, fascia 1: Inizio', { exact: true })).toBeFocused();
    await page.keyboard.type('9');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12');
    await page.keyboard.press('Enter'); // never submits the form
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Sabato, fascia 1: Inizio', { exact: true })).toHaveValue('09:00');
    await expect(page.getByTestId('slot-total-value')).toHaveText('43:00 ore');
    await expect(page).toHaveURL(/\/contract\/new$/);

    await page.getByTestId('accrual-add').click();
    await chooseOption(page, 'Giustificativo', /FER\s*Ferie/);
    await page.getByTestId('accrual-increase').fill('2,17');
    await expect(page.getByText('giorni al mese')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'it-contract-form');
    await page.getByTestId('contract-form-submit').click();

    await expect(page).toHaveURL(employeeUrl);
    await expect(page.getByText('Contratto creato per Elisa Ferri')).toBeVisible();
    const row = page.getByTestId('contract-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('dal 1 gennaio 2030, a tempo indeterminato');
    await expect(row).toContainText('Futuro');
    await expect(row).toContainText('43:00 ore');
    await expect(row).toContainText('FER: 2,17 gg/mese');
    await expectAccessible(page);
    await screenshot(page, 'it-user-contracts');

    // A second contract overlapping the open-ended one: the server's message on the form.
    await page.getByTestId('contract-new').click();
    await expect(page.getByTestId('first-contract-banner')).toHaveCount(0);
    await chooseOption(page, /Tipo di lavoratore/, 'Collaboratore');
    await typeDate(page, /Data di inizio/, '01062031');
    await applyWeeklyTemplate(page, /Part-time 20 ore/);
    await page.getByTestId('contract-form-submit').click();
    await expect(page.getByTestId('contract-form-error')).toHaveText(
      'Il contratto si sovrappone a quello dal 01/01/2030 a tempo indeterminato',
    );
    await expect(page).toHaveURL(/\/contract\/new$/);
    await screenshot(page, 'it-contract-overlap');

    // The global list: searchable, the filter explains "in scadenza".
    await page.goto('/admin/contract');
    await expect(page.getByRole('heading', { level: 1, name: 'Contratti' })).toBeVisible();
    await expect(page.getByText('«In scadenza»: contratti in corso che terminano entro 30 giorni.')).toBeVisible();
    await page.getByTestId('contracts-search').fill('ferri');
    await expect(page).toHaveURL(/search=ferri/);
    const listRow = page.getByRole('row', { name: /Ferri Elisa/ });
    await expect(listRow).toContainText('Futuro');
    await chooseOption(page, 'Mostra', 'Conclusi');
    await expect(page).toHaveURL(/filter=expired/);
    await expect(page.getByText('Nessun contratto corrisponde ai filtri')).toBeVisible();
    await page.getByRole('button', { name: 'Azzera filtri' }).first().click();
    await chooseOption(page, 'Mostra', 'In scadenza');
    await expect(page.getByRole('row', { name: /In scadenza/ }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'it-contracts-expiring');

    // Arabic, right to left: the list and the form.
    await page.goto('/admin/contract?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('contracts-grid').getByRole('row').nth(1)).toBeVisible();
    await screenshot(page, 'ar-contracts-list');
    await page.goto(`${employeeUrl}/new?lang=ar`);
    await expect(page.getByTestId('contract-form')).toBeVisible();
    await applyWeeklyTemplate(page, /40/);
    await expect(page.getByTestId('slot-total-value')).toContainText('40:00');
    await screenshot(page, 'ar-contract-form');
    await page.goto(`${employeeUrl}?lang=it`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('holidays: the patron saint is suggested and added; an absence type is edited', async ({ page }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId('nav-holidays').click();
    await expect(page).toHaveURL(/\/admin\/setting\/holiday$/);
    await expect(page.getByRole('row', { name: /Natale/ })).toContainText('Ogni anno');
    const missing = page.getByTestId('patron-missing');
    await expect(missing).toContainText('Manca il santo patrono');
    await expectAccessible(page);
    await screenshot(page, 'it-holidays');

    await missing.getByRole('link', { name: 'Aggiungi il santo patrono' }).click();
    await expect(page).toHaveURL(/\/holiday\/new\?kind=patron$/);
    await page.getByTestId('holiday-form-submit').click();
    await expect(page.getByText("Scegli un'icona")).toBeVisible();
    await expect(page.getByText('Inserisci il nome della festività')).toBeVisible();
    await page.getByRole('radio', { name: 'Chiesa' }).click();
    await page.getByTestId('holiday-name').fill("Sant'Ambrogio");
    await chooseOption(page, /^Giorno/, '31');
    await chooseOption(page, /^Mese/, 'novembre');
    await page.getByTestId('holiday-form-submit').click();
    await expect(page.getByText('Questa data non esiste')).toBeVisible();
    await chooseOption(page, /^Giorno/, '7');
    await chooseOption(page, /^Mese/, 'dicembre');
    await expect(page.getByTestId('holiday-preview')).toContainText('dicembre');
    await expectAccessible(page);
    await screenshot(page, 'it-holiday-form');
    await page.getByTestId('holiday-form-submit').click();

    await expect(page).toHaveURL(/\/admin\/setting\/holiday$/);
    await expect(page.getByText("Festività «Sant'Ambrogio» creata")).toBeVisible();
    await expect(page.getByRole('row', { name: /Sant'Ambrogio/ })).toContainText('Santo patrono');
    await expect(page.getByTestId('patron-missing')).toHaveCount(0);

    await page.goto('/admin/setting/holiday?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('row', { name: /Sant'Ambrogio/ })).toBeVisible();
    await screenshot(page, 'ar-holidays');
    await page.goto('/admin/setting/justification?lang=it');

    // Absence types: the impact is explained; "Lavoro agile" gets a clearer name and a certificate rule.
    await expect(page.getByRole('heading', { level: 1, name: 'Configurazione giustificativi' })).toBeVisible();
    await page.getByTestId('impact-help').hover();
    await expect(page.getByRole('tooltip')).toContainText('Lavoro svolto altrove');
    await page.getByRole('button', { name: 'Modifica Lavoro agile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica Lavoro agile' });
    await expect(dialog.getByTestId('justification-code')).toHaveValue('SW');
    await expect(dialog.getByTestId('impact-increase')).toBeChecked();
    await dialog.getByTestId('justification-name').fill('');
    await dialog.getByTestId('justification-submit').click();
    await expect(dialog.getByText('Inserisci il nome')).toBeVisible();
    await dialog.getByTestId('justification-name').fill('Lavoro agile (smart working)');
    await dialog.getByTestId('unit-day').check();
    await expectAccessible(page);
    await screenshot(page, 'it-justification-dialog');
    await dialog.getByTestId('justification-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Giustificativo «Lavoro agile (smart working)» aggiornato')).toBeVisible();
    const sw = page.getByRole('row', { name: /Lavoro agile \(smart working\)/ });
    await expect(sw).toContainText('Giorni');
    await expect(sw).toContainText('Aumenta');
    await screenshot(page, 'it-justifications');

    await page.getByTestId('justification-tab-groups').click();
    await expect(page.getByRole('columnheader', { name: 'Riepilogo unico' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Modifica il gruppo Malattia e infortunio/ })).toContainText('Sì');
    await page.goto('/admin/setting/justification?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('row', { name: /smart working/ })).toBeVisible();
    await screenshot(page, 'ar-justifications');
    await page.goto('/admin/setting/time-slot?lang=it');
    await expect(page.getByTestId('index-weeks')).toContainText('Modelli: 2');
  });

  test('balances of an employee at a date, the ledger behind them and a confirmed manual adjustment', async ({
    page,
  }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/user?search=rossi');
    await page.getByRole('row', { name: /Rossi Mario/ }).click();
    await page.getByTestId('user-tab-accruals').click();
    const ferie = page.getByRole('row', { name: /FER\s*Ferie/ });
    await expect(ferie).toBeVisible();
    await ferie.getByRole('radio').check();
    await expect(page.getByTestId('accrual-entries')).toContainText('Movimenti di Ferie');
    await expect(page.getByTestId('accrual-entry').first()).toContainText('Maturazione mensile');

    await page.getByTestId('accrual-adjust').click();
    const dialog = page.getByRole('dialog', { name: 'Rettifica manuale' });
    await dialog.getByTestId('adjust-continue').click();
    await expect(dialog.getByText('Indica il motivo della rettifica')).toBeVisible();
    await chooseOption(page, /Giustificativo/, /^Ferie \(giorni\)$/);
    await dialog.getByTestId('adjust-amount').fill('1,5');
    await dialog.getByTestId('adjust-reason').fill('Giornata di recupero concordata');
    await dialog.getByTestId('adjust-continue').click();
    const confirm = page.getByRole('dialog', { name: 'Confermi la rettifica?' });
    await expect(confirm.getByTestId('adjust-summary')).toContainText('+1,5 gg di Ferie per Mario Rossi');
    await expectAccessible(page);
    await screenshot(page, 'it-adjustment-confirm');
    await confirm.getByTestId('adjust-confirm').click();
    await expect(page.getByText('Rettifica registrata')).toBeVisible();
    await expect(page.getByTestId('accrual-entries')).toContainText('Giornata di recupero concordata');
    await expect(page.getByRole('row', { name: /FER\s*Ferie/ })).toContainText('+1,5 gg');
    await screenshot(page, 'it-accruals');
  });

  test('the accountant reads contracts and settings without write actions', async ({ page }) => {
    await accountantInDemo(page);
    await page.getByTestId('nav-contracts').click();
    await expect(page.getByRole('row', { name: /Rossi Mario/ })).toBeVisible();
    await page
      .getByRole('row', { name: /Rossi Mario/ })
      .getByRole('link')
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contratti di Mario Rossi' })).toBeVisible();
    await expect(page.getByTestId('contract-row')).toHaveCount(1);
    await expect(page.getByTestId('contract-new')).toHaveCount(0);
    await expect(page.getByTestId('contract-edit')).toHaveCount(0);
    await page.getByTestId('nav-holidays').click();
    await expect(page.getByRole('row', { name: /Natale/ })).toBeVisible();
    await expect(page.getByTestId('holidays-new')).toHaveCount(0);
    await page.getByTestId('nav-justifications').click();
    await expect(page.getByRole('row', { name: /Ferie/ }).first()).toBeVisible();
    await expect(page.getByTestId('justification-new')).toHaveCount(0);
    await page.goto('/admin/setting/holiday/new');
    await expect(page.getByTestId('error-403')).toBeVisible();
  });
});
