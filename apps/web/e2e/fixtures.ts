import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Timbro2026!';
export const SCREENS_DIR = path.join(import.meta.dirname, '../../../test-results/screens');

export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

export async function screenshot(page: Page, name: string) {
  // Transitions (dialogs, snackbars) are finished first: no half-faded screenshots.
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** axe-core on the current page: no serious or critical accessibility violation. */
export async function expectAccessible(page: Page) {
  await settled(page);
  // Only the violations are collected (not the passes and the inapplicable rules): about 20 % faster per page.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Waits until no finite CSS transition or animation is running (menus fading out, pages fading in):
 * axe measures colour contrast on what is painted, and a half-transparent heading fails it at random.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}
