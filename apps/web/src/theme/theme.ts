import { createTheme, type Theme } from '@mui/material/styles';
import { LAYOUT, PRIMARY_COLORS } from '@timbro/shared/constants';
import type { CatalogLanguage } from '../i18n/languages';
import { coreLocale } from './core-locales';

export type ThemeVariant = 'active' | 'alternate';

/** Two complete visual variants (spec section 1): the active one (#1A415B) and the alternate one (#516CED). */
const VARIANTS = {
  active: {
    primary: { main: PRIMARY_COLORS.active, light: '#4A6D88', dark: '#0F2A3C', contrastText: '#FFFFFF' },
    secondary: { main: '#E8A33D', light: '#F2C57F', dark: '#B5771B', contrastText: '#1B1B1B' },
    background: { default: '#F4F6F8', paper: '#FFFFFF' },
    sidebar: '#FFFFFF',
  },
  alternate: {
    primary: { main: PRIMARY_COLORS.alternate, light: '#8599F2', dark: '#3249B8', contrastText: '#FFFFFF' },
    secondary: { main: '#1FB5A3', light: '#66D6C9', dark: '#14877A', contrastText: '#FFFFFF' },
    background: { default: '#F5F6FB', paper: '#FFFFFF' },
    sidebar: '#FBFBFF',
  },
} as const;

/** No motion for people who ask their system for less (WCAG 2.3.3): transitions and ripples off, dialogs appear at once. */
const STILL = {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
} as const;

export function createAppTheme(
  variant: ThemeVariant,
  direction: 'ltr' | 'rtl',
  language: CatalogLanguage,
  reducedMotion = false,
): Theme {
  const v = VARIANTS[variant];
  return createTheme(
    {
      direction,
      palette: {
        mode: 'light',
        primary: v.primary,
        secondary: v.secondary,
        background: v.background,
        // MUI's orange (#ED6C02) is 3.1:1 on white: warning chips and text fail WCAG AA (axe). A darker amber, 5.2:1.
        warning: { main: '#A15C07', light: '#D9822B', dark: '#7A4505', contrastText: '#FFFFFF' },
      },
      typography: {
        fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
        h1: { fontSize: '2rem', fontWeight: 500 },
        h2: { fontSize: '1.5rem', fontWeight: 500 },
      },
      breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
      ...(reducedMotion ? STILL : {}),
      spacing: 8,
      shape: { borderRadius: 8 },
      mixins: { toolbar: { minHeight: LAYOUT.headerHeight } },
      components: {
        MuiAppBar: { defaultProps: { elevation: 0 } },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { textTransform: 'none', fontWeight: 500 } },
        },
        MuiTextField: { defaultProps: { fullWidth: true } },
        // A disabled field's helper text says why it is locked: MUI greys it to text.disabled (2.3:1 on white, axe
        // color-contrast, serious). It keeps the secondary text colour (5.7:1); the field itself still looks disabled.
        MuiFormHelperText: {
          styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
        },
        MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
        MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 500 } } },
        MuiButtonBase: {
          defaultProps: reducedMotion ? { disableRipple: true } : {},
          styleOverrides: {
            root: { '&.Mui-focusVisible': { outline: `2px solid ${v.primary.main}`, outlineOffset: 2 } },
          },
        },
        MuiDrawer: { styleOverrides: { paper: { backgroundColor: v.sidebar } } },
        // notistack's default colours are below WCAG AA contrast with white text (axe): darker shades.
        MuiCssBaseline: {
          styleOverrides: {
            '.notistack-MuiContent-success': { backgroundColor: '#1E6B24' },
            '.notistack-MuiContent-info': { backgroundColor: '#0B5CAD' },
            '.notistack-MuiContent-warning': { backgroundColor: '#8C4A00' },
            '.notistack-MuiContent-error': { backgroundColor: '#B3261E' },
          },
        },
      },
    },
    coreLocale(language),
  );
}
