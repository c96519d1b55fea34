import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { demoUser, demoWorkspaces, fakeApi, json } from '../../testing/fake-api';
import { page, renderRoutes } from '../../testing/render';
import { AnonymousOnly, RequireAuth } from '../auth/require-auth';
import { LoginPage } from '../auth/login-page';
import { MyAccountPage } from './my-account-page';

/** The first render waits for the session (GET /user): slow on a busy machine. */
const LAZY = { timeout: 10_000 };

type Handlers = Parameters<typeof fakeApi>[0];

const user = userEvent.setup({ delay: null });

const loggedIn: Handlers = {
  'GET /user': () => json(200, demoUser),
  'GET /workspace/list': () => json(200, demoWorkspaces, { 'x-workspace-id': 'ws-demo' }),
};

/** /my-account as the app has it (behind RequireAuth), with the login page to land on after the session ends. */
function renderProfile(handlers: Handlers = {}) {
  const api = fakeApi({ ...loggedIn, ...handlers });
  const rendered = renderRoutes(
    [
      page(
        paths.myAccount,
        <RequireAuth permission="profile:read">
          <MyAccountPage />
        </RequireAuth>,
      ),
      page(
        paths.signin,
        <AnonymousOnly>
          <LoginPage />
        </AnonymousOnly>,
      ),
    ],
    paths.myAccount,
  );
  return { ...api, ...rendered };
}

const calledPath = (calls: { path: string }[], path: string) => calls.some((c) => c.path === path);

describe('profile: main form', { timeout: 20_000 }, () => {
  it('starts from the current user and requires first name, last name and a valid e-mail (Italian messages)', async () => {
    const { calls } = renderProfile();
    const firstName = await screen.findByLabelText(/^Nome/, {}, LAZY);
    expect(firstName).toHaveValue('Anna');
    expect(screen.getByLabelText(/^Cognome/)).toHaveValue('Bianchi');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('admin@demo.timbro.it');
    await user.clear(firstName);
    await user.clear(screen.getByLabelText(/^Cognome/));
    await user.clear(screen.getByLabelText(/^Email/));
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Inserisci il nome')).toBeInTheDocument();
    expect(screen.getByText('Inserisci il cognome')).toBeInTheDocument();
    expect(screen.getByText("Inserisci l'indirizzo email")).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(/^Email/), 'non-una-email');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Inserisci un indirizzo email valido')).toBeInTheDocument();
    expect(calledPath(calls, '/user/edit')).toBe(false);
  });

  it('saves the profile and keeps the session when the server does not end it', async () => {
    const { calls, router } = renderProfile({
      'POST /user/edit': ({ body }) => json(200, { ...demoUser, ...(body as object) }),
    });
    const firstName = await screen.findByLabelText(/^Nome/, {}, LAZY);
    await user.clear(firstName);
    await user.type(firstName, 'Annalisa');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Profilo aggiornato')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/user/edit')!.body).toEqual({ first_name: 'Annalisa', last_name: 'Bianchi', email: 'admin@demo.timbro.it', language: 'it' });
    expect(router.state.location.pathname).toBe(paths.myAccount);
  });

  it('an answer with X-Auth-Status: LoggedOut (e-mail changed) logs the user out to the login page', async () => {
    const { router } = renderProfile({
      'POST /user/edit': ({ body }) => json(200, { ...demoUser, ...(body as object) }, { 'X-Auth-Status': 'LoggedOut' }),
    });
    const email = await screen.findByLabelText(/^Email/, {}, LAZY);
    await user.clear(email);
    await user.type(email, 'anna.nuova@demo.timbro.it');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signin));
    expect(await screen.findByRole('heading', { name: 'Accedi' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText('Sei uscito da Timbro. Accedi di nuovo per continuare.')).toBeInTheDocument();
    expect(await screen.findByText('Email aggiornata: accedi con il nuovo indirizzo.')).toBeInTheDocument();
    // The profile is gone: nothing of the old session is on screen.
    expect(screen.queryByRole('tab', { name: 'Profilo' })).not.toBeInTheDocument();
  });
});

describe('profile: change password', { timeout: 20_000 }, () => {
  async function openTab(handlers: Handlers = {}) {
    const rendered = renderProfile(handlers);
    await user.click(await screen.findByRole('tab', { name: 'Cambia password' }, LAZY));
    const form = await screen.findByRole('form', { name: 'Cambia password' });
    return { ...rendered, form };
  }
  const submit = () => user.click(screen.getByRole('button', { name: 'Cambia password' }));

  it('requires the current password, the new one and its confirmation', async () => {
    const { calls } = await openTab();
    await submit();
    expect(await screen.findByText('Inserisci la password attuale')).toBeInTheDocument();
    expect(screen.getByText('Inserisci la password')).toBeInTheDocument();
    expect(screen.getByText('Conferma la password')).toBeInTheDocument();
    expect(calledPath(calls, '/user/change-password')).toBe(false);
  });

  it('checks the minimum length of the new password and that the confirmation matches', async () => {
    const { calls } = await openTab();
    await user.type(screen.getByLabelText(/^Password attuale/), 'Timbro2026!');
    await user.type(screen.getByLabelText(/^Nuova password/), 'corta');
    await user.type(screen.getByLabelText(/^Conferma password/), 'corta');
    await submit();
    expect(await screen.findByText('La password deve contenere almeno 10 caratteri')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Nuova password/));
    await user.type(screen.getByLabelText(/^Nuova password/), 'NuovaPassword2026');
    await user.clear(screen.getByLabelText(/^Conferma password/));
    await user.type(screen.getByLabelText(/^Conferma password/), 'NuovaPassword2027');
    await submit();
    expect(await screen.findByText('Le password non corrispondono')).toBeInTheDocument();
    expect(screen.queryByText('La password deve contenere almeno 10 caratteri')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Conferma password/)).toHaveAttribute('aria-invalid', 'true');
    expect(calledPath(calls, '/user/change-password')).toBe(false);
  });

  async function fillValid() {
    await user.type(screen.getByLabelText(/^Password attuale/), 'Sbagliata-2026');
    await user.type(screen.getByLabelText(/^Nuova password/), 'NuovaPassword2026');
    await user.type(screen.getByLabelText(/^Conferma password/), 'NuovaPassword2026');
    await submit();
  }

  it('the WrongPassword header is shown as "La password attuale non è corretta"', async () => {
    const { calls, form } = await openTab({
      'POST /user/change-password': () => json(400, { code: 'WRONG_PASSWORD', message: 'x' }, { 'X-Error-Message': 'WrongPassword' }),
    });
    await fillValid();
    const message = await within(form).findByText('La password attuale non è corretta');
    expect(message.closest('[role="alert"]')).toHaveClass('MuiAlert-colorError');
    expect(calls.find((c) => c.path === '/user/change-password')!.body).toEqual({ old_password: 'Sbagliata-2026', new_password: 'NuovaPassword2026' });
  });

  it("the server's WrongPassword answer (header and field error) marks the current-password field", async () => {
    await openTab({
      'POST /user/change-password': () =>
        json(
          400,
          { code: 'WRONG_PASSWORD', message: 'La password attuale non è corretta', errors: [{ path: 'old_password', message: 'La password attuale non è corretta' }] },
          { 'X-Error-Message': 'WrongPassword' },
        ),
    });
    await fillValid();
    expect(await screen.findByText('La password attuale non è corretta')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password attuale/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('a successful change empties the form and confirms', async () => {
    await openTab({ 'POST /user/change-password': () => json(200, { message: 'ok' }) });
    await fillValid();
    expect(await screen.findByText('Password aggiornata')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password attuale/)).toHaveValue('');
  });
});

describe('profile: delete', { timeout: 20_000 }, () => {
  async function openTab(handlers: Handlers = {}) {
    const rendered = renderProfile(handlers);
    await user.click(await screen.findByRole('tab', { name: 'Elimina profilo' }, LAZY));
    return rendered;
  }

  it('asks for confirmation first; cancelling deletes nothing', async () => {
    const { calls } = await openTab({ 'POST /user/immediately-delete': () => json(200, {}) });
    await user.click(screen.getByTestId('delete-profile'));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare il profilo?' });
    expect(dialog).toHaveTextContent("L'operazione è immediata e non si può annullare.");
    expect(calledPath(calls, '/user/immediately-delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calledPath(calls, '/user/immediately-delete')).toBe(false);
  });

  it('CannotDeleteUser is shown as "Questo profilo non può essere eliminato" and the user stays', async () => {
    const { router } = await openTab({
      'POST /user/immediately-delete': () => json(409, { code: 'CANNOT_DELETE_USER', message: 'x' }, { 'X-Error-Message': 'CannotDeleteUser' }),
    });
    await user.click(screen.getByTestId('delete-profile'));
    await user.click(await screen.findByRole('button', { name: 'Elimina definitivamente' }));
    expect(await screen.findByTestId('delete-error')).toHaveTextContent('Questo profilo non può essere eliminato');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(paths.myAccount);
  });

  it('after confirming, the profile is deleted and the user is sent to the login page', async () => {
    const { calls, router } = await openTab({ 'POST /user/immediately-delete': () => json(200, {}) });
    await user.click(screen.getByTestId('delete-profile'));
    await user.click(await screen.findByTestId('delete-profile-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signin));
    expect(await screen.findByRole('heading', { name: 'Accedi' }, LAZY)).toBeInTheDocument();
    expect(calledPath(calls, '/user/immediately-delete')).toBe(true);
  });
});
