import { expect, test, type Page } from '@playwright/test';
import { pdf } from '../../server/test/upload-corpus';
import { expectAccessible, screenshot, signedIn as newPage } from './fixtures';

/**
 * Pay slips and documents (issue 13): the bulk import fixed by a person and published, the employee opening the slip
 * and the delivery report saying so; an expired document gone for the employee, still there for the admin.
 */

const ADMIN = 'admin@demo.timbro.it';
const MARIO = 'mario.rossi@demo.timbro.it';

/** The API with a logged-in page's session: the demo employees' records (id, codice fiscale). */
async function employees(page: Page, search: string) {
  const list = await page.request.get('/api/v1/workspace/list');
  const headers = { 'X-Client': 'timbro-web', 'X-Workspace-Id': list.headers()['x-workspace-id']! };
  const res = await page.request.get('/api/v1/admin/user', { headers, params: { search } });
  expect(res.ok()).toBe(true);
  return (await res.json()).items as { id: string; firstName: string; lastName: string; fiscalCode: string }[];
}

const lastMonth = () => {
  const d = new Date();
  const m = d.getMonth() === 0 ? 12 : d.getMonth();
  return { year: d.getMonth() === 0 ? d.getFullYear() - 1 : d.getFullYear(), month: m };
};
const monthName = (year: number, month: number) =>
  new Intl.DateTimeFormat('it', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );

test.describe('pay slips and documents', () => {
  test('the admin imports a PDF, gives the unrecognised page to its employee and publishes; Mario opens his; the report says so', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await newPage(browser, baseURL, ADMIN);
    const [mario] = await employees(admin, 'Rossi');
    const { year, month } = lastMonth();
    const period = monthName(year, month);
    const file = pdf([
      [
        `CEDOLINO PAGA ${period.toUpperCase()}`,
        'ROSSI MARIO',
        `CODICE FISCALE ${mario!.fiscalCode}`,
        'NETTO DEL MESE 1.534,20',
      ],
      ['ROSSI MARIO - SEGUE', 'RATEI FERIE E PERMESSI'],
      [`CEDOLINO PAGA ${period.toUpperCase()}`, 'ESPOSITO GIULIA', 'NETTO DEL MESE 1.610,00'],
      ['RIEPILOGO AZIENDALE', 'TOTALE NETTI 3.144,20'],
    ]);

    await test.step('upload: the month, the PDF; the pages are read', async () => {
      await admin.getByRole('link', { name: 'Cedolini', exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/paycheck$/);
      await admin.getByTestId('paycheck-import-link').click();
      await admin.getByTestId('import-file-input').setInputFiles({
        name: 'cedolini.pdf',
        mimeType: 'application/pdf',
        buffer: file,
      });
      await admin.getByTestId('import-upload').click();
      await expect(admin).toHaveURL(/\/admin\/paycheck\/import\/[0-9a-f-]+$/);
      await expect(admin.getByTestId('review-attention-count')).toHaveText('Da controllare: 1', { timeout: 30_000 });
    });

    await test.step('review: page 3 has no codice fiscale; the admin gives it to Giulia, knowingly', async () => {
      const row = admin.getByTestId('review-page-3');
      await expect(row).toContainText('Nessun dipendente');
      await admin.getByTestId('review-choice-3').click();
      await admin.getByRole('option', { name: /Esposito Giulia/ }).click();
      await expect(row.getByLabel(/non compare nella pagina/)).toBeVisible();
      await expect(admin.getByTestId('review-slip-1')).toContainText('1–2');
      await expect(admin.getByTestId('review-net-1')).toHaveValue('1534,20');
      await expect(admin.getByTestId('review-net-3')).toHaveValue('1610,00');
      await screenshot(admin, 'it-paycheck-review');
      await expectAccessible(admin);
      await admin.getByTestId('review-publish').click();
      await admin.getByTestId('review-confirm').getByRole('button', { name: 'Pubblica' }).click();
      await expect(admin.getByTestId('review-published')).toContainText('Pubblicati 2 cedolini', { timeout: 30_000 });
      await expect(admin.getByTestId('review-page-3')).toContainText('Assegnata a mano');
      await screenshot(admin, 'it-paycheck-published');
      await admin.goto(`${admin.url()}?lang=ar`);
      await expect(admin.getByTestId('review-published')).toBeVisible();
      await expect(admin.locator('html')).toHaveAttribute('dir', 'rtl');
      await screenshot(admin, 'ar-paycheck-published');
      await admin.goto(`${new URL(admin.url()).pathname}?lang=it`);
      await expect(admin.getByTestId('review-published')).toContainText('Pubblicati');
    });

    await test.step('Mario sees his slip, new; opens it (the download is recorded)', async () => {
      const me = await newPage(browser, baseURL, MARIO);
      await me.getByRole('link', { name: 'I miei cedolini' }).click();
      const mine = me.getByTestId('my-paychecks');
      await expect(mine).toContainText(period, { ignoreCase: true });
      await expect(mine).toContainText('nuovo');
      await mine.getByText(period, { exact: false }).first().click();
      await expect(me.getByTestId('my-paycheck')).toContainText('Non ancora aperto');
      const download = me.waitForEvent('download');
      await me.getByRole('button', { name: 'Scarica' }).click();
      expect((await download).suggestedFilename()).toMatch(/^Cedolino .*Rossi Mario\.pdf$/);
      await expect(me.getByTestId('my-paycheck')).not.toContainText('Non ancora aperto');
      await screenshot(me, 'it-my-paycheck');
      await me.goto('/member/paycheck?lang=ar');
      await expect(me.getByTestId('my-paychecks')).toBeVisible();
      await screenshot(me, 'ar-my-paychecks');
      await me.goto('/member/paycheck?lang=it');
      await me.context().close();
    });

    await test.step('the delivery report of the month: one opened, one not', async () => {
      await admin.goto(`/admin/paycheck?year=${year}&month=${month}`);
      const panel = admin.getByTestId('delivery-panel');
      await expect(panel.getByTestId('delivery-published')).toContainText('2');
      await expect(panel.getByTestId('delivery-opened')).toContainText('1');
      const rossi = admin.getByRole('row', { name: /Rossi Mario/ });
      await expect(rossi).toContainText('Aperto');
      await expect(admin.getByRole('row', { name: /Esposito Giulia/ })).toContainText('Non aperto');
      const csv = admin.waitForEvent('download');
      await panel.getByTestId('delivery-csv').click();
      expect((await csv).suggestedFilename()).toMatch(/^Consegna cedolini \d{4}-\d{2}\.csv$/);
      await screenshot(admin, 'it-paycheck-delivery');
    });
    await admin.context().close();
  });

  test('a document past its expiry is gone for the employee and still there for the admin', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await newPage(browser, baseURL, ADMIN);
    const [mario] = await employees(admin, 'Rossi');
    const yesterday = new Date(Date.now() - 86_400_000);
    const typed = `${String(yesterday.getDate()).padStart(2, '0')}${String(yesterday.getMonth() + 1).padStart(2, '0')}${yesterday.getFullYear()}`;

    await test.step('the admin files two documents for Mario: one expired yesterday', async () => {
      await admin.goto(`/admin/user/${mario!.id}/document`);
      for (const [label, expired] of [
        ['Regolamento aziendale', false],
        ['Idoneità sanitaria 2025', true],
      ] as const) {
        await admin.getByTestId('document-new').click();
        const dialog = admin.getByTestId('document-dialog');
        await dialog.getByTestId('document-label').fill(label);
        if (expired) {
          await dialog.getByRole('group', { name: /Scadenza/ }).click();
          await admin.keyboard.type(typed);
        }
        await dialog.getByTestId('document-file-input').setInputFiles({
          name: `${label}.pdf`,
          mimeType: 'application/pdf',
          buffer: pdf([[label]]),
        });
        await dialog.getByTestId('document-submit').click();
        await expect(dialog).toBeHidden();
      }
      const grid = admin.getByTestId('user-documents-grid');
      await expect(grid.getByRole('row', { name: /Idoneità sanitaria 2025/ })).toContainText('Scaduto');
    });

    await test.step('Mario sees only the one still valid', async () => {
      const me = await newPage(browser, baseURL, MARIO);
      await me.getByRole('link', { name: 'I miei documenti' }).click();
      const mine = me.getByTestId('my-documents');
      await expect(mine).toContainText('Regolamento aziendale');
      await expect(mine).not.toContainText('Idoneità sanitaria 2025');
      await screenshot(me, 'it-my-documents');
      await me.goto('/member/document?lang=ar');
      await expect(me.getByTestId('my-documents')).toContainText('Regolamento aziendale');
      await screenshot(me, 'ar-my-documents');
      await me.goto('/member/document?lang=it');
      await me.context().close();
    });

    await test.step('the admin still has it, marked expired, in the workspace list', async () => {
      await admin.getByRole('link', { name: 'Documenti', exact: true }).click();
      const row = admin.getByRole('row', { name: /Idoneità sanitaria 2025/ });
      await expect(row).toContainText('Scaduto');
      await expect(row).toContainText('Rossi Mario');
      await screenshot(admin, 'it-documents');
      await expectAccessible(admin);
    });
    await admin.context().close();
  });
});
