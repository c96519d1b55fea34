import { expect, type Browser, type Page } from '@playwright/test';
import { apiOf, expectAccessible, screenshot, signedIn as newPage } from './fixtures';

const ADMIN = 'admin@demo.timbro.it';
const MARIO = 'mario.rossi@demo.timbro.it';

const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();

/** The bell's unread count, from its accessible name ("Notifiche: 3 non lette", or "Notifiche" for none). */
async function unreadOf(page: Page) {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? 0);
}

/**
 * The notification centre's journey (issue 14, ADR 0021): a request filed by an employee reaches the admin live
 * (bottom-left), the centre opens it and reads it, the settings are saved (the locked row says why), the profile leads
 * to them, and in Arabic the decision reaches the employee live on the mirrored side. Run by `announcements.spec.ts`
 * while its scheduled announcement waits for its send time.
 */
export async function requestReachesAdminLive(browser: Browser, baseURL: string | undefined) {
  const admin = await newPage(browser, baseURL, ADMIN);
  const bell = admin.getByTestId('notification-bell');
  // The count arrives by the server-sent events (fetch streaming with the workspace header).
  await expect(bell).toHaveAttribute('data-feed-mode', 'stream');
  const before = await unreadOf(admin);

  // Mario asks for a day of holiday (a working day a month ahead: nothing of the demo data or the other journeys).
  const mario = await newPage(browser, baseURL, MARIO);
  const api = await apiOf(mario);
  const { today } = await api.get<{ today: string }>('/attendance/user-info/current');
  const holidays = await api.get<{ date: string }[]>('/attendance/ajax/holidays', {
    from: addDays(today, 30),
    to: addDays(today, 45),
  });
  let day = addDays(today, 31);
  while (weekday(day) === 0 || weekday(day) === 6 || holidays.some((h) => h.date === day)) day = addDays(day, 1);
  const types = await api.get<{ id: string; code: string }[]>('/attendance/ajax/justifications');
  const holiday = types.find((j) => j.code === 'FER');
  expect(holiday, 'the demo workspace has Ferie (FER)').toBeTruthy();
  const filed = await api.post<{ items: { id: string }[] }>('/member/justification-request', {
    date: day,
    justificationId: holiday!.id,
    wholeDay: true,
    note: 'Giornata per le notifiche',
  });

  // The admin's page shows it live, bottom-left, and the count rises.
  const live = admin.getByRole('region', { name: 'Nuove notifiche' });
  await expect(live).toContainText('Nuova richiesta da approvare: Mario Rossi');
  await expect(bell).toHaveAttribute('aria-label', `Notifiche: ${before + 1} non lette`);
  const box = (await live.boundingBox())!;
  const viewport = admin.viewportSize()!;
  expect(box.x).toBeLessThan(48);
  expect(viewport.height - (box.y + box.height)).toBeLessThan(48);
  await screenshot(admin, 'it-notification-live');

  // The centre lists it first; opening it reads it and goes to the requests to approve.
  await bell.click();
  const panel = admin.getByRole('dialog', { name: 'Notifiche' });
  const first = panel.getByTestId('notifications-list').getByRole('button').first();
  await expect(first).toContainText('Nuova richiesta da approvare: Mario Rossi');
  await expect(first).toHaveAttribute('data-unread', 'true');
  await expectAccessible(admin);
  await screenshot(admin, 'it-notification-centre');
  await first.click();
  await expect(admin).toHaveURL(/\/admin\/justification-request$/);
  await expect(bell).toHaveAttribute('aria-label', before === 0 ? 'Notifiche' : `Notifiche: ${before} non lette`);

  // The settings: the locked account row says why; a change is saved as the admin's own choice.
  await admin.goto('/admin/setting/notification');
  const own = admin.getByTestId('notification-settings-own');
  await expect(own.getByTestId('category-account').getByTestId('locked-reason')).toContainText(
    'Per la sicurezza del tuo account',
  );
  await expectAccessible(admin);
  await screenshot(admin, 'it-notification-settings');
  await own.getByRole('switch', { name: 'App: Cedolini' }).click();
  await own.getByRole('button', { name: 'Salva le preferenze' }).click();
  await expect(admin.getByText('Preferenze di notifica salvate')).toBeVisible();
  await expect(own.getByTestId('category-paychecks').getByTestId('category-source')).toHaveText('Scelta tua');
  await admin.getByTestId('notification-tab-workspace').click();
  await expect(admin.getByTestId('notification-settings-workspace')).toBeVisible();
  await expectAccessible(admin);

  // Mario reaches his own from the profile; he has no company tab.
  await mario.goto('/my-account');
  await mario.getByTestId('profile-notification-settings').click();
  await expect(mario.getByTestId('notification-settings-own')).toBeVisible();
  await expect(mario.getByRole('tab', { name: 'Impostazioni predefinite dell’azienda' })).toHaveCount(0);

  // In Arabic the layout mirrors: the decision reaches Mario live at the bottom of the inline start (the right).
  await mario.getByTestId('language-button').click();
  await mario.getByTestId('language-ar').click();
  await expect(mario.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(mario.getByRole('heading', { level: 1 })).toHaveText('إعدادات الإشعارات');
  await expect(mario.getByTestId('notification-bell')).toHaveAttribute('data-feed-mode', 'stream');
  await apiOf(admin).then((a) => a.post('/admin/justification-request/approve', { ids: [filed.items[0]!.id] }));
  const mine = mario.getByRole('region', { name: 'إشعارات جديدة' });
  await expect(mine).toContainText('تمت الموافقة على طلبك');
  const rtlBox = (await mine.boundingBox())!;
  expect(mario.viewportSize()!.width - (rtlBox.x + rtlBox.width)).toBeLessThan(48);
  await expectAccessible(mario);
  await screenshot(mario, 'ar-notification-settings-live');
  await mario.getByTestId('notification-bell').click();
  await expect(mario.getByRole('dialog', { name: 'الإشعارات' })).toContainText('تمت الموافقة على طلبك');
  await expectAccessible(mario);
  await screenshot(mario, 'ar-notification-centre');

  // The language is the account's: back to Italian for the journeys that follow.
  await mario.keyboard.press('Escape');
  await mario.getByTestId('language-button').click();
  const saved = mario.waitForResponse((r) => r.url().endsWith('/api/v1/user/language') && r.ok());
  await mario.getByTestId('language-it').click();
  await saved;
  await expect(mario.locator('html')).toHaveAttribute('dir', 'ltr');
}
