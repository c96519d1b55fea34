import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';

export const PASSWORD = 'Timbro2026!';
export const SCREENS_DIR = path.join(import.meta.dirname, '../../../test-results/screens');

/**
 * Each account's known-device cookie, as the person's own browser would keep it (the server allows ten password checks
 * a minute per account from browsers it does not know; the journeys log in as the admin more often than that).
 */
const devices = new Map<string, { name: string; value: string; url: string }>();

export async function login(page: Page, email: string, password = PASSWORD) {
  const known = devices.get(email);
  if (known) await page.context().addCookies([known]);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  if ((await answered).ok()) {
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('timbro_dev'));
    if (cookie)
      devices.set(email, { name: cookie.name, value: cookie.value, url: new URL('/api/v1/auth', page.url()).href });
  }
}

/**
 * Signs in as the labour consultant (who lands on the month logs) and works in Demo: the consultant works for two
 * companies, and the switcher keeps the last one chosen.
 */
export async function accountantInDemo(page: Page) {
  await login(page, 'consulente@demo.timbro.it');
  await expect(page).toHaveURL(/\/admin\/month-log$/);
  const switcher = page.getByTestId('workspace-switcher');
  if (!(await switcher.textContent())?.includes('Demo')) {
    await switcher.click();
    await page.getByRole('option', { name: 'Demo S.r.l.' }).click();
    await expect(switcher).toContainText('Demo S.r.l.');
  }
}

/**
 * A full-page screenshot in test-results/screens, to be looked at. Not in CI, where nobody looks (148 of them took
 * ~25 s of the journeys there): `E2E_SCREENS=1` takes them in CI too.
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.CI && process.env.E2E_SCREENS !== '1') return;
  const t = Date.now();
  // Transitions (dialogs, snackbars) are finished first: no half-faded screenshots.
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
  if (process.env.E2E_TIMING) console.log(`[timing] screenshot ${Date.now() - t}`);
}

/**
 * axe-core's serious and critical violations on the current page. Legacy mode (one `axe.run` in the page) rather than
 * the default, which runs axe per frame and then opens a blank page of the context to merge the results: the same
 * rules on the same page, 0.8–1.2 s instead of 2–4.6 s per page here (the app has no cross-origin frames, which only the
 * default mode reaches). Only the violations are collected (not the passes and the inapplicable rules).
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** axe-core on the current page: no serious or critical accessibility violation. */
export async function expectAccessible(page: Page) {
  const t = Date.now();
  await settled(page);
  const serious = await seriousViolations(page);
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  if (process.env.E2E_TIMING) console.log(`[timing] axe ${Date.now() - t}`);
}

/**
 * Waits until no finite CSS transition or animation is running (menus fading out, pages fading in):
 * axe measures colour contrast on what is painted, and a half-transparent heading fails it at random.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Fonts loaded and two frames painted: a DataGrid sizes its columns from a ResizeObserver after layout, and axe
  // measuring in between saw a scroller overflowing for a moment (scrollable-region-focusable, once in CI).
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        void document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done())));
      }),
  );
}

/** A signed-in page of its own browser context (Italian, Rome time), landed where the role lands. */
export async function signedIn(browser: Browser, baseURL: string | undefined, email: string, landing = /\/dashboard$/) {
  const context = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const page = await context.newPage();
  await login(page, email);
  await expect(page).toHaveURL(landing);
  return page;
}

/** The API as the web client calls it, with a signed-in page's session (its cookies) and the workspace header. */
export async function apiOf(page: Page) {
  const list = await page.request.get('/api/v1/workspace/list');
  expect(list.ok()).toBe(true);
  const headers = { 'X-Client': 'timbro-web', 'X-Workspace-Id': list.headers()['x-workspace-id']! };
  const checked = async (path: string, res: Awaited<ReturnType<Page['request']['get']>>) => {
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res;
  };
  return {
    get: async <T>(path: string, params?: Record<string, string>) =>
      (await (await checked(path, await page.request.get(`/api/v1${path}`, { headers, params }))).json()) as T,
    post: async <T>(path: string, data: unknown) =>
      (await (await checked(path, await page.request.post(`/api/v1${path}`, { headers, data }))).json()) as T,
    put: async <T>(path: string, data: unknown) =>
      (await (await checked(path, await page.request.put(`/api/v1${path}`, { headers, data }))).json()) as T,
    del: async (path: string) => {
      await checked(path, await page.request.delete(`/api/v1${path}`, { headers }));
    },
  };
}
