import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, login, screenshot, apiOf, signedIn as newPage } from './fixtures';

const ADMIN = 'admin@demo.timbro.it';
const MARIO = 'mario.rossi@demo.timbro.it';

/** Calendar arithmetic on YYYY-MM-DD strings (UTC, so no zone can shift a day). */
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();

/** Screenshots of a side panel or dialog: the page scrolled back to the top (fixed layers and full-page shots). */
async function toTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A wide employees × days grid scrolled so that a day's column is in view (left to right pages). */
async function scrollGridTo(page: Page, testId: string, cellTestId: string) {
  await page.getByTestId(cellTestId).scrollIntoViewIfNeeded();
  await page.getByTestId(testId).evaluate((el) => el.scrollBy({ left: 200 }));
}

async function chooseOption(page: Page, combobox: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
}

/**
 * The first working day after today (Monday–Friday, not a holiday): never one of Mario's pending holidays of the demo
 * data (the 2nd and 3rd working days of next week), whatever the day the suite runs.
 */
async function nextWorkingDay(api: Awaited<ReturnType<typeof apiOf>>, today: string) {
  const holidays = await api.get<{ date: string }[]>('/attendance/ajax/holidays', {
    from: today,
    to: addDays(today, 20),
  });
  let d = addDays(today, 1);
  while (weekday(d) === 0 || weekday(d) === 6 || holidays.some((h) => h.date === d)) d = addDays(d, 1);
  return d;
}

test.describe('attendance: clock, absence requests, approvals, calendars, timesheet', () => {
  test('the employee clocks in and out and asks for ROL hours over the balance; the admin approves; calendar and timesheet show it', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);

    // --- Setup as the admin, through the API: Mario's ROL balance brought down to 1 hour at the day of the request.
    const admin = await newPage(browser, baseURL, ADMIN);
    const api = await apiOf(admin);
    const { today } = await api.get<{ today: string }>('/attendance/user-info/current');
    const target = await nextWorkingDay(api, today);
    const targetMonth = target.slice(0, 7);
    const people = await api.get<{ id: string; name: string }[]>('/ajax/users', { search: 'Rossi' });
    const marioId = people.find((p) => p.name === 'Mario Rossi')!.id;
    const balances = await api.get<{ balances: { justification: { id: string; code: string }; balance: number }[] }>(
      `/admin/user/${marioId}/accrual`,
      { date: target },
    );
    const rol = balances.balances.find((b) => b.justification.code === 'ROL')!;
    if (rol.balance !== 1) {
      await api.post(`/admin/user/${marioId}/accrual-adjustment`, {
        justificationId: rol.justification.id,
        amount: Math.round((1 - rol.balance) * 100) / 100,
        date: today,
        reason: 'Prova e2e: saldo ROL portato a 1 ora',
      });
    }
    const nowBalances = await api.get<typeof balances>(`/admin/user/${marioId}/accrual`, { date: today });
    const rolToday = new Intl.NumberFormat('it', { maximumFractionDigits: 2 }).format(
      nowBalances.balances.find((b) => b.justification.code === 'ROL')!.balance,
    );

    // --- Mario: the dashboard widgets.
    const mario = await newPage(browser, baseURL, MARIO);
    await expect(mario.getByTestId('widget-clock')).toBeVisible();
    await expect(mario.getByTestId('accrual-ROL')).toHaveText(`${rolToday} h`);
    // What makes the balance up: accrued, adjustments (the setup's one included), used.
    await expect(mario.getByTestId('accrual-ROL-detail')).toHaveText(/^maturati .+ h · rettifiche .+ h · fruiti .+ h$/);
    await expect(mario.getByTestId('widget-my-requests')).toContainText('Le mie richieste in attesa');
    await expectAccessible(mario);
    await screenshot(mario, 'it-dashboard-member-widgets');

    // --- The calendar: clock in, then out (the server's time), today's punches appear.
    await mario.getByTestId('nav-myCalendar').click();
    await expect(mario).toHaveURL(/\/member\/calendar$/);
    await expect(mario.getByRole('heading', { level: 1, name: 'Le mie presenze' })).toBeVisible();
    const clock = mario.getByTestId('clock-button');
    await expect(clock).toHaveText('Timbra entrata');
    await expect(mario.getByTestId('clock-server-time')).toContainText('Ora del server:');
    await clock.click();
    await expect(mario.getByTestId('clock-state')).toContainText('In servizio dalle');
    await expect(clock).toHaveText('Timbra uscita');
    // The entry still running is no missing exit: today's panel says "In corso" and lists no anomaly.
    await mario.getByTestId(`day-${today}`).click();
    await expect(mario.getByTestId('day-panel').getByTestId('day-pair-open')).toHaveText('In corso');
    await expect(mario.getByTestId('day-panel').getByTestId('day-anomalies')).toHaveCount(0);
    await mario.keyboard.press('Escape');
    await expect(mario.getByTestId('day-panel')).toBeHidden();
    await clock.click();
    await expect(mario.getByTestId('clock-state')).toHaveText('Non in servizio');
    await expect(clock).toHaveText('Timbra entrata');
    await expect(mario.getByTestId('clock-today').locator('.MuiChip-root')).toHaveCount(2);
    await expect(mario.getByTestId(`punches-${today}`)).toContainText('·');
    await expect(mario.getByTestId('month-calendar')).toBeVisible();
    await expectAccessible(mario);
    await screenshot(mario, 'it-member-calendar');

    // --- The day of the request: its explanation, then a new ROL request for 14:00–16:00.
    await mario.goto(`/member/calendar?month=${targetMonth}`);
    await mario.getByTestId(`day-${target}`).click();
    const panel = mario.getByTestId('day-panel');
    await expect(panel.getByTestId('figure-expected')).toContainText('8:00');
    await expect(panel.getByTestId('figure-expected')).toContainText("Dall'orario del contratto");
    await expect(panel.getByTestId('figure-balance')).toContainText('−8:00');
    await panel.getByTestId('day-new-request').click();
    const dialog = mario.getByTestId('request-dialog');
    await expect(dialog.getByTestId('request-approval-note')).toHaveText(
      "La richiesta sarà inviata all'amministratore per l'approvazione.",
    );
    await dialog.getByTestId('request-submit').click();
    await expect(dialog.getByText('Seleziona il giustificativo')).toBeVisible();
    await chooseOption(mario, /^Giustificativo/, /Permesso ROL/);
    await expect(dialog.getByText('Si conta in ore')).toBeVisible();
    await dialog.getByTestId('request-mode-range').click();
    await dialog.getByTestId('request-submit').click();
    await expect(dialog.getByText('Inserisci l’orario di inizio')).toBeVisible();
    await dialog.getByTestId('request-start').fill('16');
    await dialog.getByTestId('request-end').fill('14');
    await dialog.getByTestId('request-note').click();
    await expect(dialog.getByTestId('request-start')).toHaveValue('16:00');
    await dialog.getByTestId('request-submit').click();
    await expect(dialog.getByText('L’orario di fine deve essere dopo quello di inizio')).toBeVisible();
    await dialog.getByTestId('request-start').fill('14:00');
    await dialog.getByTestId('request-end').fill('16:00');
    await dialog.getByTestId('request-note').fill('Visita medica');
    await expect(dialog.getByTestId('request-balance')).toContainText('Saldo di Permesso ROL');
    await expect(dialog.getByTestId('request-balance')).toContainText('1 h');
    await expect(dialog.getByTestId('request-over-balance')).toContainText('supera il saldo residuo');
    await expectAccessible(mario);
    await toTop(mario);
    await screenshot(mario, 'it-request-dialog');
    await dialog.getByTestId('request-submit').click();

    // The server's over-quota warning is a warning, and the request awaits approval.
    const result = mario.getByTestId('request-result');
    await expect(result.getByTestId('request-warning-OVER_QUOTA')).toHaveText(
      'La richiesta supera il saldo disponibile (residuo: 1 ora)',
    );
    await expect(result.getByTestId('request-result-status')).toContainText('In attesa di approvazione');
    await expect(result.getByTestId('request-warnings')).toHaveClass(/MuiAlert-standardWarning|MuiAlert-colorWarning/);
    await screenshot(mario, 'it-request-result');
    await result.getByTestId('request-result-close').click();
    const pending = panel.getByTestId('day-request').filter({ hasText: 'Permesso ROL' });
    await expect(pending).toHaveAttribute('data-status', 'open');
    await expect(pending).toContainText('14:00–16:00');
    await expect(pending.getByTestId('day-request-delete')).toHaveText('Ritira');
    await toTop(mario);
    await screenshot(mario, 'it-day-panel');
    await mario.keyboard.press('Escape');
    await expect(mario.getByTestId(`request-chip-${target}`)).toHaveAttribute('data-status', 'open');

    // --- The admin approves it from the list, with a note.
    await admin.getByTestId('nav-absenceRequests').click();
    await expect(admin).toHaveURL(/\/admin\/justification-request$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Richieste di assenza' })).toBeVisible();
    await admin.getByTestId('requests-search').fill('Rossi');
    await expect(admin).toHaveURL(/search=Rossi/);
    const row = admin.getByRole('row', { name: /Permesso ROL/ }).filter({ hasText: 'Rossi Mario' });
    await expect(row).toContainText('In approvazione');
    await row.getByRole('checkbox').check();
    await expect(admin.getByTestId('bulk-bar')).toContainText('Richieste selezionate: 1');
    await expectAccessible(admin);
    await screenshot(admin, 'it-approvals');
    await admin.getByTestId('bulk-approve').click();
    const decision = admin.getByTestId('decision-dialog');
    await decision.getByTestId('decision-note').fill('Buona visita');
    await screenshot(admin, 'it-approvals-decision');
    await decision.getByTestId('decision-confirm').click();
    await expect(admin.getByText('Richieste approvate: 1')).toBeVisible();
    await expect(row).toHaveCount(0);

    // --- Mario's calendar shows it approved; the day now counts 2:00 covered.
    await mario.reload();
    await expect(mario.getByTestId(`request-chip-${target}`)).toHaveAttribute('data-status', 'approved');
    await mario.getByTestId(`day-${target}`).click();
    await expect(panel.getByTestId('figure-covered')).toContainText('2:00');
    await expect(panel.getByTestId('day-effect')).toContainText('Permesso ROL (ROL): copre 2:00 delle 2:00');
    await expect(panel.getByTestId('day-request').filter({ hasText: 'Permesso ROL' })).toContainText(
      "Nota dell'amministratore: Buona visita",
    );
    await mario.keyboard.press('Escape');

    // --- The timesheet: justified hours of that day.
    await admin.goto(`/attendance/attendance-data/timesheet?month=${targetMonth}&metric=justified&search=Rossi`);
    await expect(admin.getByRole('heading', { level: 1, name: 'Foglio presenze' })).toBeVisible();
    await expect(admin.getByTestId(`ts-${marioId}-${target}`)).toHaveText('2:00');
    await expect(admin.getByTestId('metric-justified')).toHaveAttribute('aria-pressed', 'true');
    await scrollGridTo(admin, 'timesheet-grid', `ts-${marioId}-${target}`);
    await screenshot(admin, 'it-timesheet');
    // A cell explains its figure: the four in its name and tooltip, the day panel with every component on click.
    const tsCell = admin.getByTestId(`ts-${marioId}-${target}`);
    await expect(tsCell).toHaveAccessibleName(
      /^Rossi Mario, .+, previsto 8:00, lavorato 0:00, giustificato 2:00, saldo provvisorio −6:00 \(giornata non conclusa\)$/,
    );
    await tsCell.hover();
    await expect(admin.getByTestId('ts-cell-tooltip')).toContainText('Giustificato');
    await screenshot(admin, 'it-timesheet-tooltip');
    await tsCell.click();
    const tsPanel = admin.getByTestId('day-panel');
    await expect(tsPanel.getByTestId('day-panel-person')).toHaveText('Mario Rossi');
    await expect(tsPanel.getByTestId('figure-expected')).toContainText('8:00');
    await expect(tsPanel.getByTestId('figure-covered')).toContainText('2:00');
    await expect(tsPanel.getByTestId('day-effect')).toContainText('Permesso ROL (ROL): copre 2:00 delle 2:00');
    await expectAccessible(admin);
    await toTop(admin);
    await screenshot(admin, 'it-timesheet-day-panel');
    await admin.keyboard.press('Escape');
    await expect(tsPanel).toBeHidden();
    await admin.goto(`/attendance/attendance-data/timesheet?month=${targetMonth}`);
    await expect(admin.getByTestId('grid-person-row').nth(3)).toBeVisible();
    await screenshot(admin, 'it-timesheet-all');
    const download = admin.waitForEvent('download');
    await admin.getByTestId('timesheet-export-xlsx').click();
    expect((await download).suggestedFilename()).toMatch(/^presenze_.*\.xlsx$/);

    // --- The admin calendar: the absence code on that day, its explanation in the side panel.
    await admin.getByTestId('nav-attendanceCalendar').click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Calendario presenze' })).toBeVisible();
    await admin.goto(`/admin/attendance-calendar?month=${targetMonth}&search=Rossi`);
    const cell = admin.getByTestId(`cell-${marioId}-${target}`);
    await expect(cell).toHaveText('ROL');
    await expectAccessible(admin);
    await scrollGridTo(admin, 'admin-calendar-grid', `cell-${marioId}-${target}`);
    await screenshot(admin, 'it-admin-calendar');
    await cell.click();
    const adminPanel = admin.getByTestId('day-panel');
    await expect(adminPanel.getByTestId('day-panel-person')).toHaveText('Mario Rossi');
    await expect(adminPanel.getByTestId('figure-covered')).toContainText('2:00');
    await toTop(admin);
    await screenshot(admin, 'it-admin-day-panel');
    await admin.keyboard.press('Escape');

    // --- A punch correction on today's sheet: a reason is required; added, then deleted.
    await admin.goto(`/admin/attendance-calendar?search=Rossi`);
    await admin.getByTestId(`cell-${marioId}-${today}`).click();
    await expect(adminPanel.getByTestId('raw-punch')).toHaveCount(2);
    await adminPanel.getByTestId('punch-add').click();
    const punchDialog = admin.getByTestId('punch-dialog');
    await punchDialog.getByTestId('punch-time').fill('00:01');
    await punchDialog.getByTestId('punch-submit').click();
    await expect(punchDialog.getByText('Indica il motivo della correzione')).toBeVisible();
    await punchDialog.getByTestId('punch-reason').fill('Prova e2e: entrata dimenticata');
    await screenshot(admin, 'it-punch-dialog');
    await punchDialog.getByTestId('punch-submit').click();
    await expect(punchDialog).toBeHidden();
    await expect(adminPanel.getByTestId('raw-punch')).toHaveCount(3);
    await expect(adminPanel.getByTestId('day-pair').first()).toContainText("Manca l'uscita");
    await adminPanel.getByRole('button', { name: /Elimina la timbratura 00:01/ }).click();
    const del = admin.getByTestId('punch-delete-dialog');
    await del.getByTestId('punch-delete-confirm').click();
    await expect(del.getByText('Indica il motivo della correzione')).toBeVisible();
    await del.getByTestId('punch-delete-reason').fill('Prova e2e: inserita per errore');
    await del.getByTestId('punch-delete-confirm').click();
    await expect(adminPanel.getByTestId('raw-punch')).toHaveCount(2);
    await admin.keyboard.press('Escape');

    // --- Arabic, right to left: the same screens.
    await mario.goto(`/member/calendar?month=${targetMonth}&lang=ar`);
    await expect(mario.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(mario.getByTestId(`request-chip-${target}`)).toHaveAttribute('data-status', 'approved');
    await screenshot(mario, 'ar-member-calendar');
    await mario.getByTestId(`day-${target}`).click();
    await expect(panel.getByTestId('figure-covered')).toBeVisible();
    await toTop(mario);
    await screenshot(mario, 'ar-day-panel');
    await panel.getByTestId('day-new-request').click();
    await chooseOption(mario, /نوع الغياب/, /Permesso ROL/);
    await mario.getByTestId('request-mode-range').click();
    await mario.getByTestId('request-start').fill('09:00');
    await mario.getByTestId('request-end').fill('12:00');
    await mario.getByTestId('request-note').click();
    await expect(mario.getByTestId('request-over-balance')).toBeVisible();
    await toTop(mario);
    await screenshot(mario, 'ar-request-dialog');
    await mario.getByRole('button', { name: 'إلغاء' }).click();
    await mario.goto('/dashboard?lang=ar');
    await expect(mario.getByTestId('widget-accruals')).toBeVisible();
    await expect(mario.getByTestId('accrual-ROL-detail')).toBeVisible();
    await screenshot(mario, 'ar-dashboard-member-widgets');

    await admin.goto('/admin/justification-request?status=approved&search=Rossi&lang=ar');
    await expect(admin.getByRole('row', { name: /Permesso ROL/ })).toBeVisible();
    await screenshot(admin, 'ar-approvals');
    await admin.goto(`/admin/attendance-calendar?month=${targetMonth}&lang=ar`);
    await expect(admin.getByTestId(`cell-${marioId}-${target}`)).toHaveText('ROL');
    await screenshot(admin, 'ar-admin-calendar');
    await admin.goto(`/attendance/attendance-data/timesheet?month=${targetMonth}&metric=balance&lang=ar`);
    await expect(admin.getByTestId('grid-person-row').nth(3)).toBeVisible();
    await expect(admin.getByRole('progressbar')).toHaveCount(0);
    await screenshot(admin, 'ar-timesheet');
    await admin.goto('/dashboard?lang=ar');
    await expect(admin.getByTestId('widget-approvals')).toBeVisible();
    await screenshot(admin, 'ar-dashboard-admin-widgets');

    await admin.context().close();
    await mario.context().close();
  });

  test('the admin dashboard lists pending requests; the punch import checks a file and imports it', async ({
    page,
  }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    const widget = page.getByTestId('widget-approvals');
    await expect(widget).toContainText('Richieste da approvare');
    await expect(widget.getByTestId('widget-approval-row').first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'it-dashboard-admin-widgets');
    await widget.getByTestId('widget-approvals-all').click();
    await expect(page).toHaveURL(/\/admin\/justification-request$/);

    // A badge-reader file: one row for an unknown person, then fixed.
    const api = await apiOf(page);
    // The lookup gives names only; the admin's user list has the login e-mail.
    const people = await api.get<{ items: { id: string; firstName: string; lastName: string; email: string }[] }>(
      '/admin/user',
      { search: 'Mario Rossi' },
    );
    const mario = people.items.find((p) => p.firstName === 'Mario' && p.lastName === 'Rossi')!;
    const { today } = await api.get<{ today: string }>('/attendance/user-info/current');
    // A Sunday in the past: no demo punches there, so the rows are new.
    let sunday = addDays(today, -7);
    while (weekday(sunday) !== 0) sunday = addDays(sunday, -1);
    const [y, m, d] = sunday.split('-');
    const csv = (email: string) =>
      Buffer.from(
        `Email;Data;Ora;Verso\r\n${email};${d}/${m}/${y};09:00;E\r\n${email};${d}/${m}/${y};11:30;U\r\n`,
        'utf8',
      );

    await page.goto('/admin/attendance-calendar');
    await page.getByTestId('to-punch-import').click();
    await expect(page).toHaveURL(/\/admin\/punch\/import$/);
    await page
      .getByTestId('punch-import-file-input')
      .setInputFiles({ name: 'badge.csv', mimeType: 'text/csv', buffer: csv('nessuno@esempio.it') });
    await page.getByTestId('punch-import-check').click();
    await expect(page.getByTestId('punch-import-has-errors')).toBeVisible();
    await expect(page.getByTestId('punch-import-errors-2')).toContainText(
      'Nessun dipendente con email nessuno@esempio.it',
    );
    await expect(page.getByTestId('punch-import-confirm')).toBeDisabled();
    await expectAccessible(page);
    await screenshot(page, 'it-punch-import-errors');

    await page.getByRole('button', { name: 'Scegli un altro file' }).click();
    await page
      .getByTestId('punch-import-file-input')
      .setInputFiles({ name: 'badge.csv', mimeType: 'text/csv', buffer: csv(mario.email) });
    await page.getByTestId('punch-import-check').click();
    await expect(page.getByTestId('punch-import-confirm')).toHaveText('Importa le timbrature nuove (2)');
    await expect(page.getByTestId('punch-import-duplicates')).toHaveText('Già presenti: 0');
    await screenshot(page, 'it-punch-import-preview');
    await page.getByTestId('punch-import-confirm').click();
    await expect(page.getByTestId('punch-import-result')).toContainText('Timbrature importate: 2');

    // The same file again: nothing new (already stored).
    await page.getByRole('button', { name: 'Importa un altro file' }).click();
    await page
      .getByTestId('punch-import-file-input')
      .setInputFiles({ name: 'badge.csv', mimeType: 'text/csv', buffer: csv(mario.email) });
    await page.getByTestId('punch-import-check').click();
    await expect(page.getByTestId('punch-import-duplicates')).toHaveText('Già presenti: 2');
    await expect(page.getByTestId('punch-import-confirm')).toBeDisabled();

    // The imported pair shows on the admin calendar as worked time on a rest day.
    await page.goto(`/admin/attendance-calendar?month=${sunday.slice(0, 7)}&search=Rossi`);
    await expect(page.getByTestId(`cell-${mario.id}-${sunday}`)).toHaveText('2:30');
    await page.goto('/admin/punch/import?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await screenshot(page, 'ar-punch-import');
  });
});
