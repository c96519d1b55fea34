import { expect, test, type Page } from '@playwright/test';
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
    await expect(page.getByTestId('forgot-result')).toHaveText(
      'Non è stato trovato nessun utente con queste credenziali',
    );
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

    // The settings index lists the settings screens; the company details open from it.
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-notifications')).toBeVisible();
    await expect(page.getByTestId('settings-approvals')).toBeVisible();
    await page.getByTestId('settings-company').click();
    await expect(page.getByTestId('company-form')).toBeVisible();
    await expect(page.getByTestId('company-name')).toHaveValue('Demo S.r.l.');
    await screenshot(page, 'it-company-details');

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
    // The password is asked first (ADR 0015); an employee record still blocks the deletion.
    await page
      .getByRole('dialog')
      .getByLabel(/^Password/)
      .fill('Timbro2026!');
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

  test('switching to Arabic lays the app out right to left, and the choice follows the user to another device', async ({
    page,
    browser,
    baseURL,
  }) => {
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

  test('/500 and the 403 page in Italian, inside the frame', async ({ page }) => {
    await login(page, 'mario.rossi@demo.timbro.it');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/user');
    await expect(page.getByTestId('error-403')).toContainText('Non autorizzato');
    await expect(page.getByTestId('error-403')).toContainText('Non hai i permessi per vedere questa pagina.');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await screenshot(page, 'it-403');
    await page.goto('/500');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Errore del server');
    await expect(page.getByTestId('error-500')).toContainText(
      'Si è verificato un errore imprevisto. Riprova tra qualche istante.',
    );
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'it-500');
    await page.getByRole('link', { name: 'Torna alla home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('first login in Italian and the auth screens in Arabic', async ({ page }) => {
    await page.goto('/first-login/abcdefghijklmnopqrstuvwxyz?lang=it');
    await expect(page.getByRole('heading', { name: 'Primo accesso' })).toBeVisible();
    await expect(page.getByLabel('Nuova password')).toBeVisible();
    await screenshot(page, 'it-first-login');

    await page.goto('/forget-password?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نسيت كلمة المرور');
    await expectAccessible(page);
    await screenshot(page, 'ar-forgot-password');
    await page.goto('/reset-password/abcdefghijklmnopqrstuvwxyz?lang=ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إعادة تعيين كلمة المرور');
    await screenshot(page, 'ar-reset-password');
    await page.goto('/first-login/abcdefghijklmnopqrstuvwxyz?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الدخول الأول');
    await screenshot(page, 'ar-first-login');
    // The device keeps the choice: back to Italian for whoever comes next.
    await page.goto('/signin?lang=it');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('in Arabic: 404, my shifts (no longer a coming-soon page) and change password', async ({ page }) => {
    await login(page, 'luca.romano@demo.timbro.it');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await page.goto('/pagina/inesistente');
    await expect(page.getByTestId('error-404')).toContainText('الصفحة غير موجودة');
    await screenshot(page, 'ar-404');

    await page.goto('/member/work-shift');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نوباتي');
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
    await screenshot(page, 'ar-my-shifts');

    await page.goto('/my-account');
    await page.getByTestId('profile-tab-password').click();
    await page.getByLabel('كلمة المرور الحالية').fill('Sbagliata-2026');
    await page.getByLabel('كلمة المرور الجديدة').fill('NuovaPassword2026');
    await page.getByLabel('تأكيد كلمة المرور').fill('NuovaPassword2027');
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await expect(page.getByText('كلمتا المرور غير متطابقتين')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'ar-change-password');

    await page.getByTestId('language-button').click();
    await page.getByTestId('language-it').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('login page: Tab goes through the form in order and the focus is visible', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    const email = page.getByLabel('Email');
    // The e-mail field has the focus on arrival.
    await expect(email).toBeFocused();
    const order = [
      page.getByLabel('Password', { exact: false }).first(),
      page.getByRole('checkbox', { name: 'Ricordami' }),
      page.getByRole('link', { name: 'Password dimenticata?' }),
      page.getByRole('button', { name: 'Accedi', exact: true }),
      page.getByRole('link', { name: 'Registrati' }),
    ];
    expect(await focusIndicator(page)).not.toBe('none');
    for (const next of order) {
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
      expect(await focusIndicator(page)).not.toBe('none');
    }
    // Shift+Tab goes back the same way.
    await page.keyboard.press('Shift+Tab');
    await expect(order[3]!).toBeFocused();
  });

  test('?lang=ar presets the language on the login page', async ({ page }) => {
    await page.goto('/signin?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
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

/**
 * How the focused element shows its focus: an outline or a box shadow on it, or on the control MUI draws for it (a
 * text field's 2 px border, a checkbox's button, as the input itself is transparent); 'none' when nothing is visible.
 */
async function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'none';
    const shows = (node: Element) => {
      const cs = getComputedStyle(node);
      if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0)
        return `outline ${cs.outlineStyle} ${cs.outlineWidth}`;
      if (cs.boxShadow && cs.boxShadow !== 'none') return `box-shadow ${cs.boxShadow}`;
      return null;
    };
    // An invisible element (a checkbox's own input) shows nothing, whatever its outline.
    const own = getComputedStyle(el).opacity === '0' ? null : shows(el);
    if (own) return own;
    // A text field: the input draws nothing, its notched outline turns 2 px thick.
    const field = el.closest('.MuiOutlinedInput-root.Mui-focused')?.querySelector('fieldset');
    if (field && parseFloat(getComputedStyle(field).borderTopWidth) >= 2)
      return `field border ${getComputedStyle(field).borderTopWidth}`;
    // A checkbox: the input is invisible, its button shows the focus.
    const button = el.closest('.MuiButtonBase-root.Mui-focusVisible');
    return (button && shows(button)) ?? 'none';
  });
}
