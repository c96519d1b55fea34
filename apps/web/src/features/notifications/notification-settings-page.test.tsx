import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SettingsIndexPage } from '../../app/pages/settings-index-page';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json, validationFailed } from '../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../testing/render';
import { MyAccountPage } from '../profile/my-account-page';
import { NotificationSettingsPage } from './notification-settings-page';
import { accountantSession, adminSession, memberSession, settings } from './notifications.fixtures';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  // The settings index (app/pages) has its texts in the workspace area.
  await Promise.all([loadCatalogArea('notifications'), loadCatalogArea('workspace')]);
});

const renderPage = () =>
  renderRoutes(
    [
      guardedPage('/admin/setting/notification', 'notification:own', <NotificationSettingsPage />),
      route('/dashboard', <h1>Dashboard</h1>),
    ],
    '/admin/setting/notification',
  );

const row = (section: HTMLElement, category: string) => within(section).getByTestId(`category-${category}`);
const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => ({ method: c.method, path: c.path, body: c.body }));

describe('notification settings', { timeout: 20_000 }, () => {
  it('one row per category with its switches, e-mail mode and source; the account row is locked with the reason; no company tab for a member', async () => {
    fakeApi({
      ...memberSession,
      'GET /notification/settings': () =>
        json(
          200,
          settings({
            paychecks: { email: 'digest', source: 'own' },
            documents: { app: false, source: 'workspace' },
          }),
        ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Impostazioni notifiche' })).toBeInTheDocument();
    const section = await screen.findByTestId('notification-settings-own');
    const table = within(section).getByRole('table', { name: 'Le mie notifiche per categoria' });
    const names = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.querySelector('p')?.textContent);
    expect(names).toEqual([
      'Richieste di assenza',
      'Cedolini',
      'Documenti',
      'Comunicazioni',
      'Turni e cambi turno',
      'Chiusure mensili',
      'Account e inviti',
    ]);
    const paychecks = row(section, 'paychecks');
    expect(paychecks).toHaveTextContent('Cedolino pubblicato · Promemoria del cedolino non aperto');
    expect(within(paychecks).getByRole('switch', { name: 'Web: Cedolini' })).toBeChecked();
    expect(within(paychecks).getByRole('combobox', { name: 'Email: Cedolini' })).toHaveTextContent(
      'Riepilogo giornaliero',
    );
    expect(within(paychecks).getByTestId('category-source')).toHaveTextContent('Scelta tua');
    const documents = row(section, 'documents');
    expect(within(documents).getByRole('switch', { name: 'App: Documenti' })).not.toBeChecked();
    expect(within(documents).getByTestId('category-source')).toHaveTextContent('Predefinita dell’azienda');
    expect(within(row(section, 'requests')).getByTestId('category-source')).toHaveTextContent('Standard');

    const account = row(section, 'account');
    const reason = 'Per la sicurezza del tuo account questi messaggi arrivano sempre: non si possono disattivare.';
    expect(within(account).getByTestId('locked-reason')).toHaveTextContent(reason);
    for (const name of ['Web: Account e inviti', 'App: Account e inviti']) {
      const control = within(account).getByRole('switch', { name });
      expect(control).toBeChecked();
      expect(control).toBeDisabled();
      expect(control).toHaveAccessibleDescription(reason);
    }
    const email = within(account).getByRole('combobox', { name: 'Email: Account e inviti' });
    expect(email).toHaveAttribute('aria-disabled', 'true');
    expect(email).toHaveTextContent('Subito');
    expect(within(account).getByTestId('category-source')).toHaveTextContent('Sempre attive');

    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    // Nothing changed yet: nothing to save.
    expect(within(section).getByRole('button', { name: 'Salva le preferenze' })).toBeDisabled();
  });

  it('"Salva" sends only the categories changed; the answer shows where each now comes from', async () => {
    const { calls } = fakeApi({
      ...memberSession,
      'GET /notification/settings': () => json(200, settings()),
      'POST /notification/settings': () =>
        json(
          200,
          settings({
            paychecks: { web: false, source: 'own' },
            documents: { email: 'digest', source: 'own' },
          }),
        ),
    });
    renderPage();
    const section = await screen.findByTestId('notification-settings-own');
    await user.click(within(row(section, 'paychecks')).getByRole('switch', { name: 'Web: Cedolini' }));
    await user.click(within(row(section, 'documents')).getByRole('combobox', { name: 'Email: Documenti' }));
    await user.click(await screen.findByRole('option', { name: 'Riepilogo giornaliero' }));
    // Changed and changed back: not sent.
    const shifts = within(row(section, 'shifts')).getByRole('switch', { name: 'App: Turni e cambi turno' });
    await user.click(shifts);
    await user.click(shifts);
    await user.click(within(section).getByRole('button', { name: 'Salva le preferenze' }));

    expect(await screen.findByText('Preferenze di notifica salvate')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/notification/settings',
        body: {
          categories: [
            { category: 'paychecks', web: false, app: true, email: 'instant' },
            { category: 'documents', web: true, app: true, email: 'digest' },
          ],
        },
      },
    ]);
    await waitFor(() =>
      expect(within(row(section, 'paychecks')).getByTestId('category-source')).toHaveTextContent('Scelta tua'),
    );
    expect(within(row(section, 'shifts')).getByTestId('category-source')).toHaveTextContent('Standard');
    expect(within(section).getByRole('button', { name: 'Salva le preferenze' })).toBeDisabled();
  });

  it('a refusal of one field shows under that field (the server counts among the categories sent)', async () => {
    fakeApi({
      ...memberSession,
      'GET /notification/settings': () => json(200, settings()),
      'POST /notification/settings': () =>
        validationFailed('Alcuni campi non sono validi', [
          { path: 'categories.1.email', message: 'Scegli «subito», «riepilogo giornaliero» o «mai» per l’email' },
        ]),
    });
    renderPage();
    const section = await screen.findByTestId('notification-settings-own');
    await user.click(within(row(section, 'requests')).getByRole('switch', { name: 'Web: Richieste di assenza' }));
    await user.click(within(row(section, 'announcements')).getByRole('combobox', { name: 'Email: Comunicazioni' }));
    await user.click(await screen.findByRole('option', { name: 'Mai' }));
    await user.click(within(section).getByRole('button', { name: 'Salva le preferenze' }));
    // The second category sent is announcements.
    expect(
      await within(row(section, 'announcements')).findByText(
        'Scegli «subito», «riepilogo giornaliero» o «mai» per l’email',
      ),
    ).toBeInTheDocument();
    expect(within(row(section, 'requests')).queryByText(/Scegli/)).not.toBeInTheDocument();
  });

  it('"Ripristina le impostazioni dell’azienda" asks first, then forgets the own choices (DELETE)', async () => {
    const { calls } = fakeApi({
      ...memberSession,
      'GET /notification/settings': () => json(200, settings({ paychecks: { web: false, source: 'own' } })),
      'DELETE /notification/settings': () => json(200, settings({ paychecks: { source: 'workspace' } })),
    });
    renderPage();
    const section = await screen.findByTestId('notification-settings-own');
    expect(within(row(section, 'paychecks')).getByRole('switch', { name: 'Web: Cedolini' })).not.toBeChecked();
    await user.click(within(section).getByRole('button', { name: 'Ripristina le impostazioni dell’azienda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ripristinare le impostazioni dell’azienda?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Ripristina le impostazioni dell’azienda' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ripristina' }));
    expect(await screen.findByText('Ora valgono le impostazioni dell’azienda')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([{ method: 'DELETE', path: '/notification/settings', body: undefined }]);
    await waitFor(() =>
      expect(within(row(section, 'paychecks')).getByRole('switch', { name: 'Web: Cedolini' })).toBeChecked(),
    );
    expect(within(row(section, 'paychecks')).getByTestId('category-source')).toHaveTextContent(
      'Predefinita dell’azienda',
    );
    // Nothing of one's own left to forget.
    expect(within(section).getByRole('button', { name: 'Ripristina le impostazioni dell’azienda' })).toBeDisabled();
  });

  it('an admin also edits the company’s defaults, in their own tab; leaving unsaved changes asks first', async () => {
    const { calls } = fakeApi({
      ...adminSession,
      'GET /notification/settings': () => json(200, settings()),
      'GET /admin/setting/notification': () =>
        json(200, settings({ requests: { email: 'digest', source: 'workspace' } })),
      'POST /admin/setting/notification': () =>
        json(
          200,
          settings({
            requests: { email: 'digest', source: 'workspace' },
            month_logs: { app: false, source: 'workspace' },
          }),
        ),
    });
    renderPage();
    const ownTab = await screen.findByRole('tab', { name: 'Le mie notifiche' });
    expect(ownTab).toHaveAttribute('aria-selected', 'true');
    const own = await screen.findByTestId('notification-settings-own');
    // Unsaved changes in one tab: switching asks, and staying keeps them.
    await user.click(within(row(own, 'paychecks')).getByRole('switch', { name: 'Web: Cedolini' }));
    await user.click(screen.getByRole('tab', { name: 'Impostazioni predefinite dell’azienda' }));
    const guard = await screen.findByRole('dialog', { name: 'Modifiche non salvate' });
    await user.click(within(guard).getByRole('button', { name: 'Resta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Le mie notifiche' })).toHaveAttribute('aria-selected', 'true');
    expect(within(row(own, 'paychecks')).getByRole('switch', { name: 'Web: Cedolini' })).not.toBeChecked();
    await user.click(screen.getByRole('tab', { name: 'Impostazioni predefinite dell’azienda' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Modifiche non salvate' })).getByRole('button', {
        name: 'Esci senza salvare',
      }),
    );

    const defaults = await screen.findByTestId('notification-settings-workspace');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Impostazioni predefinite dell’azienda');
    expect(within(row(defaults, 'requests')).getByTestId('category-source')).toHaveTextContent(
      'Impostata dall’azienda',
    );
    expect(within(row(defaults, 'shifts')).getByTestId('category-source')).toHaveTextContent('Standard');
    // No "Ripristina" for the defaults: there is nothing behind them but the standard.
    expect(within(defaults).queryByRole('button', { name: /Ripristina/ })).not.toBeInTheDocument();
    await user.click(within(row(defaults, 'month_logs')).getByRole('switch', { name: 'App: Chiusure mensili' }));
    await user.click(within(defaults).getByRole('button', { name: 'Salva le impostazioni predefinite' }));
    expect(await screen.findByText('Impostazioni predefinite salvate')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/admin/setting/notification',
        body: { categories: [{ category: 'month_logs', web: true, app: false, email: 'instant' }] },
      },
    ]);
  });

  it('an accountant reads and sets their own, without the company tab', async () => {
    const { calls } = fakeApi({ ...accountantSession, 'GET /notification/settings': () => json(200, settings()) });
    renderPage();
    expect(await screen.findByTestId('notification-settings-own')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/setting/notification')).toBe(false);
  });

  it('the settings are reached from the profile and from the settings index', async () => {
    fakeApi({
      ...adminSession,
      'GET /notification/settings': () => json(200, settings()),
      'GET /admin/setting/notification': () => json(200, settings()),
    });
    const profile = renderRoutes(
      [
        route('/my-account', <MyAccountPage />),
        route('/admin/setting', <SettingsIndexPage />),
        route('/admin/setting/notification', <NotificationSettingsPage />),
      ],
      '/my-account',
    );
    await user.click(await screen.findByRole('link', { name: 'Impostazioni notifiche' }));
    expect(await screen.findByTestId('notification-settings-own')).toBeInTheDocument();
    profile.unmount();

    renderRoutes(
      [
        route('/admin/setting', <SettingsIndexPage />),
        route('/admin/setting/notification', <NotificationSettingsPage />),
      ],
      '/admin/setting',
    );
    const index = await screen.findByRole('list', { name: 'Impostazioni' });
    expect(
      within(index)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Orari e modelli',
      'Modelli giornalieri',
      'Modelli settimanali',
      'Festività',
      'Tipi di assenza',
      'Dati aziendali',
      'Notifiche',
      'Integrazione paghe',
    ]);
    expect(within(index).getByRole('link', { name: 'Notifiche' })).toHaveAttribute(
      'href',
      '/admin/setting/notification',
    );
  });
});
