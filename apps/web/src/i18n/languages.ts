import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@timbro/shared/constants';

/** Catalog languages. "other" (spec: the list also offers "other") uses the English catalog. */
export const CATALOG_LANGUAGES = ['it', 'en', 'fr', 'es', 'de', 'ru', 'ar'] as const;
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];

export const RTL_LANGUAGES: readonly string[] = ['ar'];

export function catalogFor(language: string): CatalogLanguage {
  if ((CATALOG_LANGUAGES as readonly string[]).includes(language)) return language as CatalogLanguage;
  return 'en';
}

export function isSupportedLanguage(value: string | null | undefined): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(catalogFor(language)) ? 'rtl' : 'ltr';
}

/** Each language's name in itself (the switcher shows these). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  it: 'Italiano',
  en: 'English',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
  ru: 'Русский',
  ar: 'العربية',
  other: 'Other / Altro',
};

const STORAGE_KEY = 'timbro.language';

/** The language to start with: `?lang=` (shareable links) > the last choice on this device > Italian. */
export function initialLanguage(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isSupportedLanguage(fromQuery)) {
    rememberLanguage(fromQuery);
    return fromQuery;
  }
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isSupportedLanguage(stored)) return stored;
  } catch {
    /* storage unavailable */
  }
  return DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    /* storage unavailable */
  }
}
