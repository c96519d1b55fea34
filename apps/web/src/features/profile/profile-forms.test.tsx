import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { demoUser, fakeApi, json, sessionOf, validationFailed } from '../../testing/fake-api';
import { guardedPage, page, renderRoutes } from '../../testing/render';
import { AnonymousOnly } from '../../lib/auth/require-auth';
import { LoginPage } from '../auth/login-page';
import { MyAccountPage } from './my-account-page';

/** The first render waits for the session (GET /user): slow on a busy machine. */
const LAZY = { timeout: 10_000 };

type Handlers = Parameters<typeof fakeApi>[0];

const user = userEvent.setup({ delay: null });
/** One paste per field instead of key by key (each key re-renders the form; slow on the 2-core CI machine). */
async function fill(el: HTMLElement, text: string) {
  await user.click(el);
  await user.paste(text);
}

/** The demo user with an e-mail already confirmed (the unconfirmed case has its own tests). */
const verifiedUser = { ...demoUser, email_verified: true, pending_invitations: 0 };

const loggedIn: Handlers = sessionOf(verifiedUser);

/** /my-account as the app has it (behind RequireAuth), with the login page to land on after the session ends. */
function renderProfile(handlers: Handlers = {}) {
  const api = fakeApi({ ...loggedIn, ...handlers });
  const rendered = renderRoutes(
    [
      guardedPage(paths.myAccount, 'profile:read', <MyAccountPage />),
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

    await fill(screen.getByLabelText(/^Email/), 'non-una-email');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Inserisci un indirizzo email valido')).toBeInTheDocument();
    expect(calledPath(calls, '/user/edit')).toBe(false);
  });

  it('saves the profile and keeps the session when the server does not end it', async () => {
    const { calls, router } = renderProfile({
      'POST /user/edit': ({ body }) => json(200, { ...verifiedUser, ...(body as object) }),
    });
    const firstName = await screen.findByLabelText(/^Nome/, {}, LAZY);
    await user.clear(firstName);
    await fill(firstName, 'Annalisa');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Profilo aggiornato')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/user/edit')!.body).toEqual({
      first_name: 'Annalisa',
      last_name: 'Bianchi',
      email: 'admin@demo.timbro.it',
      language: 'it',
    });
    expect(router.state.location.pathname).toBe(paths.myAccount);
  });

  it('an answer with X-Auth-Status: LoggedOut (e-mail changed) logs the user out to the login page', async () => {
    const { calls, router } = renderProfile({
      'POST /user/edit': ({ body }) =>
        json(200, { ...verifiedUser, ...(body as object) }, { 'X-Auth-Status': 'LoggedOut' }),
    });
    const email = await screen.findByLabelText(/^Email/, {}, LAZY);
    await user.clear(email);
    await fill(email, 'anna.nuova@demo.timbro.it');
    await fill(screen.getByLabelText(/^Password attuale/), 'Timbro2026!');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/user/edit')?.body).toEqual({
        first_name: 'Anna',
        last_name: 'Bianchi',
        email: 'anna.nuova@demo.timbro.it',
        language: 'it',
        current_password: 'Timbro2026!',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signin));
    expect(await screen.findByRole('heading', { name: 'Accedi' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText('Sei uscito da Timbro. Accedi di nuovo per continuare.')).toBeInTheDocument();
    expect(await screen.findByText('Email aggiornata: accedi con il nuovo indirizzo.')).toBeInTheDocument();
    // The profile is gone: nothing of the old session is on screen.
    expect(screen.queryByRole('tab', { name: 'Profilo' })).not.toBeInTheDocument();
  });
});

describe('profile: changing the login e-mail needs the current password', { timeout: 20_000 }, () => {
  it('the "Password attuale" field appears only while the e-mail differs from the current one (case aside)', async () => {
    renderProfile();
    const email = await screen.findByLabelText(/^Email/, {}, LAZY);
    expect(screen.queryByLabelText(/^Password attuale/)).not.toBeInTheDocument();

    await user.clear(email);
    await fill(email, 'ADMIN@demo.timbro.it');
    expect(screen.queryByLabelText(/^Password attuale/)).not.toBeInTheDocument();

    await user.clear(email);
    await fill(email, 'anna.nuova@demo.timbro.it');
    const password = screen.getByLabelText(/^Password attuale/);
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('email-change')).toHaveTextContent(
      'Avviseremo del cambio il vecchio indirizzo e al nuovo invieremo un link per confermarlo.',
    );

    await user.clear(email);
    await fill(email, 'admin@demo.timbro.it');
    expect(screen.queryByLabelText(/^Password attuale/)).not.toBeInTheDocument();
  });

  it('a new e-mail without the password is refused before calling the server', async () => {
    const { calls } = renderProfile({
      'POST /user/edit': ({ body }) => json(200, { ...verifiedUser, ...(body as object) }),
    });
    const email = await screen.findByLabelText(/^Email/, {}, LAZY);
    await user.clear(email);
    await fill(email, 'anna.nuova@demo.timbro.it');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText('Per cambiare l’email di accesso inserisci la password attuale'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password attuale/)).toHaveAttribute('aria-invalid', 'true');
    expect(calledPath(calls, '/user/edit')).toBe(false);
  });

  it("the server's WRONG_PASSWORD lands on the current-password field and the session stays", async () => {
    const { calls, router } = renderProfile({
      'POST /user/edit': () =>
        json(
          400,
          {
            code: 'WRONG_PASSWORD',
            message: 'La password attuale non è corretta',
            errors: [{ path: 'current_password', message: 'La password attuale non è corretta' }],
          },
          { 'X-Error-Message': 'WrongPassword' },
        ),
    });
    const email = await screen.findByLabelText(/^Email/, {}, LAZY);
    await user.clear(email);
    await fill(email, 'anna.nuova@demo.timbro.it');
    await fill(screen.getByLabelText(/^Password attuale/), 'Sbagliata-2026');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    const password = screen.getByLabelText(/^Password attuale/);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription('La password attuale non è corretta');
    expect(password).toHaveFocus();
    expect(calls.find((c) => c.path === '/user/edit')!.body).toMatchObject({
      email: 'anna.nuova@demo.timbro.it',
      current_password: 'Sbagliata-2026',
    });
    expect(router.state.location.pathname).toBe(paths.myAccount);
  });

  it("the server's field error for a missing password lands on the field too", async () => {
    renderProfile({
      'POST /user/edit': () =>
        validationFailed('Per cambiare l’email di accesso inserisci la password attuale', [
          { path: 'current_password', message: 'Per cambiare l’email di accesso inserisci la password attuale' },
        ]),
    });
    const email = await screen.findByLabelText(/^Email/, {}, LAZY);
    await user.clear(email);
    await fill(email, 'anna.nuova@demo.timbro.it');
    await fill(screen.getByLabelText(/^Password attuale/), 'x');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password attuale/)).toHaveAccessibleDescription(
        'Per cambiare l’email di accesso inserisci la password attuale',
      ),
    );
  });
});

describe('profile: unconfirmed login e-mail', { timeout: 20_000 }, () => {
  const unverified: Handlers = { 'GET /user': () => json(200, { ...verifiedUser, email_verified: false }) };

  it('a confirmed e-mail shows no warning', async () => {
    renderProfile();
    await screen.findByLabelText(/^Email/, {}, LAZY);
    expect(screen.queryByTestId('email-unverified')).not.toBeInTheDocument();
  });

  it('says invitations wait for the confirmation and sends a new link', async () => {
    const { calls } = renderProfile({
      ...unverified,
      'POST /user/verify-email': () => json(200, { message: 'Ti abbiamo inviato un nuovo link di conferma.' }),
    });
    const alert = await screen.findByTestId('email-unverified', {}, LAZY);
    expect(alert).toHaveTextContent('Email di accesso non ancora confermata');
    expect(alert).toHaveTextContent('non potrai accettare gli inviti delle aziende');
    expect(alert).toHaveTextContent('admin@demo.timbro.it');
    await user.click(within(alert).getByRole('button', { name: 'Invia di nuovo il link' }));
    expect(await screen.findByText(/Ti abbiamo inviato un nuovo link a .*admin@demo\.timbro\.it/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/user/verify-email' && c.method === 'POST')).toHaveLength(1);
  });

  it('too many requests (429) shows the Italian message of the server', async () => {
    renderProfile({
      ...unverified,
      'POST /user/verify-email': () =>
        json(
          429,
          { code: 'RATE_LIMITED', message: 'Troppi tentativi. Riprova tra 42 minuti.' },
          { 'retry-after': '2520' },
        ),
    });
    const alert = await screen.findByTestId('email-unverified', {}, LAZY);
    await user.click(within(alert).getByRole('button', { name: 'Invia di nuovo il link' }));
    expect(await screen.findByTestId('email-verify-error')).toHaveTextContent(
      'Troppi tentativi. Riprova tra 42 minuti.',
    );
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
    await fill(screen.getByLabelText(/^Password attuale/), 'Timbro2026!');
    await fill(screen.getByLabelText(/^Nuova password/), 'corta');
    await fill(screen.getByLabelText(/^Conferma password/), 'corta');
    await submit();
    expect(await screen.findByText('La password deve contenere almeno 10 caratteri')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Nuova password/));
    await fill(screen.getByLabelText(/^Nuova password/), 'NuovaPassword2026');
    await user.clear(screen.getByLabelText(/^Conferma password/));
    await fill(screen.getByLabelText(/^Conferma password/), 'NuovaPassword2027');
    await submit();
    expect(await screen.findByText('Le password non corrispondono')).toBeInTheDocument();
    expect(screen.queryByText('La password deve contenere almeno 10 caratteri')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Conferma password/)).toHaveAttribute('aria-invalid', 'true');
    expect(calledPath(calls, '/user/change-password')).toBe(false);
  });

  async function fillValid() {
    await fill(screen.getByLabelText(/^Password attuale/), 'Sbagliata-2026');
    await fill(screen.getByLabelText(/^Nuova password/), 'NuovaPassword2026');
    await fill(screen.getByLabelText(/^Conferma password/), 'NuovaPassword2026');
    await submit();
  }

  it('the WrongPassword header is shown as "La password attuale non è corretta"', async () => {
    const { calls, form } = await openTab({
      'POST /user/change-password': () =>
        json(400, { code: 'WRONG_PASSWORD', message: 'x' }, { 'X-Error-Message': 'WrongPassword' }),
    });
    await fillValid();
    const message = await within(form).findByText('La password attuale non è corretta');
    expect(message.closest('[role="alert"]')).toHaveClass('MuiAlert-colorError');
    expect(calls.find((c) => c.path === '/user/change-password')!.body).toEqual({
      old_password: 'Sbagliata-2026',
      new_password: 'NuovaPassword2026',
    });
  });

  it("the server's WrongPassword answer (header and field error) marks the current-password field", async () => {
    await openTab({
      'POST /user/change-password': () =>
        json(
          400,
          {
            code: 'WRONG_PASSWORD',
            message: 'La password attuale non è corretta',
            errors: [{ path: 'old_password', message: 'La password attuale non è corretta' }],
          },
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
      'POST /user/immediately-delete': () =>
        json(409, { code: 'CANNOT_DELETE_USER', message: 'x' }, { 'X-Error-Message': 'CannotDeleteUser' }),
    });
    await user.click(screen.getByTestId('delete-profile'));
    await fill(await screen.findByLabelText(/^Password/), 'Timbro2026!');
    await user.click(screen.getByRole('button', { name: 'Elimina definitivamente' }));
    expect(await screen.findByTestId('delete-error')).toHaveTextContent('Questo profilo non può essere eliminato');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(paths.myAccount);
  });

  it('after confirming with the password, the profile is deleted and the user is sent to the login page', async () => {
    const { calls, router } = await openTab({
      'POST /user/immediately-delete': () =>
        json(200, { message: 'Profilo eliminato' }, { 'X-Auth-Status': 'LoggedOut' }),
    });
    await user.click(screen.getByTestId('delete-profile'));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare il profilo?' });
    expect(dialog).toHaveTextContent('Per confermare inserisci la tua password.');
    await fill(within(dialog).getByLabelText(/^Password/), 'Timbro2026!');
    await user.click(within(dialog).getByTestId('delete-profile-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signin));
    expect(await screen.findByRole('heading', { name: 'Accedi' }, LAZY)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/user/immediately-delete')!.body).toEqual({ password: 'Timbro2026!' });
  });

  it('the password is required: without it nothing is deleted', async () => {
    const { calls } = await openTab({ 'POST /user/immediately-delete': () => json(200, {}) });
    await user.click(screen.getByTestId('delete-profile'));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare il profilo?' });
    const password = within(dialog).getByLabelText(/^Password/);
    expect(password).toBeRequired();
    await user.click(within(dialog).getByTestId('delete-profile-confirm'));
    expect(await within(dialog).findByText('Inserisci la password per eliminare il profilo')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(calledPath(calls, '/user/immediately-delete')).toBe(false);
  });

  it('a wrong password is said on the field and the dialog stays open; cancelling empties it', async () => {
    const { calls, router } = await openTab({
      'POST /user/immediately-delete': () =>
        json(
          400,
          {
            code: 'WRONG_PASSWORD',
            message: 'La password attuale non è corretta',
            errors: [{ path: 'password', message: 'La password attuale non è corretta' }],
          },
          { 'X-Error-Message': 'WrongPassword' },
        ),
    });
    await user.click(screen.getByTestId('delete-profile'));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare il profilo?' });
    await fill(within(dialog).getByLabelText(/^Password/), 'Sbagliata-2026');
    await user.click(within(dialog).getByTestId('delete-profile-confirm'));
    const password = within(dialog).getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription('La password attuale non è corretta');
    expect(screen.queryByTestId('delete-error')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/user/immediately-delete')!.body).toEqual({ password: 'Sbagliata-2026' });
    expect(router.state.location.pathname).toBe(paths.myAccount);

    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('delete-profile'));
    const reopened = await screen.findByRole('dialog', { name: 'Eliminare il profilo?' });
    expect(within(reopened).getByLabelText(/^Password/)).toHaveValue('');
    expect(within(reopened).getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'false');
  });
});
