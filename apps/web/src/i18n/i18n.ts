import type { Language } from '@timbro/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import it from './locales/it.json';
import { catalogFor, directionOf, rememberLanguage, type CatalogLanguage } from './languages';

/** Other catalogs load on demand: the login route ships only Italian. */
const loaders: Record<Exclude<CatalogLanguage, 'it'>, () => Promise<{ default: object }>> = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  es: () => import('./locales/es.json'),
  de: () => import('./locales/de.json'),
  ru: () => import('./locales/ru.json'),
  ar: () => import('./locales/ar.json'),
};

/**
 * Catalog areas: the texts of a group of screens, loaded with those screens (never on the login route, whose bundle
 * has a budget). Same rules as the main catalogs (Italian source, every language complete: catalogs.test.ts); their
 * top-level keys are their own.
 */
const areaLoaders = {
  people: {
    it: () => import('./locales/people/it.json'),
    en: () => import('./locales/people/en.json'),
    fr: () => import('./locales/people/fr.json'),
    es: () => import('./locales/people/es.json'),
    de: () => import('./locales/people/de.json'),
    ru: () => import('./locales/people/ru.json'),
    ar: () => import('./locales/people/ar.json'),
  },
  attendance: {
    it: () => import('./locales/attendance/it.json'),
    en: () => import('./locales/attendance/en.json'),
    fr: () => import('./locales/attendance/fr.json'),
    es: () => import('./locales/attendance/es.json'),
    de: () => import('./locales/attendance/de.json'),
    ru: () => import('./locales/attendance/ru.json'),
    ar: () => import('./locales/attendance/ar.json'),
  },
  workingTime: {
    it: () => import('./locales/working-time/it.json'),
    en: () => import('./locales/working-time/en.json'),
    fr: () => import('./locales/working-time/fr.json'),
    es: () => import('./locales/working-time/es.json'),
    de: () => import('./locales/working-time/de.json'),
    ru: () => import('./locales/working-time/ru.json'),
    ar: () => import('./locales/working-time/ar.json'),
  },
  payroll: {
    it: () => import('./locales/payroll/it.json'),
    en: () => import('./locales/payroll/en.json'),
    fr: () => import('./locales/payroll/fr.json'),
    es: () => import('./locales/payroll/es.json'),
    de: () => import('./locales/payroll/de.json'),
    ru: () => import('./locales/payroll/ru.json'),
    ar: () => import('./locales/payroll/ar.json'),
  },
  monthLogs: {
    it: () => import('./locales/month-logs/it.json'),
    en: () => import('./locales/month-logs/en.json'),
    fr: () => import('./locales/month-logs/fr.json'),
    es: () => import('./locales/month-logs/es.json'),
    de: () => import('./locales/month-logs/de.json'),
    ru: () => import('./locales/month-logs/ru.json'),
    ar: () => import('./locales/month-logs/ar.json'),
  },
} satisfies Record<string, Record<CatalogLanguage, () => Promise<{ default: object }>>>;

export type CatalogArea = keyof typeof areaLoaders;
/** Areas some screen asked for: a language switch loads them in the new language too. */
const wantedAreas = new Set<CatalogArea>();
const loadedAreas = new Set<string>();

async function addArea(area: CatalogArea, catalog: CatalogLanguage) {
  const key = `${area}:${catalog}`;
  if (loadedAreas.has(key)) return;
  const mod = await areaLoaders[area][catalog]();
  i18n.addResourceBundle(catalog, 'translation', mod.default, true, true);
  loadedAreas.add(key);
}

/** Loads an area's texts in the active language (and, from now on, in every language switched to). */
export async function loadCatalogArea(area: CatalogArea) {
  wantedAreas.add(area);
  await addArea(area, catalogFor(i18n.language));
}

const dayjsLoaders: Record<Exclude<CatalogLanguage, 'it'>, () => Promise<unknown>> = {
  en: async () => undefined,
  fr: () => import('dayjs/locale/fr'),
  es: () => import('dayjs/locale/es'),
  de: () => import('dayjs/locale/de'),
  ru: () => import('dayjs/locale/ru'),
  ar: () => import('dayjs/locale/ar'),
};

export async function initI18n(language: Language) {
  await i18n.use(initReactI18next).init({
    resources: { it: { translation: it } },
    lng: 'it',
    fallbackLng: 'it',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLanguage(language);
  return i18n;
}

/** Switches catalog, dayjs locale and document direction; remembers the choice on this device. */
export async function changeLanguage(language: Language) {
  const catalog = catalogFor(language);
  if (catalog !== 'it' && !i18n.hasResourceBundle(catalog, 'translation')) {
    const [mod] = await Promise.all([loaders[catalog](), dayjsLoaders[catalog]()]);
    i18n.addResourceBundle(catalog, 'translation', mod.default, true, true);
  } else if (catalog !== 'it') {
    await dayjsLoaders[catalog]();
  }
  await Promise.all([...wantedAreas].map((area) => addArea(area, catalog)));
  dayjs.locale(catalog);
  await i18n.changeLanguage(catalog);
  document.documentElement.lang = catalog;
  document.documentElement.dir = directionOf(catalog);
  rememberLanguage(language);
}

export { i18n };
