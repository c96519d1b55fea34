import { itIT, type Localization } from '@mui/material/locale';
import type { CatalogLanguage } from '../i18n/languages';

/**
 * MUI's own texts (pagination, autocomplete, alerts) per language: Italian ships with the login route, the others load
 * with their catalog (i18n.ts changeLanguage), so the login route does not carry six languages it does not show.
 */
const loaded: Partial<Record<CatalogLanguage, Localization>> = { it: itIT };

export async function loadCoreLocale(language: CatalogLanguage): Promise<void> {
  if (loaded[language]) return;
  const { CORE_LOCALES } = await import('./core-locales.lazy');
  loaded[language] = CORE_LOCALES[language];
}

/** The language's texts once loaded (Italian until then). */
export const coreLocale = (language: CatalogLanguage): Localization => loaded[language] ?? itIT;
