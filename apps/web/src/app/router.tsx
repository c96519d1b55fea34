import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { AnonymousOnly, HomeRedirect, RequireAuth } from '../lib/auth/require-auth';
import { ErrorPage, RouteErrorBoundary } from '../components/error-page';
import { ForgotPasswordPage, LoginPage, RegisterPage, SetPasswordPage, VerifyEmailPage } from './auth-routes';
import { PROTECTED_ROUTES, type ProtectedRoute } from './routes';

/** The logged-in frame (header, sidebar, drawers) is not needed on the login route: loaded on demand. */
const AppFrame = lazy(() => import('../components/app-frame/app-frame').then((m) => ({ default: m.AppFrame })));

const anon = (node: ReactNode) => (
  <AnonymousOnly>
    <Suspense fallback={<PageLoader />}>{node}</Suspense>
  </AnonymousOnly>
);

/**
 * Every route of the app: the anonymous pages, then the logged-in frame with one error boundary per page. Tests pass
 * their own protected pages to check the wiring itself (a page that throws keeps the frame).
 */
export function appRoutes(protectedRoutes: ProtectedRoute[] = PROTECTED_ROUTES): RouteObject[] {
  return [
    { path: '/', element: <HomeRedirect />, errorElement: <RouteErrorBoundary /> },
    { path: paths.signin, element: anon(<LoginPage />), errorElement: <RouteErrorBoundary /> },
    { path: paths.signup, element: anon(<RegisterPage />), errorElement: <RouteErrorBoundary /> },
    { path: paths.forgetPassword, element: anon(<ForgotPasswordPage />), errorElement: <RouteErrorBoundary /> },
    {
      path: paths.resetPassword,
      element: anon(<SetPasswordPage mode="reset" />),
      errorElement: <RouteErrorBoundary />,
    },
    {
      path: paths.firstLogin,
      element: anon(<SetPasswordPage mode="first-login" />),
      errorElement: <RouteErrorBoundary />,
    },
    // Logged in or not: the link may be opened in the browser where the person is already logged in.
    {
      path: paths.verifyEmail,
      element: (
        <Suspense fallback={<PageLoader />}>
          <VerifyEmailPage />
        </Suspense>
      ),
      errorElement: <RouteErrorBoundary />,
    },
    {
      element: (
        <Suspense fallback={<PageLoader />}>
          <AppFrame />
        </Suspense>
      ),
      errorElement: <RouteErrorBoundary />,
      children: [
        ...protectedRoutes.map(({ path, permission, page: Page }) => ({
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
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
