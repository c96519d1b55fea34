import path from 'node:path';
import { expect, test } from '@playwright/test';

test('the served page loads and reports a healthy API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Timbro' })).toBeVisible();
  await expect(page.getByTestId('health')).toContainText('Servizio attivo');
  await page.screenshot({ path: path.join(import.meta.dirname, '../../../test-results/smoke.png') });
});

test('client-side routes get the app shell, unknown API paths a JSON 404', async ({ page, request }) => {
  const res = await page.goto('/dashboard');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Timbro' })).toBeVisible();
  const api = await request.get('/api/v1/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
});
