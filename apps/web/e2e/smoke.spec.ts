import { expect, test } from '@playwright/test';

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

test('the login page loads at most 250 KB of JavaScript, counted as the browser receives it (compressed)', async ({
  page,
}) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // What travelled: the encoded (brotli) bodies of every script the page loaded, from the Resource Timing entries.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => /\.m?js(\?|$)/.test(e.name))
      .map((e) => ({ name: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize })),
  );
  const encoded = scripts.reduce((n, s) => n + s.encoded, 0) / 1024;
  const decoded = scripts.reduce((n, s) => n + s.decoded, 0) / 1024;
  console.info(
    `/signin JavaScript as loaded: ${scripts.length} files, ${encoded.toFixed(1)} KB over the wire (${decoded.toFixed(1)} KB uncompressed); budget 250 KB`,
  );
  expect(scripts.length).toBeGreaterThan(0);
  // Compressed on the way: far fewer bytes travel than the files hold.
  expect(encoded).toBeLessThan(decoded / 2);
  expect(encoded).toBeLessThanOrEqual(250);
});
