import { lazy } from 'react';

/** The anonymous pages and the e-mail check, each in its own chunk (the login route's size is budgeted, ADR 0007). */
export const LoginPage = lazy(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })));
export const RegisterPage = lazy(() =>
  import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import('../features/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const SetPasswordPage = lazy(() =>
  import('../features/auth/set-password-page').then((m) => ({ default: m.SetPasswordPage })),
);
export const VerifyEmailPage = lazy(() =>
  import('../features/auth/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
