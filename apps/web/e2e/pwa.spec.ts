import { expect, test } from '@playwright/test';
import { login, screenshot } from './fixtures';

/**
 * The installable app (issue 32, capture guide §4.1–4.2): Chromium finds the manifest installable; the service worker
 * takes the page; offline, the app shell and a deep link still open from its cache and say "Sei offline"; the worker
 * never answers the API (a request to /api fails offline instead of coming from a cache).
 */
test.use({ serviceWorkers: 'allow' });

test.describe('installed app', () => {
  test('installable, opens offline, never answers the API', async ({ page, context }) => {
    await login(page, 'mario.rossi@demo.timbro.it');
    await expect(page).toHaveURL(/\/dashboard$/);

    // The manifest as Chromium reads it, and nothing stopping the install (the test's incognito context aside).
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    // The worker is installed and controls the page.
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toContainText('Sei offline');
    // The last session's frame, not the login page: the employee's menu is there.
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toBeVisible();
    await expect(page.getByTestId('nav-myCalendar')).toBeVisible();
    await screenshot(page, 'it-pwa-offline');

    // A deep link opens the shell from the cache too.
    await page.goto('/member/calendar');
    await expect(page.getByTestId('offline-banner')).toBeVisible();

    // The API is never served by the worker: offline, a request to it fails (from the page and from the worker).
    const fromPage = await page.evaluate(() =>
      fetch('/api/v1/app-config').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(fromPage).toBe('failed');

    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });
});
