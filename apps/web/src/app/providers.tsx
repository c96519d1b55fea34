import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SNACKBAR_AUTO_HIDE_MS, SNACKBAR_MAX } from '@timbro/shared/constants';
import { SnackbarProvider } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { PwaStatus } from '../components/pwa-status';
import { AuthProvider } from '../lib/auth/auth-context';
import { catalogFor, directionOf } from '../i18n/languages';
import { createAppTheme, type ThemeVariant } from '../theme/theme';

const ltrCache = createCache({ key: 'mui' });
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });

/** Theme, direction (RTL for Arabic: emotion cache, MUI direction, snackbar anchor), snackbars, session. */
export function AppProviders({ variant, children }: { variant: ThemeVariant; children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const direction = directionOf(language);
  // The system's "reduce motion" setting turns the interface's animations off (WCAG 2.3.3).
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(
    () => createAppTheme(variant, direction, language, reducedMotion),
    [variant, direction, language, reducedMotion],
  );
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          maxSnack={SNACKBAR_MAX}
          autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
          anchorOrigin={{ vertical: 'bottom', horizontal: direction === 'rtl' ? 'right' : 'left' }}
          {...(reducedMotion ? { transitionDuration: { enter: 0, exit: 0 } } : {})}
        >
          <AuthProvider>{children}</AuthProvider>
          <PwaStatus />
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
