import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { demoUser, demoWorkspaces, fakeApi, json } from '../../testing/fake-api';
import { page, renderRoutes } from '../../testing/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { SetPasswordPage } from './set-password-page';

const anonymous = {
  'GET /user': () => json(401, { code: 'UNAUTHENTICATED', message: 'Accesso richiesto' }),
  'POST /auth/token/refresh': () => json(401, { code: 'UNAUTHENTICATED', message: 'Sessione scaduta' }),
};

describe('login page', () => {
  it('shows the Italian validation messages and does not call the API', async () => {
    const { calls } = fakeApi(anonymous);
    renderRoutes([page('/signin', <LoginPage />)], '/signin');
    await userEvent.click(await screen.findByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText("Inserisci l'indirizzo email")).toBeInTheDocument();
    expect(screen.getByText('Inserisci la password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'non-una-email');
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Inserisci un indirizzo email valido')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/auth/login')).toBe(false);
  });

  it('the fields tell assistive technology what is wrong, as MUI text fields do', async () => {
    fakeApi(anonymous);
    renderRoutes([page('/signin', <LoginPage />)], '/signin');
    await userEvent.click(await screen.findByRole('button', { name: 'Accedi' }));
    const email = await screen.findByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription("Inserisci l'indirizzo email");
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Inserisci la password');
  });

  it('the language menu, loaded on its first use, switches the page to the chosen language', async () => {
    fakeApi(anonymous);
    renderRoutes([page('/signin', <LoginPage />)], '/signin');
    try {
      await userEvent.click(await screen.findByTestId('language-button'));
      await userEvent.click(await screen.findByTestId('language-en'));
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    } finally {
      await userEvent.click(screen.getByTestId('language-button'));
      await userEvent.click(await screen.findByTestId('language-it'));
      expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    }
  });

  it('shows the server message for wrong credentials', async () => {
    fakeApi({
      ...anonymous,
      'POST /auth/login': () => json(401, { code: 'INVALID_CREDENTIALS', message: 'Email o password non corretti' }),
    });
    renderRoutes([page('/signin', <LoginPage />)], '/signin');
    await userEvent.type(await screen.findByLabelText(/Email/), 'admin@demo.timbro.it');
    await userEvent.type(screen.getByLabelText(/^Password/), 'sbagliata');
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Email o password non corretti');
  });

  it('has separate notices for user, admin and operator access', async () => {
    fakeApi(anonymous);
    renderRoutes([page('/signin', <LoginPage />)], '/signin');
    expect(await screen.findByTestId('access-notice')).toHaveTextContent('Accesso dipendenti');
    await userEvent.click(screen.getByRole('button', { name: 'Amministratore' }));
    expect(screen.getByTestId('access-notice')).toHaveTextContent('Accesso amministratori');
    await userEvent.click(screen.getByRole('button', { name: 'Operatore' }));
    expect(screen.getByTestId('access-notice')).toHaveTextContent('Accesso operatore');
  });

  it('logs in, fetches the user and goes to the home route', async () => {
    let loggedIn = false;
    const { calls } = fakeApi({
      'GET /user': () => (loggedIn ? json(200, demoUser) : json(401, { code: 'UNAUTHENTICATED', message: 'x' })),
      'POST /auth/token/refresh': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }),
      'POST /auth/login': () => {
        loggedIn = true;
        return json(200, demoUser);
      },
      'GET /workspace/list': () => json(200, demoWorkspaces, { 'x-workspace-id': 'ws-demo' }),
    });
    const { router } = renderRoutes([page('/signin', <LoginPage />), page('/dashboard', <p>home</p>)], '/signin');
    await userEvent.type(await screen.findByLabelText(/Email/), 'admin@demo.timbro.it');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Timbro2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const login = calls.find((c) => c.path === '/auth/login')!;
    expect(login.body).toEqual({ username: 'admin@demo.timbro.it', password: 'Timbro2026!', remember_me: false });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /workspace/list');
  });
});

describe('forgot password', () => {
  it('a 404 shows "Non è stato trovato nessun utente con queste credenziali"', async () => {
    fakeApi({ ...anonymous, 'POST /auth/forgot-password': () => json(404, { code: 'NOT_FOUND', message: 'x' }) });
    renderRoutes([page('/forget-password', <ForgotPasswordPage />)], '/forget-password');
    await userEvent.type(await screen.findByLabelText(/Email/), 'nessuno@example.it');
    await userEvent.click(screen.getByRole('button', { name: 'Invia il link' }));
    expect(await screen.findByTestId('forgot-result')).toHaveTextContent(
      'Non è stato trovato nessun utente con queste credenziali',
    );
  });
});

describe('set password (reset and first login)', () => {
  it('requires a matching confirmation ("Le password non corrispondono") and the minimum length', async () => {
    const { calls } = fakeApi(anonymous);
    renderRoutes(
      [page('/reset-password/:token', <SetPasswordPage mode="reset" />)],
      '/reset-password/abcdefghijklmnopqrstuvwxyz',
    );
    await userEvent.type(await screen.findByLabelText(/^Nuova password/), 'corta');
    await userEvent.type(screen.getByLabelText(/^Conferma password/), 'diversa');
    await userEvent.click(screen.getByRole('button', { name: 'Salva la password' }));
    expect(await screen.findByText('La password deve contenere almeno 10 caratteri')).toBeInTheDocument();
    expect(screen.getByText('Le password non corrispondono')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/auth/new-password'))).toBe(false);
  });

  it('after success shows the message and goes back to login after 3 seconds', async () => {
    fakeApi({
      ...anonymous,
      'POST /auth/first-login/abcdefghijklmnopqrstuvwxyz': () =>
        json(200, { message: 'Password impostata. Ora puoi accedere a Timbro.' }),
    });
    const { router } = renderRoutes(
      [page('/first-login/:token', <SetPasswordPage mode="first-login" />), page('/signin', <p>login</p>)],
      '/first-login/abcdefghijklmnopqrstuvwxyz',
    );
    await userEvent.type(await screen.findByLabelText(/^Nuova password/), 'UnaPasswordLunga1');
    await userEvent.type(screen.getByLabelText(/^Conferma password/), 'UnaPasswordLunga1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Salva la password' }));
    expect(await screen.findByTestId('set-password-done')).toHaveTextContent(
      'Password impostata. Ora puoi accedere a Timbro.',
    );
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(router.state.location.pathname).toBe('/first-login/abcdefghijklmnopqrstuvwxyz');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});

describe('sign up', () => {
  it('checks the fiscal code and shows the e-mail conflict from the server on the field', async () => {
    fakeApi({
      ...anonymous,
      'POST /auth/register': () =>
        json(
          409,
          {
            code: 'CONFLICT',
            message: 'Questo indirizzo email è già in uso',
            errors: [{ path: 'email', message: 'Questo indirizzo email è già in uso' }],
          },
          { 'x-error-message': 'UniqueConstraintViolation' },
        ),
    });
    renderRoutes([page('/signup', <RegisterPage />)], '/signup');
    await userEvent.type(await screen.findByLabelText(/^Nome/), 'Luisa');
    await userEvent.type(screen.getByLabelText(/^Cognome/), 'Verdi');
    await userEvent.type(screen.getByLabelText(/^Email/), 'luisa.verdi@example.it');
    await userEvent.type(screen.getByLabelText(/^Codice fiscale/), 'RSSMRA45D25F205X');
    await userEvent.type(screen.getByLabelText(/^Password/), 'UnaPasswordLunga1');
    await userEvent.type(screen.getByLabelText(/^Conferma password/), 'UnaPasswordLunga1');
    await userEvent.click(screen.getByRole('button', { name: 'Crea il profilo' }));
    expect(await screen.findByText('Il codice fiscale non è valido')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Codice fiscale/));
    await userEvent.type(screen.getByLabelText(/^Codice fiscale/), 'rssmra45d25f205n');
    await userEvent.click(screen.getByRole('button', { name: 'Crea il profilo' }));
    expect(await screen.findByText('Questo indirizzo email è già in uso')).toBeInTheDocument();
  });
});
