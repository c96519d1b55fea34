import { render, screen, within } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { appRoutes } from './router';
import type { ProtectedRoute } from './routes';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { fakeApi, sessionOf } from '../testing/fake-api';
import { renderRoutes } from '../testing/render';
import { ErrorPage, RouteErrorBoundary } from '../components/error-page';

// The app preloads the dashboard's code (app/prefetch-dashboard.ts): let those imports finish before the environment
// is torn down (the workers share their module graph; an import still in flight fails the next file).
afterAll(async () => {
  await Promise.all([
    import('./pages/dashboard-page'),
    import('../lib/query-client'),
    import('../lib/queries/dashboard'),
  ]);
});

/** The first render of a lazily loaded module (frame, page) transforms it: slow on a busy machine. */
const LAZY = { timeout: 10_000 };

const loggedIn = sessionOf();

/** The app's real routes with one page of the test's in place of every protected page. */
const frameWith = (Page: ProtectedRoute['page']) =>
  appRoutes([{ path: paths.dashboard, permission: 'profile:read', page: Page }]);

describe('per-page error boundary', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('a lazily loaded page that throws shows the unknown-error page inside the frame', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi(loggedIn);
    const Broken = lazy(async () => ({
      default: function BrokenPage(): never {
        throw new Error('boom');
      },
    }));
    renderRoutes(frameWith(Broken), paths.dashboard);
    const error = await screen.findByTestId('error-unknown', {}, LAZY);
    expect(error).toHaveTextContent('Errore sconosciuto');
    expect(error).toHaveTextContent('Qualcosa è andato storto. Ricarica la pagina o torna alla home.');
    expect(within(error).getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/');
    // The frame stays: header, sidebar and the main area around the error.
    expect(screen.getByTestId('user-menu')).toBeInTheDocument();
    expect(screen.getAllByTestId('nav-dashboard').length).toBeGreaterThan(0);
    expect(screen.getByRole('main')).toContainElement(error);
    expect(log).toHaveBeenCalled();
  });

  it('a page whose chunk fails to load shows the unknown-error page inside the frame', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi(loggedIn);
    const Missing = lazy<ComponentType>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    renderRoutes(frameWith(Missing), paths.dashboard);
    const error = await screen.findByTestId('error-unknown', {}, LAZY);
    expect(error).toHaveTextContent('Errore sconosciuto');
    expect(screen.getByTestId('user-menu')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(error);
  });
});

describe('error pages', () => {
  it('500 shows the Italian server-error texts', () => {
    renderRoutes([{ path: '/', element: <ErrorPage kind="500" /> }], '/');
    const page = screen.getByTestId('error-500');
    expect(page).toHaveTextContent('500');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Errore del server');
    expect(page).toHaveTextContent('Si è verificato un errore imprevisto. Riprova tra qualche istante.');
    expect(screen.getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/');
  });

  it('403 is "Non autorizzato" and 404 is "Pagina non trovata"', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <ErrorPage kind="403" />
              <ErrorPage kind="404" />
            </>
          ),
        },
      ],
      '/',
    );
    expect(screen.getByTestId('error-403')).toHaveTextContent('Non autorizzato');
    expect(screen.getByTestId('error-403')).toHaveTextContent('Non hai i permessi per vedere questa pagina.');
    expect(screen.getByTestId('error-404')).toHaveTextContent('Pagina non trovata');
    expect(screen.getByTestId('error-404')).toHaveTextContent('La pagina che cerchi non esiste o è stata spostata.');
  });

  it.each([
    [404, 'error-404', 'Pagina non trovata'],
    [403, 'error-403', 'Non autorizzato'],
    [503, 'error-500', 'Errore del server'],
  ])('a route that throws a %i response shows %s', async (status, testId, title) => {
    const loader = () => {
      throw new Response('', { status });
    };
    renderRoutes(
      [
        {
          path: '/',
          loader,
          element: <p>ok</p>,
          hydrateFallbackElement: <PageLoader />,
          errorElement: <RouteErrorBoundary />,
        },
      ],
      '/',
    );
    expect(await screen.findByTestId(testId, {}, LAZY)).toHaveTextContent(title);
    expect(screen.queryByText('ok')).not.toBeInTheDocument();
  });
});

describe('error routes of the app', { timeout: 20_000 }, () => {
  const visit = (path: string) => {
    window.history.replaceState(null, '', path);
    return render(<App variant="active" />);
  };
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('/500, /403 and an unknown path show their pages inside the logged-in frame', async () => {
    fakeApi(loggedIn);
    const { unmount } = visit(paths.serverError);
    expect(await screen.findByTestId('error-500', {}, LAZY)).toHaveTextContent('Errore del server');
    expect(screen.getByTestId('user-menu')).toBeInTheDocument();
    unmount();

    visit(paths.forbidden);
    expect(await screen.findByTestId('error-403', {}, LAZY)).toHaveTextContent('Non autorizzato');
  });

  it('an unknown path is "Pagina non trovata"', async () => {
    fakeApi(loggedIn);
    visit('/pagina/inesistente');
    expect(await screen.findByTestId('error-404', {}, LAZY)).toHaveTextContent('Pagina non trovata');
  });
});
