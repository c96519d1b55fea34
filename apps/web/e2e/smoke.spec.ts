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
