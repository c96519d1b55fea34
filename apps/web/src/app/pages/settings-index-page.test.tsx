import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../features/company/api/get-workspace';
import { demoWorkspace } from '../../features/company/company.fixtures';
import { loadCatalogArea } from '../../i18n/i18n';
import { SETTINGS_SCREEN } from '../../lib/permissions';
import { demoUserWith, fakeApi, json, sessionOf, validationFailed } from '../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../testing/render';
import { SettingsIndexPage } from './settings-index-page';

const user = userEvent.setup({ delay: null });
const SLOW = { timeout: 10_000 };

/** Demo's company details, as the page sends them back. */
const company = demoWorkspace().workspace_company;
const workspace = (over: Partial<Workspace> = {}): Workspace => ({ ...demoWorkspace(), ...over });

const session = (roles: { admin: boolean; accountant: boolean }) =>
  sessionOf(demoUserWith({ ...roles, member: false }));

beforeAll(async () => {
  await loadCatalogArea('workspace');
});

const renderIndex = () =>
  renderRoutes([guardedPage('/admin/setting', SETTINGS_SCREEN, <SettingsIndexPage />)], '/admin/setting');
const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));

describe('settings index', { timeout: 30_000 }, () => {
  it('admin: a tile for every settings screen, each leading to its page', async () => {
    fakeApi({
      ...session({ admin: true, accountant: false }),
      'GET /admin/workspace/ws-demo': () => json(200, workspace()),
    });
    renderIndex();
    const list = await screen.findByRole('list', { name: 'Impostazioni' }, SLOW);
    const links = within(list)
      .getAllByRole('link')
      .map((l) => [l.textContent, l.getAttribute('href')]);
    expect(links).toEqual([
      ['Orari e modelli', '/admin/setting/time-slot'],
      ['Modelli giornalieri', '/admin/setting/template-day'],
      ['Modelli settimanali', '/admin/setting/template-week'],
      ['Festività', '/admin/setting/holiday'],
      ['Tipi di assenza', '/admin/setting/justification'],
      ['Dati aziendali', '/admin/setting/workspace'],
      ['Notifiche', '/admin/setting/notification'],
      ['Integrazione paghe', expect.stringMatching(/^\/integration\/[a-z-]+\/company$/)],
    ]);
    expect(within(list).getByText("Le notifiche predefinite dell'azienda per ogni categoria, e le tue.")).toBeVisible();
    expect(screen.queryByTestId('settings-read-only')).not.toBeInTheDocument();
    expect(await screen.findByTestId('auto-approve-switch')).toBeInTheDocument();
    expect(screen.getByTestId('settings-time-zone')).toBeInTheDocument();
  });

  it('approvals: the switch saves the workspace rule with the company fields unchanged, and says so', async () => {
    let saved = workspace();
    const { calls } = fakeApi({
      ...session({ admin: true, accountant: false }),
      'GET /admin/workspace/ws-demo': () => json(200, saved),
      'POST /admin/workspace/ws-demo': ({ body }) => {
        const b = body as { attendance_auto_approve_request: boolean };
        saved = workspace({ attendance_auto_approve_request: b.attendance_auto_approve_request });
        return json(200, saved);
      },
    });
    renderIndex();
    const card = await screen.findByTestId('settings-approvals', {}, SLOW);
    const toggle = await within(card).findByRole('switch', {
      name: 'Approva automaticamente le richieste di assenza',
    });
    expect(toggle).not.toBeChecked();
    expect(within(card).getByTestId('auto-approve-hint')).toHaveTextContent(
      'Le nuove richieste di assenza attendono la decisione di un amministratore.',
    );
    await user.click(toggle);
    expect(await screen.findByText('Approvazione automatica attivata')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      {
        path: '/admin/workspace/ws-demo',
        body: { workspace_company: company, attendance_auto_approve_request: true },
      },
    ]);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(within(card).getByTestId('auto-approve-hint')).toHaveTextContent(
      'Le nuove richieste di assenza sono approvate appena inviate.',
    );
  });

  it('time zone: warns what changes, asks to confirm, saves the IANA zone; a refusal shows in the dialog', async () => {
    let attempt = 0;
    const { calls } = fakeApi({
      ...session({ admin: true, accountant: false }),
      'GET /admin/workspace/ws-demo': () => json(200, workspace()),
      'POST /admin/workspace/ws-demo': ({ body }) =>
        ++attempt === 1
          ? validationFailed('Dati non validi', [{ path: 'time_zone', message: 'Il fuso orario non è valido' }])
          : json(200, workspace({ time_zone: (body as { time_zone: string }).time_zone })),
    });
    renderIndex();
    const card = await screen.findByTestId('settings-time-zone', {}, SLOW);
    expect(await within(card).findByTestId('time-zone-warning')).toHaveTextContent(
      'Cambiarlo cambia il modo in cui vengono lette le nuove timbrature e i nuovi turni. Le timbrature e i turni già registrati restano nel fuso in cui sono stati registrati.',
    );
    const input = within(card).getByTestId('time-zone-input');
    expect(input).toHaveValue('Europe/Rome');
    expect(within(card).getByTestId('time-zone-save')).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'America/New_Y');
    await user.click(await screen.findByRole('option', { name: 'America/New_York' }));
    await user.click(within(card).getByTestId('time-zone-save'));
    const dialog = await screen.findByTestId('time-zone-confirm');
    expect(dialog).toHaveTextContent('nel fuso America/New_York invece che in Europe/Rome');
    await user.click(within(dialog).getByTestId('time-zone-confirm-confirm'));
    expect(await within(dialog).findByText('Il fuso orario non è valido')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('time-zone-confirm-confirm'));
    expect(await screen.findByText('Fuso orario aggiornato: America/New_York')).toBeInTheDocument();
    expect(posts(calls).at(-1)).toEqual({
      path: '/admin/workspace/ws-demo',
      body: { workspace_company: company, time_zone: 'America/New_York' },
    });
    await waitFor(() => expect(within(card).getByTestId('time-zone-input')).toHaveValue('America/New_York'));
  });

  it('accountant: read-only — the screens it may open, the rule and the zone shown but not changeable', async () => {
    const { calls } = fakeApi({
      ...session({ admin: false, accountant: true }),
      'GET /admin/workspace/ws-demo': () => json(200, workspace({ attendance_auto_approve_request: true })),
    });
    renderIndex();
    const list = await screen.findByRole('list', { name: 'Impostazioni' }, SLOW);
    expect(screen.getByTestId('settings-read-only')).toHaveTextContent(
      'Puoi consultare le impostazioni; solo gli amministratori possono modificarle.',
    );
    const titles = within(list)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(titles).toContain('Dati aziendali');
    expect(titles).not.toContain('Integrazione paghe');
    const toggle = await screen.findByRole('switch', { name: 'Approva automaticamente le richieste di assenza' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByTestId('time-zone-input')).toBeDisabled();
    expect(screen.queryByTestId('time-zone-save')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
