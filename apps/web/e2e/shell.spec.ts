import { expect, test } from '@playwright/test';
import { expectAccessible, login, screenshot } from './fixtures';

test.describe('web shell', () => {
  test('login page: separate access notices, accessible', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    await expect(page.getByTestId('access-notice')).toContainText('Accesso dipendenti');
    await expectAccessible(page);
    await screenshot(page, 'it-login');
  });

  test('wrong password shows the Italian message', async ({ page }) => {
    await login(page, 'admin@demo.timbro.it', 'Sbagliata-2026');
    await expect(page.getByTestId('login-error')).toHaveText('Email o password non corretti');
    await expect(page).toHaveURL(/\/signin/);
  });

  test('forgot password for an unknown user shows the 404 text', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await expect(page).toHaveURL(/\/forget-password/);
    // The page is lazy-loaded: wait for it before typing (the login form stays on screen during the transition).
    await expect(page.getByRole('heading', { name: 'Password dimenticata' })).toBeVisible();
    await page.getByLabel('Email').fill('nessuno@example.it');
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await expect(page.getByTestId('forgot-result')).toHaveText('Non è stato trovato nessun utente con queste credenziali');
    await screenshot(page, 'it-forgot-password');
  });

  test('admin logs in to the dashboard, sees the admin sidebar, opens the profile and logs out', async ({ page }) => {
    await login(page, 'admin@demo.timbro.it');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('welcome-widget')).toContainText('Anna');
    await expect(page.getByTestId('main-role')).toHaveText('Amministratore');
    await expect(page.getByTestId('nav-users')).toBeVisible();
    await expect(page.getByTestId('nav-myCalendar')).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, 'it-dashboard-admin');

    await page.getByTestId('nav-monthLogs').click();
    await expect(page.getByTestId('coming-soon')).toBeVisible();
    await screenshot(page, 'it-coming-soon');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Il mio profilo' }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByLabel('Nome', { exact: false }).first()).toHaveValue('Anna');
    // The user menu fades out: axe must not catch it half transparent.
    await expect(page.getByRole('menu')).toBeHidden();
    await expectAccessible(page);
    await screenshot(page, 'it-my-account');
    await page.getByTestId('profile-tab-password').click();
    await page.getByLabel('Password attuale').fill('Sbagliata-2026');
    await page.getByLabel('Nuova password').fill('NuovaPassword2026');
    await page.getByLabel('Conferma password').fill('NuovaPassword2027');
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await expect(page.getByText('Le password non corrispondono')).toBeVisible();
    await page.getByLabel('Conferma password').fill('NuovaPassword2026');
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await expect(page.getByText('La password attuale non è corretta')).toBeVisible();
    await screenshot(page, 'it-change-password');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/signin/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/signin\?next=%2Fdashboard/);
  });

  test('an employee lands on the dashboard with the employee area and gets 403 on admin pages', async ({ page }) => {
    await login(page, 'mario.rossi@demo.timbro.it');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('main-role')).toHaveText('Dipendente');
    await expect(page.getByTestId('nav-myCalendar')).toBeVisible();
    await expect(page.getByTestId('nav-users')).toHaveCount(0);
    await screenshot(page, 'it-dashboard-member');
    await page.goto('/admin/user');
    await expect(page.getByTestId('error-403')).toContainText('Non autorizzato');
    await page.goto('/pagina/inesistente');
    await expect(page.getByTestId('error-404')).toContainText('Pagina non trovata');
    await screenshot(page, 'it-404');
    await page.goto('/my-account');
    await page.getByTestId('profile-tab-delete').click();
    await page.getByTestId('delete-profile').click();
    await page.getByTestId('delete-profile-confirm').click();
    await expect(page.getByTestId('delete-error')).toHaveText('Questo profilo non può essere eliminato');
  });

  test('the accountant lands on /admin/month-log and switches workspace', async ({ page }) => {
    await login(page, 'consulente@demo.timbro.it');
    await expect(page).toHaveURL(/\/admin\/month-log$/);
    const switcher = page.getByTestId('workspace-switcher');
    await expect(switcher).toBeVisible();
    const before = await switcher.textContent();
    await switcher.click();
    const target = before?.includes('Beta') ? 'Demo S.r.l.' : 'Beta S.p.A.';
    await page.getByRole('option', { name: target }).click();
    await expect(switcher).toContainText(target);
    await page.reload();
    await expect(page.getByTestId('workspace-switcher')).toContainText(target);
  });

  test('switching to Arabic lays the app out right to left, and the choice follows the user to another device', async ({ page, browser, baseURL }) => {
    await login(page, 'giulia.esposito@demo.timbro.it');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('لوحة التحكم');
    await screenshot(page, 'ar-dashboard-member');
    await page.goto('/my-account');
    await expect(page.getByTestId('profile-tab-main')).toBeVisible();
    await page.getByTestId('profile-tab-personal').click();
    await expect(page.getByTestId('profile-language')).toBeVisible();
    await screenshot(page, 'ar-my-account');
    await page.goto('/admin/user');
    await expect(page.getByTestId('error-403')).toBeVisible();
    await screenshot(page, 'ar-403');

    // A new device (no local choice): the Italian login page, then the user's own language after login.
    const other = await browser.newContext({ baseURL, locale: 'it-IT' });
    const second = await other.newPage();
    await login(second, 'giulia.esposito@demo.timbro.it');
    await expect(second.locator('html')).toHaveAttribute('dir', 'rtl');
    await second.getByTestId('language-button').click();
    await second.getByTestId('language-it').click();
    await expect(second.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await other.close();
  });

  test('?lang=ar presets the language on the login page', async ({ page }) => {
    await page.goto('/signin?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAccessible(page);
    await screenshot(page, 'ar-login');
    await page.goto('/signup?lang=ar');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, 'ar-signup');
    await page.goto('/signup?lang=it');
    await expect(page.getByRole('heading', { name: 'Sei un candidato?' })).toBeVisible();
    await screenshot(page, 'it-signup');
    await page.goto('/reset-password/abcdefghijklmnopqrstuvwxyz');
    await expect(page.getByRole('heading', { name: 'Reimposta la password' })).toBeVisible();
    await screenshot(page, 'it-reset-password');
  });
});
