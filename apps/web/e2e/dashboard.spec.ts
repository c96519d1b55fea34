import { deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, login, screenshot, signedIn } from './fixtures';

/**
 * Issue 16: each role's dashboard (one aggregated call, its widgets painted), the settings index, the company details
 * with a logo and the operator creating a company — looked at in Italian, English and Arabic, on a desktop and on a
 * 390 px phone.
 */

/**
 * Every widget on screen has its content: no skeleton left, nothing busy. (How soon after the login is measured by
 * `npm run bench:dashboard-paint` on a quiet machine, not here: these journeys share the machine with other suites.)
 */
async function widgetsPainted(page: Page, ids: string[]) {
  // After a reload (a language switch) the page's code and texts load again: on a machine busy with the other suites
  // (CI's second lane) that took over 5 s once, so the first widget is given 15 s; the rest follow it.
  for (const id of ids) await expect(page.getByTestId(id)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-testid$="-loading"], [aria-busy="true"]')).toHaveCount(0);
}

/**
 * Screenshots of the page in Italian (already), English and Arabic, on a desktop and on a 390 px phone — to be looked
 * at. In CI (where nobody looks) only Italian and Arabic on a desktop: the right-to-left layout is still checked.
 */
async function lookedAt(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  const desktop = page.viewportSize();
  const ci = !!process.env.CI;
  for (const lang of ci ? (['it', 'ar'] as const) : (['it', 'en', 'ar'] as const)) {
    if (lang !== 'it') {
      await page.evaluate((l) => {
        const url = new URL(window.location.href);
        url.searchParams.set('lang', l);
        window.history.replaceState(null, '', url);
      }, lang);
      await page.reload();
    }
    await ready(page);
    if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await screenshot(page, `${lang}-${name}`);
    if (ci) continue;
    await page.setViewportSize({ width: 390, height: 844 });
    await ready(page);
    await screenshot(page, `${lang}-${name}-phone`);
    await page.setViewportSize(desktop ?? { width: 1280, height: 720 });
  }
  // Back to Italian for whoever uses this account next.
  await page.evaluate(() => {
    const url = new URL(window.location.href);
    url.searchParams.set('lang', 'it');
    window.history.replaceState(null, '', url);
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
}

/** A small PNG (a solid square), made here: the logo uploaded through the storage. */
function png(size: number, rgb: [number, number, number]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3]!)]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function timedLogin(browser: Browser, baseURL: string | undefined, email: string, widgets: string[]) {
  const context = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill('Timbro2026!');
  const started = Date.now();
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await widgetsPainted(page, widgets);
  const ms = Date.now() - started;
  if (process.env.DASHBOARD_TIMINGS)
    console.log(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .map((e) => `${Math.round(e.startTime)}–${Math.round(e.responseEnd)} ${e.name.replace(location.origin, '')}`)
          .join('\n'),
      ),
    );
  console.log(`dashboard painted after login (${email}): ${ms} ms, ${widgets.length} widgets`);
  return { page, ms };
}

const ADMIN_WIDGETS = [
  'welcome-widget',
  'widget-approvals',
  'widget-swap-requests',
  'widget-expiring-contracts',
  'widget-active-employees',
  'widget-next-holidays',
  'widget-sent-announcements',
  'widget-hours-by-group',
  'widget-next-week',
];
const MEMBER_WIDGETS = [
  'welcome-widget',
  'widget-clock',
  'widget-swap-requests',
  'widget-next-holidays',
  'widget-accruals',
  'widget-my-requests',
  'widget-my-announcements',
  'widget-next-week',
];

test.describe('dashboard, settings and company (issue 16)', () => {
  // Each journey looks at its screens in three languages and two sizes (page reloads): more than the default minute.
  test.describe.configure({ timeout: 150_000 });
  test('the admin: every widget painted, figures that match their lists', async ({ browser, baseURL }) => {
    const { page } = await timedLogin(browser, baseURL, 'admin@demo.timbro.it', ADMIN_WIDGETS);
    await expect(page.getByTestId('widget-accruals')).toHaveCount(0);
    // The count is the list's total: the employees list with the "active" filter says the same.
    const active = (await page.getByTestId('widget-active-employees-value').innerText()).trim();
    await page.getByTestId('widget-active-employees-all').click();
    await expect(page).toHaveURL(/\/admin\/user\?role=member&status=active$/);
    await expect(page.getByText(new RegExp(`di ${active}$|of ${active}$|su ${active}$`)).first()).toBeVisible();
    await page.goBack();
    await widgetsPainted(page, ADMIN_WIDGETS);
    // Next week's published shifts are drawn (the demo publishes them), with Monday to Sunday in the header.
    await expect(page.getByTestId('widget-next-week-day')).toHaveCount(7);
    expect(await page.getByTestId('widget-next-week-bar').count()).toBeGreaterThan(0);
    await page.getByTestId('widget-hours-table-toggle').click();
    await expect(page.getByTestId('widget-hours-table')).toBeVisible();
    await page.getByRole('button', { name: 'Grafico' }).click();
    await expectAccessible(page);
    await lookedAt(page, 'dashboard-admin', (p) => widgetsPainted(p, ADMIN_WIDGETS));
    await page.context().close();
  });

  test('the employee and the accountant: only their widgets', async ({ browser, baseURL }) => {
    const { page: mario } = await timedLogin(browser, baseURL, 'mario.rossi@demo.timbro.it', MEMBER_WIDGETS);
    for (const admin of [
      'widget-approvals',
      'widget-active-employees',
      'widget-expiring-contracts',
      'widget-hours-by-group',
    ])
      await expect(mario.getByTestId(admin)).toHaveCount(0);
    await expect(mario.getByTestId('widget-next-week')).toContainText('I miei turni della prossima settimana');
    await expectAccessible(mario);
    await lookedAt(mario, 'dashboard-member', (p) => widgetsPainted(p, MEMBER_WIDGETS));
    await mario.context().close();

    const accountant = await signedIn(browser, baseURL, 'consulente@demo.timbro.it', /\/admin\/month-log/);
    await accountant.goto('/dashboard');
    const ACCOUNTANT_WIDGETS = [
      'welcome-widget',
      'widget-expiring-contracts',
      'widget-active-employees',
      'widget-next-holidays',
      'widget-hours-by-group',
    ];
    await widgetsPainted(accountant, ACCOUNTANT_WIDGETS);
    for (const other of ['widget-approvals', 'widget-swap-requests', 'widget-next-week', 'widget-accruals'])
      await expect(accountant.getByTestId(other)).toHaveCount(0);
    await expectAccessible(accountant);
    await lookedAt(accountant, 'dashboard-accountant', (p) => widgetsPainted(p, ACCOUNTANT_WIDGETS));
    await accountant.context().close();
  });

  test('the settings index and the company details with a logo, which then shows in the header', async ({
    browser,
    baseURL,
  }) => {
    const admin = await signedIn(browser, baseURL, 'admin@demo.timbro.it');
    await admin.goto('/admin/setting');
    await expect(admin.getByTestId('settings-company')).toBeVisible();
    await expect(admin.getByTestId('settings-approvals')).toBeVisible();
    await expect(admin.getByTestId('settings-time-zone')).toBeVisible();
    await expectAccessible(admin);
    await lookedAt(admin, 'settings-index', (p) => expect(p.getByTestId('settings-company')).toBeVisible());

    await admin.getByTestId('settings-company').click();
    await expect(admin.getByTestId('company-form')).toBeVisible();
    await admin
      .getByTestId('company-squareLogo')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(64, [0x1f, 0x6f, 0xb2]) });
    await admin.getByRole('button', { name: 'Salva i dati aziendali' }).click();
    await expect(
      admin
        .getByText('Dati aziendali salvati')
        .or(admin.getByText(/salvat/i))
        .first(),
    ).toBeVisible();
    await expect(admin.getByTestId('workspace-logo').first()).toBeVisible();
    await expectAccessible(admin);
    await lookedAt(admin, 'company-details-logo', (p) => expect(p.getByTestId('company-form')).toBeVisible());

    // The logo goes again: the demo company stays as it was.
    await admin.getByTestId('company-squareLogo-remove').click();
    await admin.getByRole('button', { name: 'Salva i dati aziendali' }).click();
    await expect(admin.getByTestId('workspace-logo')).toHaveCount(0);
    await admin.context().close();
  });

  test('the operator creates a company with its first admin, and disables it', async ({ browser, baseURL }) => {
    const operator = await signedIn(browser, baseURL, 'operator@demo.timbro.it', /\/(dashboard|operator\/workspace)/);
    await operator.goto('/operator/workspace');
    await expect(operator.getByTestId('platform-workspace-grid')).toBeVisible();
    await lookedAt(operator, 'operator-workspaces', (p) =>
      expect(p.getByTestId('platform-workspace-grid')).toBeVisible(),
    );
    await operator.getByTestId('platform-workspace-new').click();
    await expect(operator.getByTestId('platform-workspace-form')).toBeVisible();
    const stamp = Date.now().toString().slice(-6);
    const name = `Nuova Prova ${stamp} S.r.l.`;
    /** The new workspace's form, filled in. */
    const fillForm = async () => {
      await operator.locator('input[name="workspace_company.name"]').fill(name);
      await operator.locator('input[name="workspace_company.email"]').fill(`info${stamp}@nuovaprova.it`);
      await operator.locator('input[name="admin.firstName"]').fill('Elena');
      await operator.locator('input[name="admin.lastName"]').fill('Sartori');
      await operator.locator('input[name="admin.email"]').fill(`elena.sartori${stamp}@nuovaprova.it`);
      await operator.locator('input[name="admin.fiscalCode"]').fill('SRTLNE85M41F205R');
    };
    await fillForm();
    await lookedAt(operator, 'operator-workspace-new', (p) =>
      expect(p.getByTestId('platform-workspace-form')).toBeVisible(),
    );
    // The reloads emptied the form: fill it again and create.
    await fillForm();
    await operator.getByRole('button', { name: 'Crea e invita' }).click();
    await expect(operator).toHaveURL(/\/operator\/workspace$/);
    await expect(operator.getByText(`${name} è stata creata`)).toBeVisible();
    await operator.getByTestId('platform-workspace-search').fill(stamp);
    const row = operator.getByRole('row', { name: new RegExp(stamp) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Inviti in attesa: 1');
    const dialog = operator.getByTestId('workspace-state-dialog');
    await row.getByRole('button', { name: `Disattiva ${name}` }).click();
    // One CI run (stop 28) waited here for the dialog until the test's time ran out, and no local run, loaded or
    // throttled, did it again. Should the dialog not open, the log says what the page showed, and the button is
    // clicked once more, so that a lost click is written down instead of lost in a timeout.
    if (
      !(await dialog.isVisible()) &&
      !(await dialog.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      console.log(
        `[operator] no dialog 10 s after "Disattiva": url ${operator.url()}, lang ${await operator.locator('html').getAttribute('lang')}, ` +
          `dialogs ${await operator.getByRole('dialog').count()}, row "${(await row.innerText()).replace(/\s+/g, ' ')}"; clicked again`,
      );
      await row.getByRole('button', { name: `Disattiva ${name}` }).click();
    }
    await dialog.getByRole('button', { name: 'Disattiva l’azienda' }).click();
    await expect(row).toContainText('Disattivata');
    await operator.context().close();
  });
});

// `login` is re-exported for symmetry with the other specs (the timed login types by hand).
void login;
