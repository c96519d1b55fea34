import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiOf, expectAccessible, screenshot, signedIn } from './fixtures';

/**
 * Work shifts and swaps (issue 15): the admin plans a week with an overnight shift and publishes it; an employee asks
 * a swap, the colleague accepts, the admin sees the rest warning and approves; editing another shift with an open
 * swap rejects that swap. Screens in Italian and Arabic. People used by no other journey: Federico Moretti, Martina
 * Rinaldi, Simone Fontana; the weeks are four and five weeks ahead, clear of the demo's own shifts.
 */

const ADMIN = 'admin@demo.timbro.it';
const FEDERICO = 'federico.moretti@demo.timbro.it';
const MARTINA = 'martina.rinaldi@demo.timbro.it';
const SIMONE = 'simone.fontana@demo.timbro.it';

type Api = Awaited<ReturnType<typeof apiOf>>;
interface Person {
  id: string;
  firstName: string;
  lastName: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
function mondayIn(weeks: number) {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back + 7 * weeks);
  return d;
}
const plus = (d: Date, n: number) => {
  const x = new Date(d);
  x.setUTCDate(x.getUTCDate() + n);
  return iso(x);
};

/**
 * Mondays at least four weeks ahead whose week has no holiday of the workspace (the journeys' shifts would carry a
 * holiday warning), the `n`-th of them: each journey plans its own week.
 */
async function quietMonday(api: Api, n: number) {
  let found = 0;
  for (let w = 4; w < 60; w++) {
    const monday = mondayIn(w);
    const holidays = await api.get<unknown[]>('/attendance/ajax/holidays', { from: iso(monday), to: plus(monday, 6) });
    if (holidays.length === 0 && found++ === n) return monday;
  }
  throw new Error('no week without holidays');
}

async function personId(api: Api, lastName: string) {
  const page = await api.get<{ people: Person[] }>('/admin/work-shift', {
    from: iso(mondayIn(1)),
    to: plus(mondayIn(1), 6),
    search: lastName,
  });
  return page.people[0]!.id;
}

async function arabic(browser: Browser, baseURL: string | undefined, email: string) {
  const page = await signedIn(browser, baseURL, email);
  await page.getByTestId('language-button').click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/language') && r.ok());
  await page.getByTestId('language-ar').click();
  await saved;
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  return page;
}

async function backToItalian(page: Page) {
  await page.getByTestId('language-button').click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/language') && r.ok());
  await page.getByTestId('language-it').click();
  await saved;
}

test.describe('work shifts', () => {
  test('the admin plans a week with an overnight shift and publishes it', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await signedIn(browser, baseURL, ADMIN);
    const api = await apiOf(admin);
    const monday = await quietMonday(api, 0);
    const federico = await personId(api, 'Moretti');
    // The rest of the week planned through the API: an evening shift Tuesday to Friday (11 hours after the night).
    await api.post('/admin/work-shift', {
      date: plus(monday, 1),
      dateTo: plus(monday, 4),
      userInfoIds: [federico],
      startMinutes: 17 * 60,
      endMinutes: 23 * 60,
      pauseMinutes: 30,
      label: 'Sera',
    });

    await admin.goto(`/admin/work-shift?date=${iso(monday)}&search=Moretti`);
    await expect(admin.getByRole('heading', { name: 'Turni', exact: true })).toBeVisible();
    // Monday is empty: the cell opens the new shift, with Federico and the day filled in.
    await admin.getByRole('link', { name: /^Nuovo turno: Moretti Federico, lunedì/ }).click();
    await expect(admin).toHaveURL(/\/admin\/work-shift\/new/);
    await admin.getByTestId('shift-start').fill('22:00');
    await admin.getByTestId('shift-end').fill('06:00');
    await admin.getByTestId('shift-end').blur();
    await expect(admin.getByText('Termina il giorno dopo').first()).toBeVisible();
    await admin.getByLabel('Pausa').fill('30');
    await admin.getByLabel('Etichetta').fill('Notte');
    await screenshot(admin, 'work-shifts-form-it');
    await admin.getByRole('button', { name: 'Crea', exact: true }).click();
    // No warning (a 30-minute break, 11 hours before Tuesday's evening): back on the planning, a draft on Monday.
    await expect(admin).toHaveURL(/\/admin\/work-shift(\?|$)/);
    await expect(admin.getByText('Bozza').first()).toBeVisible();
    await screenshot(admin, 'work-shifts-planning-drafts-it');

    await admin.getByRole('button', { name: 'Pubblica', exact: true }).first().click();
    const publish = admin.getByRole('dialog');
    await expect(publish).toContainText('Pubblicare i turni?');
    await publish.getByRole('button', { name: 'Pubblica', exact: true }).click();
    await expect(admin.getByText(/Pubblicati 5, saltati 0/)).toBeVisible();
    await screenshot(admin, 'work-shifts-publish-result-it');
    await admin.keyboard.press('Escape');

    const planned = await api.get<{ shifts: { date: string; status: string; startMinutes: number; endsAt: string }[] }>(
      '/admin/work-shift',
      { from: iso(monday), to: plus(monday, 6), search: 'Moretti' },
    );
    const night = planned.shifts.find((s) => s.date === iso(monday))!;
    expect(night).toMatchObject({ status: 'published', startMinutes: 22 * 60 });
    expect(night.endsAt.slice(0, 10)).toBe(plus(monday, 1));
    await expectAccessible(admin);

    // The employee sees the week, the night shift on the day it starts.
    const member = await signedIn(browser, baseURL, FEDERICO);
    await member.goto(`/member/work-shift?date=${iso(monday)}`);
    await expect(member.getByText('22:00').first()).toBeVisible();
    await screenshot(member, 'work-shifts-member-it');
    await expectAccessible(member);
    await member.context().close();
    await admin.context().close();

    // Arabic: the member's week, right to left (the planning's Arabic screen is in the next journey).
    const memberAr = await arabic(browser, baseURL, FEDERICO);
    await memberAr.goto(`/member/work-shift?date=${iso(monday)}`);
    await expect(memberAr.getByText('22:00').first()).toBeVisible();
    await screenshot(memberAr, 'work-shifts-member-ar');
    await backToItalian(memberAr);
    await memberAr.context().close();
  });

  test('an employee asks a swap, the colleague accepts, the admin sees the rest warning and approves', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await signedIn(browser, baseURL, ADMIN);
    const api = await apiOf(admin);
    const monday = await quietMonday(api, 1);
    const [federico, martina] = [await personId(api, 'Moretti'), await personId(api, 'Rinaldi')];
    const make = (who: string, day: number, start: number, end: number) =>
      api.post<{ shifts: { id: string }[] }>('/admin/work-shift', {
        date: plus(monday, day),
        userInfoIds: [who],
        startMinutes: start * 60,
        endMinutes: end * 60,
        pauseMinutes: 30,
      });
    const mine = (await make(federico, 0, 8, 16)).shifts[0]!.id;
    // Federico also works Wednesday at 06:00: Martina's Tuesday 14–22 would leave him 8 hours of rest.
    await make(federico, 2, 6, 14);
    await make(martina, 1, 14, 22);
    await api.post('/admin/work-shift/publish', { from: iso(monday), to: plus(monday, 6) });

    const asker = await signedIn(browser, baseURL, FEDERICO);
    await asker.goto(`/member/work-shift/${mine}/swap`);
    await expect(asker.getByRole('heading', { name: 'Proponi un cambio turno' })).toBeVisible();
    await asker.getByRole('radio').first().check();
    await asker.getByLabel('Nota (facoltativa)').fill('Ho una visita medica il lunedì mattina');
    await screenshot(asker, 'work-shifts-swap-request-it');
    await asker.getByRole('button', { name: 'Invia la richiesta' }).click();
    await expect(asker).toHaveURL(/\/member\/shift-swap\/[0-9a-f-]{36}$/);
    await expect(asker.getByText('In attesa del collega').first()).toBeVisible();
    const swapUrl = new URL(asker.url()).pathname;
    const swapId = swapUrl.split('/').at(-1)!;
    await asker.context().close();

    const colleague = await signedIn(browser, baseURL, MARTINA);
    await colleague.goto('/member/shift-swap');
    await colleague
      .getByRole('link')
      .filter({ hasText: /Moretti|Federico/ })
      .first()
      .click();
    await colleague.getByRole('button', { name: 'Accetta', exact: true }).click();
    const accept = colleague.getByRole('dialog');
    await expect(accept).toContainText('Accettare il cambio turno?');
    await accept.getByRole('button', { name: 'Accetta', exact: true }).click();
    await expect(colleague.getByText("In attesa dell'amministratore").first()).toBeVisible();
    await colleague.context().close();

    await admin.goto('/admin/shift-swap');
    await expect(admin.getByText("In attesa dell'amministratore").first()).toBeVisible();
    await screenshot(admin, 'work-shifts-swap-list-it');
    await admin.goto(`/admin/shift-swap/${swapId}`);
    await admin.getByRole('button', { name: 'Approva', exact: true }).click();
    const approve = admin.getByRole('dialog');
    // The rest rule, for both people: Federico's 11 hours are broken, Martina has no warning.
    await expect(approve).toContainText('11 ore');
    await expect(approve).toContainText('Nessun avviso');
    await screenshot(admin, 'work-shifts-swap-approve-it');
    await approve.getByLabel(/Nota/).fill('Federico ha chiesto lui il cambio: accetta il riposo ridotto');
    await approve.getByRole('button', { name: 'Approva', exact: true }).click();
    await expect(admin.getByText('Approvato').first()).toBeVisible();
    await screenshot(admin, 'work-shifts-swap-approved-it');
    const after = await api.get<{ shifts: { date: string; assignees: Person[]; swapped: boolean }[] }>(
      '/admin/work-shift',
      { from: iso(monday), to: plus(monday, 6), search: 'Rinaldi' },
    );
    const monday8 = after.shifts.find((s) => s.date === iso(monday))!;
    expect(monday8.swapped).toBe(true);
    expect(monday8.assignees.map((p) => p.id)).toEqual([martina]);
    await admin.context().close();

    const adminAr = await arabic(browser, baseURL, ADMIN);
    await adminAr.goto(`/admin/work-shift?date=${iso(monday)}&search=Rinaldi`);
    await expect(adminAr.getByTestId('shift-swapped').first()).toBeVisible();
    await screenshot(adminAr, 'work-shifts-planning-ar');
    await adminAr.goto(`/admin/shift-swap/${swapId}`);
    await expect(adminAr.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(adminAr.getByTestId('shift-time').first()).toBeVisible();
    await screenshot(adminAr, 'work-shifts-swap-detail-ar');
    await backToItalian(adminAr);
    await adminAr.context().close();
  });

  test('editing a shift with an open swap rejects that swap', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const admin = await signedIn(browser, baseURL, ADMIN);
    const api = await apiOf(admin);
    const monday = await quietMonday(api, 2);
    const [simone, martina] = [await personId(api, 'Fontana'), await personId(api, 'Rinaldi')];
    const a = await api.post<{ shifts: { id: string }[] }>('/admin/work-shift', {
      date: plus(monday, 2),
      userInfoIds: [simone],
      startMinutes: 9 * 60,
      endMinutes: 17 * 60,
      pauseMinutes: 60,
    });
    const b = await api.post<{ shifts: { id: string }[] }>('/admin/work-shift', {
      date: plus(monday, 3),
      userInfoIds: [martina],
      startMinutes: 9 * 60,
      endMinutes: 17 * 60,
      pauseMinutes: 60,
    });
    await api.post('/admin/work-shift/publish', { from: iso(monday), to: plus(monday, 6) });
    const asker = await signedIn(browser, baseURL, SIMONE);
    const swap = await (
      await apiOf(asker)
    ).post<{ swap: { id: string } }>('/member/shift-swap', {
      sourceShiftId: a.shifts[0]!.id,
      targetShiftId: b.shifts[0]!.id,
      targetUserInfoId: martina,
    });
    await asker.context().close();

    await admin.goto(`/admin/work-shift/${b.shifts[0]!.id}/edit`);
    await expect(admin.getByText(/richieste di cambio aperte \(1\)/)).toBeVisible();
    await screenshot(admin, 'work-shifts-edit-open-swap-it');
    await admin.getByTestId('shift-start').fill('10:00');
    await admin.getByTestId('shift-end').fill('18:00');
    await admin.getByTestId('shift-end').blur();
    await admin.getByRole('button', { name: /Salva/ }).click();
    await expect(admin.getByText(/rifiutate automaticamente: 1/)).toBeVisible();
    const detail = await api.get<{ status: string; autoReason: string }>(`/admin/shift-swap/${swap.swap.id}`);
    expect(detail).toMatchObject({ status: 'auto_rejected', autoReason: 'shift_changed' });
    await admin.goto(`/admin/shift-swap/${swap.swap.id}`);
    await expect(admin.getByText('Rifiutato automaticamente').first()).toBeVisible();
    await screenshot(admin, 'work-shifts-swap-auto-rejected-it');
    await admin.context().close();
  });
});
