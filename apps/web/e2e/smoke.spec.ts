import { expect, test } from '@playwright/test';
import { LOGIN_JS_BUDGET_KB, loadedScripts, scriptsReport, totalGzipKb } from './loaded-scripts';

test('the served app loads, the API is healthy, anonymous visitors land on the login page', async ({
  page,
  request,
}) => {
  const health = await request.get('/api/v1/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
});

test('client-side routes get the app shell, unknown API paths a JSON 404', async ({ page, request }) => {
  const res = await page.goto('/admin/user');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/signin\?next=%2Fadmin%2Fuser$/);
  const api = await request.get('/api/v1/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
});

test('the login page loads at most 250 KB of JavaScript (gzip), counted script by script as Chromium loads it', async ({
  context,
}) => {
  // Every script Chromium asks for until the network is quiet — the entry, its imports, modulepreloads, the dynamic
  // imports fired on load (texts, routes…), workers — each one sized as the server sends it to a client that accepts
  // gzip (and, printed beside, brotli: what Chromium itself receives). ADR 0007.
  const scripts = await loadedScripts(context, async (page) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
  });
  console.info(scriptsReport('/signin JavaScript as Chromium loads it', scripts));
  expect(scripts.length).toBeGreaterThan(0);
  // Compressed on the way: far fewer bytes travel than the files hold.
  const raw = scripts.reduce((n, s) => n + s.raw, 0) / 1024;
  expect(totalGzipKb(scripts)).toBeLessThan(raw / 2);
  expect(
    totalGzipKb(scripts),
    `the login route's JavaScript exceeds the ${LOGIN_JS_BUDGET_KB} KB gzip budget (ADR 0007)`,
  ).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
});
