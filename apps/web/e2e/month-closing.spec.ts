import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Request } from '@playwright/test';
import { expectAccessible, screenshot, apiOf, signedIn as newPage } from './fixtures';

const ADMIN = 'admin@demo.timbro.it';
const MARIO = 'mario.rossi@demo.timbro.it';
const ACCOUNTANT = 'consulente@demo.timbro.it';

/** The payroll codes the admin types: 4 digits, so the files show them as typed (the CSV pads the company to 4). */
const COMPANY_CODE = '4821';
const BRANCH_CODE = '03';
const WORKED_CODE = 'ORD';
const OVERTIME_CODE = 'STR';
const MARIO_CODE = '1001';
/** The holidays' payroll item (the catalog's default is FE). */
const FER_CODE = 'FERI';
const CSV_HEADER =
  'codice_azienda;codice_filiale;codice_dipendente;codice_fiscale;cognome;nome;data;codice;ore;minuti;ore_decimali';
const MONTH_CLOSED = 'Il mese è chiuso: presenze e richieste non si possono più modificare';

/** Calendar arithmetic on YYYY-MM-DD strings (UTC, so no zone can shift a day). */
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
/** The month before a day's month, as YYYY-MM. */
const previousMonth = (d: string) => addDays(`${d.slice(0, 7)}-01`, -1).slice(0, 7);
/** "2026-10" → "ottobre 2026", as the app writes a month. */
const monthName = (month: string) =>
  new Intl.DateTimeFormat('it', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** Screenshots of a dialog: the page scrolled back to the top (fixed layers and full-page shots). */
async function toTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function chooseOption(page: Page, combobox: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
}

/** GET /admin/month-log/{id}: one version (not the list, the pre-close check or a version's sub-resources). */
const isVersionRequest = (url: URL) =>
  /^\/api\/v1\/admin\/month-log\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/precheck');
const isExportCreation = (req: Request) =>
  req.method() === 'POST' && /\/admin\/month-log\/[^/]+\/export$/.test(req.url());

interface VersionState {
  status: 'waiting' | 'in_progress' | 'completed' | 'failed';
  progressDone: number;
  progressTotal: number;
}
interface PayrollExport {
  id: string;
  fileName: string;
  sha256: string;
  profile: string;
  rows: number;
}

test.describe('month closing and the payroll hand-off', () => {
  test('the admin sets the codes and closes last month (check, progress); the employee is refused a change there; the accountant exports and downloads the file again', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);

    const admin = await newPage(browser, baseURL, ADMIN);
    const api = await apiOf(admin);
    // Last month in the workspace's zone (Europe/Rome): no other spec closes a month.
    const { today } = await api.get<{ today: string }>('/attendance/user-info/current');
    const month = previousMonth(today);
    const name = monthName(month);
    const namePattern = new RegExp(`^${name}$`, 'i');

    await test.step('the admin sets the payroll codes on the integration pages', async () => {
      // Company section, through the form: company and branch codes, worked and overtime items.
      await admin.goto('/integration/zucchetti/company');
      await expect(admin.getByRole('heading', { level: 1, name: 'Integrazione paghe' })).toBeVisible();
      await expect(admin.getByTestId('payroll-tab-company')).toHaveAttribute('aria-selected', 'true');
      await admin.getByTestId('payroll-companyCode').fill('12345');
      await admin.getByTestId('payroll-company-form-submit').click();
      await expect(admin.getByText('Il codice azienda ha al massimo 4 cifre')).toBeVisible();
      await admin.getByTestId('payroll-companyCode').fill(COMPANY_CODE);
      await admin.getByTestId('payroll-branchCode').fill(BRANCH_CODE);
      await admin.getByTestId('payroll-workedCode').fill(WORKED_CODE.toLowerCase());
      await admin.getByTestId('payroll-overtimeCode').fill(OVERTIME_CODE);
      await expect(admin.getByTestId('payroll-workedCode')).toHaveValue(WORKED_CODE);
      await expectAccessible(admin);
      await toTop(admin);
      await screenshot(admin, 'it-payroll-company');
      await admin.getByTestId('payroll-company-form-submit').click();
      await expect(admin.getByText('Codici aziendali salvati')).toBeVisible();
      await admin.reload();
      await expect(admin.getByTestId('payroll-companyCode')).toHaveValue(COMPANY_CODE);
      await expect(admin.getByTestId('payroll-overtimeCode')).toHaveValue(OVERTIME_CODE);

      // Employees section: Mario's code typed in the grid; everyone else's through the API (the export needs them all).
      await admin.getByTestId('payroll-tab-employees').click();
      await expect(admin).toHaveURL(/\/integration\/zucchetti\/user-info/);
      await admin.getByTestId('payroll-employees-search').fill('Rossi');
      await expect(admin).toHaveURL(/search=Rossi/);
      const grid = admin.getByTestId('payroll-employees-grid');
      await expect(
        grid
          .getByRole('row')
          .filter({ hasNotText: 'Rossi' })
          .filter({ has: admin.getByRole('gridcell') }),
      ).toHaveCount(0);
      await expect(admin.getByTestId('payroll-missing-count')).toContainText('Dipendenti senza codice:');
      await expectAccessible(admin);
      const marioCode = admin.getByLabel('Codice paghe di Rossi Mario', { exact: true });
      await marioCode.fill(MARIO_CODE);
      await expect(admin.getByTestId('payroll-employees-savebar')).toContainText('Modifiche non salvate: 1');
      await toTop(admin);
      await screenshot(admin, 'it-payroll-employees');
      await admin.getByTestId('payroll-employees-savebar-save').click();
      await expect(admin.getByText('Codici salvati: 1')).toBeVisible();
      await expect(marioCode).not.toHaveAttribute('data-edited', 'true');
      const uncoded = await api.get<{ items: { id: string }[] }>('/admin/payroll/employees', {
        missing: 'true',
        per_page: '200',
      });
      if (uncoded.items.length > 0)
        await api.put('/admin/payroll/employees', {
          items: uncoded.items.map((e, i) => ({ id: e.id, payrollCode: String(2001 + i) })),
        });

      // Absence types (the catalog comes with codes): the holidays' code changed in the grid, any missing one set
      // through the API.
      await admin.getByTestId('payroll-tab-justifications').click();
      await expect(admin).toHaveURL(/\/integration\/zucchetti\/justification$/);
      const justifications = await api.get<{ id: string; code: string; name: string; payrollCode: string | null }[]>(
        '/admin/payroll/justifications',
      );
      const fer = justifications.find((j) => j.code === 'FER')!;
      const ferField = admin.getByTestId(`payroll-code-${fer.id}`);
      await expect(ferField).toHaveValue(fer.payrollCode ?? '');
      await ferField.fill(FER_CODE.toLowerCase());
      await expect(admin.getByTestId('payroll-justifications-savebar')).toContainText('Modifiche non salvate: 1');
      await admin.getByTestId('payroll-justifications-savebar-save').click();
      // The employees' snackbar may still be there.
      await expect(admin.getByText('Codici salvati: 1').last()).toBeVisible();
      await expect(ferField).toHaveValue(FER_CODE);
      const used = new Set([FER_CODE, WORKED_CODE, OVERTIME_CODE, ...justifications.map((j) => j.payrollCode)]);
      const items = justifications
        .filter((j) => j.payrollCode === null && j.id !== fer.id)
        .map((j) => {
          let code = j.code
            .toUpperCase()
            .replace(/[^A-Z0-9]/g, '')
            .slice(0, 4);
          for (let n = 1; code === '' || used.has(code); n++) code = `G${n}`;
          used.add(code);
          return { id: j.id, payrollCode: code };
        });
      if (items.length > 0) await api.put('/admin/payroll/justifications', { items });
      await admin.reload();
      await expect(admin.getByTestId('payroll-justifications-missing')).toHaveText(
        'Tutti i giustificativi hanno un codice paghe',
      );
      await expectAccessible(admin);
      await screenshot(admin, 'it-payroll-justifications');
    });

    let versionId = '';
    await test.step('the admin closes last month: the check lists its problems, the version is made', async () => {
      await admin.getByTestId('nav-monthLogs').click();
      await expect(admin).toHaveURL(/\/admin\/month-log$/);
      await expect(admin.getByRole('heading', { level: 1, name: 'Chiusure mensili' })).toBeVisible();
      await admin.getByRole('button', { name: 'Chiudi un mese' }).first().click();
      const dialog = admin.getByTestId('close-month-dialog');
      await expect(dialog.getByRole('heading', { name: 'Chiudi un mese' })).toBeVisible();
      await chooseOption(admin, 'Mese da chiudere', namePattern);
      await expect(dialog.getByRole('combobox', { name: 'Mese da chiudere' })).toHaveText(namePattern);
      await dialog.getByTestId('close-next').click();

      // The check: the demo data forgot an exit a month; the codes set above are no longer missing.
      await expect(dialog.getByTestId('precheck-problems')).toContainText(/Problemi trovati: \d+/);
      const missingExit = dialog.getByTestId('precheck-missing_exit');
      await expect(missingExit).toContainText('Timbrature incomplete');
      await expect(missingExit.getByTestId('precheck-item').first()).toBeVisible();
      await expect(missingExit.getByRole('link', { name: 'Apri il calendario' }).first()).toBeVisible();
      for (const kind of [
        'month_not_over',
        'company_code_missing',
        'employee_code_missing',
        'justification_code_missing',
        'item_code_missing',
      ])
        await expect(dialog.getByTestId(`precheck-${kind}`)).toHaveCount(0);
      const submit = dialog.getByTestId('close-submit');
      await expect(submit).toHaveText('Chiudi comunque');
      await expect(submit).toBeDisabled();
      await expectAccessible(admin);
      await toTop(admin);
      await screenshot(admin, 'it-month-close-check');

      // The polls of the new version: the first answers at once, the next ones wait until the progress is on screen
      // (the demo closing takes a moment); every answer is the server's own.
      const states: VersionState[] = [];
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let polls = 0;
      await admin.route(isVersionRequest, async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        polls += 1;
        if (polls > 1) await released;
        const response = await route.fetch();
        const body = (await response.json()) as VersionState;
        states.push({ status: body.status, progressDone: body.progressDone, progressTotal: body.progressTotal });
        await route.fulfill({ response, json: body });
      });

      await dialog.getByTestId('close-force').check();
      await expect(submit).toBeEnabled();
      const created = admin.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/admin/month-log',
      );
      await submit.click();
      const log = (await (await created).json()) as { id: string; versionNumber: number; forced: boolean };
      versionId = log.id;
      expect(log.forced).toBe(true);
      await expect.poll(() => states.length).toBeGreaterThan(0);

      const completed = dialog.getByTestId('close-completed');
      if (states[0]!.status !== 'completed') {
        // Waiting or running: the progress, its bar (determinate once the job knows how many employees there are).
        const progress = dialog.getByTestId('close-progress');
        await expect(progress).toBeVisible();
        const bar = progress.getByRole('progressbar', { name: 'Avanzamento della chiusura' });
        const first = states[0]!;
        if (first.status === 'in_progress' && first.progressTotal > 0) {
          await expect(bar).toHaveAttribute(
            'aria-valuenow',
            String(Math.round((first.progressDone / first.progressTotal) * 100)),
          );
          await expect(progress).toContainText(`Dipendenti elaborati: ${first.progressDone} di ${first.progressTotal}`);
        } else {
          await expect(bar).not.toHaveAttribute('aria-valuenow');
          await expect(progress).toContainText(
            first.status === 'waiting' ? 'in attesa di essere elaborata' : 'Preparazione della chiusura',
          );
        }
        await expect(progress).toContainText('La chiusura continua anche se chiudi questa finestra.');
        await screenshot(admin, 'it-month-close-progress');
      }
      release();
      await expect(completed).toBeVisible({ timeout: 60_000 });
      await admin.unroute(isVersionRequest);

      // The bar only moved forward, up to every employee plus the final write: 100%.
      const percents = states.map((s) =>
        s.status === 'completed' ? 100 : s.progressTotal > 0 ? (s.progressDone / s.progressTotal) * 100 : 0,
      );
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      const last = states.at(-1)!;
      expect(last.status).toBe('completed');
      expect(last.progressTotal).toBeGreaterThan(1);
      expect(last.progressDone).toBe(last.progressTotal);
      await expect(completed).toContainText(new RegExp(`${name} chiuso: versione ${log.versionNumber}`, 'i'));
      await expect(completed).toContainText(`Dipendenti elaborati: ${last.progressTotal - 1}.`);
      await toTop(admin);
      await screenshot(admin, 'it-month-close-completed');

      // The version: its facts, forced, and its employees.
      await completed.getByRole('link', { name: 'Apri la versione' }).click();
      await expect(admin).toHaveURL(new RegExp(`/admin/month-log/${versionId}$`));
      await expect(dialog).toBeHidden();
      await expect(admin.getByRole('heading', { level: 1 })).toHaveText(
        new RegExp(`^${name} · versione ${log.versionNumber}$`, 'i'),
      );
      await expect(admin.getByTestId('summary-forced')).toContainText('Chiusa comunque');
      await expect(admin.getByTestId('month-log-tab-employees')).toHaveAttribute('aria-selected', 'true');
      await expect(admin.getByTestId('month-log-employees').getByRole('row', { name: /Rossi Mario/ })).toBeVisible();
      await expectAccessible(admin);
      await screenshot(admin, 'it-month-log-employees');

      // The list: the month, completed and forced.
      await admin.getByRole('link', { name: 'Chiusure mensili' }).first().click();
      await expect(admin).toHaveURL(/\/admin\/month-log$/);
      const row = admin
        .getByTestId('month-logs-grid')
        .getByRole('row')
        .filter({ hasText: new RegExp(name, 'i') });
      await expect(row.first()).toContainText('Completata');
      await expect(row.first().getByTestId('marker-forced')).toBeVisible();
      await screenshot(admin, 'it-month-logs');
    });

    await test.step('the employee sees last month closed before trying, and may no longer change it', async () => {
      // A working day of last month that is not one of Mario's holidays of the demo data (its 4th and 5th working days).
      const first = `${month}-01`;
      const holidays = await api.get<{ date: string }[]>('/attendance/ajax/holidays', {
        from: first,
        to: addDays(first, 31),
      });
      let day = first;
      while (weekday(day) === 0 || weekday(day) === 6 || holidays.some((h) => h.date === day)) day = addDays(day, 1);
      const [y, m, d] = day.split('-');

      const mario = await newPage(browser, baseURL, MARIO);
      await mario.goto(`/member/calendar?month=${month}`);
      await expect(mario.getByRole('heading', { level: 1, name: 'Le mie presenze' })).toBeVisible();
      // The calendar says it (issue 30): the notice above the month, its days marked, the legend explains the mark.
      await expect(mario.getByTestId('month-closed')).toHaveText(
        `Il mese di ${name} è chiuso: presenze e richieste non si possono più modificare. Per una correzione rivolgiti all'amministratore.`,
      );
      await expect(mario.getByTestId(`day-${day}`)).toHaveAttribute('data-closed', 'true');
      await expect(mario.getByTestId('legend-closed')).toBeVisible();
      await expectAccessible(mario);
      await screenshot(mario, 'it-member-month-closed');
      // The day's panel offers no change there.
      await mario.getByTestId(`day-${day}`).click();
      const panel = mario.getByTestId('day-panel');
      await expect(panel.getByTestId('day-panel-closed')).toBeVisible();
      await expect(panel.getByTestId('day-new-request')).toHaveCount(0);
      await screenshot(mario, 'it-member-month-closed-day');
      await mario.keyboard.press('Escape');

      // The request form: a date typed in the closed month is flagged before sending, and nothing is sent.
      await mario.getByTestId('calendar-new-request').click();
      const dialog = mario.getByTestId('request-dialog');
      await chooseOption(mario, /^Giustificativo/, /Permesso ROL/);
      await expect(dialog.getByTestId('request-closed-hint')).toContainText(name);
      await dialog.getByRole('spinbutton').first().click();
      await mario.keyboard.type(`${d}${m}${y}`);
      const flag = `Il mese di ${name} è chiuso: non puoi più inserire o modificare richieste in quel mese`;
      await expect(dialog.getByText(flag)).toBeVisible();
      let posted = false;
      mario.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/member/justification-request')) posted = true;
      });
      await dialog.getByTestId('request-submit').click();
      await expect(dialog.getByText(flag)).toBeVisible();
      expect(posted).toBe(false);
      await toTop(mario);
      await screenshot(mario, 'it-member-month-closed-form');
      // On a phone: the notice, the marked days, the form's flag.
      await mario.setViewportSize({ width: 390, height: 844 });
      await screenshot(mario, 'it-member-month-closed-form-390');
      await mario.getByRole('button', { name: 'Annulla' }).click();
      await expect(dialog).toBeHidden();
      await screenshot(mario, 'it-member-month-closed-390');

      // The server's lock is still the rule, whatever a page shows: the same request sent anyway is a 409.
      const list = await mario.request.get('/api/v1/workspace/list');
      const refused = await mario.request.post('/api/v1/member/justification-request', {
        headers: { 'X-Client': 'timbro-web', 'X-Workspace-Id': list.headers()['x-workspace-id']! },
        data: {
          date: day,
          justificationId: (
            await (await apiOf(mario)).get<{ id: string; code: string }[]>('/attendance/ajax/justifications')
          ).find((j) => j.code === 'ROL')!.id,
          startsAtMinutes: 840,
          endsAtMinutes: 960,
          note: 'Visita medica dimenticata',
        },
      });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toBe(MONTH_CLOSED);
      await mario.context().close();
    });

    const exported: PayrollExport[] = [];
    await test.step('the accountant makes a CSV and a Zucchetti file and downloads the CSV again', async () => {
      const accountant = await newPage(browser, baseURL, ACCOUNTANT, /\/admin\/month-log$/);
      const switcher = accountant.getByTestId('workspace-switcher');
      if (!(await switcher.textContent())?.includes('Demo')) {
        await switcher.click();
        await accountant.getByRole('option', { name: 'Demo S.r.l.' }).click();
        await expect(switcher).toContainText('Demo S.r.l.');
      }
      await expect(accountant.getByTestId('accountant-overview')).toBeVisible();
      await accountant.getByTestId('month-logs-grid').getByRole('link', { name: namePattern }).first().click();
      await expect(accountant).toHaveURL(new RegExp(`/admin/month-log/${versionId}$`));
      await expect(accountant.getByTestId('detail-reopen')).toHaveCount(0);
      await accountant.getByTestId('month-log-tab-exports').click();
      await expect(accountant).toHaveURL(/[?&]tab=exports/);
      const history = accountant.getByTestId('export-history');
      await expect(history).toContainText('Nessun file creato da questa versione');

      for (const [profile, label] of [
        ['csv', 'CSV (griglia)'],
        ['zucchetti', 'Zucchetti (movimenti XML)'],
      ] as const) {
        await chooseOption(accountant, 'Formato', label);
        const answer = accountant.waitForResponse((r) => isExportCreation(r.request()));
        // "Crea il file" gives the file it made (issue 30 item 17).
        const made = accountant.waitForEvent('download');
        await accountant.getByTestId('export-submit').click();
        const res = await answer;
        expect(res.ok(), await res.text()).toBe(true);
        const file = (await res.json()) as PayrollExport;
        expect(file.profile).toBe(profile);
        expect(file.rows).toBeGreaterThan(0);
        exported.push(file);
        expect(await (await made).path()).toBeTruthy();
        await expect(accountant.getByText(`File creato: ${file.fileName}`)).toBeVisible();
        await expect(history.getByRole('row').filter({ hasText: file.fileName })).toContainText(label);
      }
      const [csv, zucchetti] = exported as [PayrollExport, PayrollExport];
      expect(csv.fileName).toMatch(/\.csv$/);
      expect(zucchetti.fileName).not.toBe(csv.fileName);
      const csvRow = history.getByRole('row').filter({ hasText: csv.fileName });
      await expect(csvRow).toContainText(`${csv.sha256.slice(0, 12)}…`);
      await expect(csvRow).toContainText('Carlo Conti');
      await csvRow.locator('code').hover();
      await expect(accountant.getByRole('tooltip')).toHaveText(csv.sha256);
      await accountant.mouse.move(0, 0);
      await expectAccessible(accountant);
      await toTop(accountant);
      await screenshot(accountant, 'it-month-log-exports');

      // Downloaded again from the history: the stored bytes, as their SHA-256 says.
      const download = accountant.waitForEvent('download');
      await csvRow.getByTestId(`export-download-${csv.id}`).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(csv.fileName);
      const bytes = await readFile((await file.path())!);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(csv.sha256);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines[0]).toBe(CSV_HEADER);
      const movements = lines.slice(1, -2);
      expect(movements).toHaveLength(csv.rows);
      for (const line of movements) {
        const cells = line.split(';');
        expect(cells.slice(0, 2)).toEqual([COMPANY_CODE, BRANCH_CODE]);
        expect(cells[6]!.slice(0, 7)).toBe(month);
      }
      const marioLines = movements.filter((l) => l.split(';')[2] === MARIO_CODE.padStart(9, '0'));
      expect(marioLines.length).toBeGreaterThan(0);
      expect(marioLines.every((l) => l.includes(';Rossi;Mario;'))).toBe(true);
      expect(marioLines.some((l) => l.split(';')[7] === WORKED_CODE)).toBe(true);
      expect(marioLines.some((l) => l.split(';')[7] === FER_CODE)).toBe(true);
      expect(lines.at(-2)).toMatch(/^TOTALE;/);
      await accountant.context().close();
    });

    await test.step('the same screens in Arabic, right to left', async () => {
      await admin.goto('/admin/month-log?lang=ar');
      await expect(admin.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(admin.getByTestId('month-logs-grid').getByTestId('marker-forced').first()).toBeVisible();
      await screenshot(admin, 'ar-month-logs');
      await admin.getByTestId('month-log-close').click();
      const dialog = admin.getByTestId('close-month-dialog');
      await dialog.getByTestId('close-next').click();
      await expect(dialog.getByTestId('precheck-missing_exit')).toBeVisible();
      await toTop(admin);
      await screenshot(admin, 'ar-month-close-check');
      await admin.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await admin.goto(`/admin/month-log/${versionId}?lang=ar`);
      await expect(admin.getByTestId('month-log-employees').getByRole('row').nth(2)).toBeVisible();
      await screenshot(admin, 'ar-month-log-employees');
      await admin.getByTestId('month-log-tab-diff').click();
      await expect(admin.getByTestId('diff-first')).toBeVisible();
      await screenshot(admin, 'ar-month-log-diff');
      await admin.getByTestId('month-log-tab-exports').click();
      for (const file of exported)
        await expect(
          admin.getByTestId('export-history').getByRole('row').filter({ hasText: file.fileName }),
        ).toBeVisible();
      await screenshot(admin, 'ar-month-log-exports');
      await admin.goto('/integration/zucchetti/company?lang=ar');
      await expect(admin.getByTestId('payroll-companyCode')).toHaveValue(COMPANY_CODE);
      await screenshot(admin, 'ar-payroll-company');

      // The employee's closed month, right to left: the notice, the marked days, the form's flag; on a phone too.
      const mario = await newPage(browser, baseURL, MARIO);
      await mario.goto(`/member/calendar?month=${month}&lang=ar`);
      await expect(mario.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(mario.getByTestId('month-closed')).toBeVisible();
      await expect(mario.getByTestId('legend-closed')).toBeVisible();
      await screenshot(mario, 'ar-member-month-closed');
      await mario.getByTestId('calendar-new-request').click();
      const form = mario.getByTestId('request-dialog');
      await form.getByRole('spinbutton').first().click();
      await mario.keyboard.type(`10${month.slice(5, 7)}${month.slice(0, 4)}`);
      await expect(form.getByTestId('request-closed-hint')).toBeVisible();
      // The date's flag, in Arabic (the error under the field).
      await expect(form.locator('.MuiFormHelperText-root.Mui-error').first()).toContainText('مُغلق');
      await toTop(mario);
      await screenshot(mario, 'ar-member-month-closed-form');
      await mario.setViewportSize({ width: 390, height: 844 });
      await screenshot(mario, 'ar-member-month-closed-form-390');
      await form
        .getByRole('button')
        .filter({ hasText: /إلغاء|Annulla/ })
        .click();
      await expect(form).toBeHidden();
      await screenshot(mario, 'ar-member-month-closed-390');
      // The language is the account's: back to Italian for the journeys that follow.
      await mario.goto('/member/calendar?lang=it');
      await expect(mario.locator('html')).toHaveAttribute('dir', 'ltr');
      await mario.context().close();
    });

    // The differences tab in Italian: the first version of the month has none to compare with.
    await admin.goto(`/admin/month-log/${versionId}?tab=diff&lang=it`);
    await expect(admin.getByTestId('diff-first')).toHaveText(
      "Questa è la prima versione del mese: non c'è una versione precedente con cui confrontarla.",
    );
    await screenshot(admin, 'it-month-log-diff');
    await admin.context().close();
  });
});
