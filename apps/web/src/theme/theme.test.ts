import { describe, expect, it } from 'vitest';
import { loadCoreLocale } from './core-locales';
import { createAppTheme } from './theme';

type Props = Record<string, unknown>;
const props = (theme: ReturnType<typeof createAppTheme>, name: string) =>
  ((theme.components as Record<string, { defaultProps?: Props }>)[name]?.defaultProps ?? {}) as Props;

describe('theme', () => {
  it('has the two variants with the spec colours, Roboto, the spec breakpoints and 8 px spacing', () => {
    const active = createAppTheme('active', 'ltr', 'it');
    const alternate = createAppTheme('alternate', 'ltr', 'it');
    expect(active.palette.primary.main).toBe('#1A415B');
    expect(alternate.palette.primary.main).toBe('#516CED');
    expect(active.typography.fontFamily).toContain('Roboto');
    expect(active.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
    expect(active.spacing(1)).toBe('8px');
  });

  it('Italian component texts follow the language', () => {
    const it = createAppTheme('active', 'ltr', 'it');
    expect(props(it, 'MuiTablePagination').labelRowsPerPage).toBe('Righe per pagina:');
    const labelDisplayedRows = props(it, 'MuiTablePagination').labelDisplayedRows as (a: {
      from: number;
      to: number;
      count: number;
    }) => string;
    expect(labelDisplayedRows({ from: 1, to: 10, count: 42 })).toBe('1–10 di 42');
    expect(labelDisplayedRows({ from: 1, to: 10, count: -1 })).toBe('1–10 di più di 10');
    expect(props(it, 'MuiAutocomplete')).toMatchObject({
      clearText: 'Svuota',
      closeText: 'Chiudi',
      loadingText: 'Caricamento in corso…',
      noOptionsText: 'Nessuna opzione',
      openText: 'Apri',
    });
    expect(props(it, 'MuiAlert').closeText).toBe('Chiudi');
    expect(props(it, 'MuiRating').emptyLabelText).toBe('Vuoto');
  });

  it('Arabic is right to left with Arabic texts, once its texts are loaded (with its catalog)', async () => {
    await loadCoreLocale('ar');
    const ar = createAppTheme('active', 'rtl', 'ar');
    expect(ar.direction).toBe('rtl');
    expect(props(ar, 'MuiTablePagination').labelRowsPerPage).not.toBe('Righe per pagina:');
  });

  it('a disabled field keeps its helper text readable (why it is locked): the secondary text colour, not the disabled grey', () => {
    const theme = createAppTheme('active', 'ltr', 'it');
    const root = (
      theme.components?.MuiFormHelperText?.styleOverrides as { root: (p: { theme: typeof theme }) => object }
    ).root({ theme });
    expect(root).toEqual({ '&.Mui-disabled': { color: theme.palette.text.secondary } });
    expect(theme.palette.text.secondary).not.toBe(theme.palette.text.disabled);
  });
});
