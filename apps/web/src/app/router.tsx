import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { AnonymousOnly, HomeRedirect, RequireAuth } from '../features/auth/require-auth';
import { ErrorPage, RouteErrorBoundary } from '../features/errors/error-page';
import { ForgotPasswordPage, LoginPage, PROTECTED_ROUTES, RegisterPage, SetPasswordPage } from './routes';

/** The logged-in frame (header, sidebar, drawers) is not needed on the login route: loaded on demand. */
const AppFrame = lazy(() => import('../components/app-frame/app-frame').then((m) => ({ default: m.AppFrame })));

const anon = (node: ReactNode) => (
  <AnonymousOnly>
    <Suspense fallback={<PageLoader />}>{node}</Suspense>
  </AnonymousOnly>
);

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/', element: <HomeRedirect />, errorElement: <RouteErrorBoundary /> },
    { path: paths.signin, element: anon(<LoginPage />), errorElement: <RouteErrorBoundary /> },
    { path: paths.signup, element: anon(<RegisterPage />), errorElement: <RouteErrorBoundary /> },
    { path: paths.forgetPassword, element: anon(<ForgotPasswordPage />), errorElement: <RouteErrorBoundary /> },
    { path: paths.resetPassword, element: anon(<SetPasswordPage mode="reset" />), errorElement: <RouteErrorBoundary /> },
    { path: paths.firstLogin, element: anon(<SetPasswordPage mode="first-login" />), errorElement: <RouteErrorBoundary /> },
    {
      element: (
        <Suspense fallback={<PageLoader />}>
          <AppFrame />
        </Suspense>
      ),
      errorElement: <RouteErrorBoundary />,
      children: [
        ...PROTECTED_ROUTES.map(({ path, permission, page: Page }) => ({
          path,
          errorElement: <RouteErrorBoundary />,
          element: (
            <RequireAuth permission={permission}>
              <Page />
            </RequireAuth>
          ),
        })),
        { path: paths.forbidden, element: <ErrorPage kind="403" /> },
        { path: paths.serverError, element: <ErrorPage kind="500" /> },
        { path: '*', element: <ErrorPage kind="404" /> },
      ],
    },
  ]);
}
