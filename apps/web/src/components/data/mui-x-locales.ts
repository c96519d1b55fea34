import { arSD as gridAr, deDE as gridDe, enUS as gridEn, esES as gridEs, frFR as gridFr, itIT as gridIt, ruRU as gridRu } from '@mui/x-data-grid/locales';
import { deDE as pickDe, enUS as pickEn, esES as pickEs, frFR as pickFr, itIT as pickIt, ruRU as pickRu } from '@mui/x-date-pickers/locales';
import type { CatalogLanguage } from '../../i18n/languages';

/**
 * DataGrid and date-picker texts per language. Kept out of the global theme: these modules load only with the
 * pages that show a grid or a picker (the login route stays small).
 */
const GRID = { it: gridIt, en: gridEn, fr: gridFr, es: gridEs, de: gridDe, ru: gridRu, ar: gridAr } as const;
// The pickers have no Arabic translation: English texts, RTL layout.
const PICKERS = { it: pickIt, en: pickEn, fr: pickFr, es: pickEs, de: pickDe, ru: pickRu, ar: pickEn } as const;

export function gridLocaleText(language: CatalogLanguage) {
  return GRID[language].components.MuiDataGrid.defaultProps.localeText;
}

export function pickersLocaleText(language: CatalogLanguage) {
  return PICKERS[language].components.MuiLocalizationProvider.defaultProps.localeText;
}
