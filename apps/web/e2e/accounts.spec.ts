import { expect, test } from '@playwright/test';
import { expectAccessible, login, screenshot } from './fixtures';

/**
 * ADR 0015: an admin enrols a person who already has an account (Beta's Paolo) by e-mail; nothing is bound until
 * Paolo accepts the invitation on his dashboard; then he works in Demo too.
 */
test.describe('accounts: enrolment by invitation', () => {
  test('the admin invites an existing account; the person accepts on the dashboard and joins the company', async ({
    browser,
  }) => {
    const admin = await (await browser.newContext()).newPage();
    await login(admin, 'admin@demo.timbro.it');
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.goto('/admin/user/new');
    await admin.getByTestId('field-fiscalCode').fill('LMBPLA87C14H501S');
    await admin.getByLabel(/^Nome/).fill('Paolo');
    await admin.getByLabel(/^Cognome/).fill('Lombardi');
    await admin.getByLabel(/^Email di accesso/).fill('paolo.lombardi@beta.timbro.it');
    await admin.getByLabel(/^Email aziendale/).fill('paolo.lombardi@demo.timbro.it');
    await admin.getByLabel(/^PEC o email personale/).fill('paolo.lombardi@pec.it');
    await admin.getByTestId('user-form-submit').click();
    await expect(admin).toHaveURL(/\/admin\/user\/[0-9a-f-]+\/detail$/);
    await expect(
      admin.getByText("Scheda creata: Paolo Lombardi. Abbiamo inviato l'invito a paolo.lombardi@beta.timbro.it"),
    ).toBeVisible();
    await expect(admin.getByTestId('invitation-pending')).toBeVisible();
    await expect(admin.getByTestId('last-login-web')).toHaveText('Mai');
    await expect(admin.getByTestId('user-resend-invitation')).toBeVisible();
    const detailUrl = admin.url();
    await expectAccessible(admin);
    await screenshot(admin, 'it-user-invited');
    // The login e-mail is the person's: read-only for the company.
    await admin.getByTestId('user-edit').click();
    await expect(admin.getByTestId('field-email')).toHaveAttribute('readonly', '');
    await screenshot(admin, 'it-user-edit-login-email-locked');

    const paolo = await (await browser.newContext()).newPage();
    await login(paolo, 'paolo.lombardi@beta.timbro.it');
    const widget = paolo.getByTestId('widget-invitations');
    await expect(widget).toContainText('Demo S.r.l.');
    await expect(widget).toContainText('Ti hanno registrato come Paolo Lombardi');
    await expectAccessible(paolo);
    await screenshot(paolo, 'it-dashboard-invitation');
    await widget.getByTestId('invitation-accept').click();
    await expect(paolo.getByText('Ora fai parte di Demo S.r.l.')).toBeVisible();
    await expect(paolo.getByTestId('widget-invitations')).toHaveCount(0);
    await expect(paolo.getByTestId('welcome-widget')).toContainText('Demo S.r.l.');

    await admin.goto(detailUrl);
    await expect(admin.getByTestId('invitation-pending')).toHaveCount(0);
    await expect(admin.getByTestId('user-status').first()).toContainText('Attivo');
    await expect(admin.getByTestId('user-resend-invitation')).toHaveCount(0);
  });
});
