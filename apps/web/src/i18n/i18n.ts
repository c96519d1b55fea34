import type { Language } from '@timbro/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import it from './locales/it.json';
import { loadCoreLocale } from '../theme/core-locales';
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
 * Catalog areas (area-loaders.ts): the texts of a group of screens, loaded with those screens. Their table of loaders
 * is itself a chunk loaded on first use, so a new area costs the login route nothing.
 */
export type CatalogArea = keyof typeof import('./area-loaders').areaLoaders;
/** Areas some screen asked for: a language switch loads them in the new language too. */
const wantedAreas = new Set<CatalogArea>();
const loadedAreas = new Set<string>();
/** The languages whose main catalog is in the store (an area's texts may arrive first, during a switch). */
const loadedCatalogs = new Set<CatalogLanguage>();

async function addArea(area: CatalogArea, catalog: CatalogLanguage) {
  const key = `${area}:${catalog}`;
  if (loadedAreas.has(key)) return;
  const { areaLoaders } = await import('./area-loaders');
  const mod = await areaLoaders[area][catalog]();
  i18n.addResourceBundle(catalog, 'translation', mod.default, true, true);
  loadedAreas.add(key);
}

/** The language a switch in progress goes to (a start, or the account's language once it is known). */
let switchingTo: CatalogLanguage | null = null;

/**
 * Loads an area's texts in the active language (and, from now on, in every language switched to). During a switch, in
 * the language it goes to as well: the switch has already listed the areas it loads, and a page's texts asked for in
 * that moment (the account's language applied while a page opened directly loads) would stay in the old one.
 */
export async function loadCatalogArea(area: CatalogArea) {
  wantedAreas.add(area);
  const catalogs = new Set([catalogFor(i18n.language), ...(switchingTo ? [switchingTo] : [])]);
  await Promise.all([...catalogs].map((catalog) => addArea(area, catalog)));
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
  // A (re)start rebuilds the store from the Italian catalog alone: nothing of an area is loaded any more (the tests
  // start i18n again in every file of a worker).
  loadedAreas.clear();
  loadedCatalogs.clear();
  switchingTo = catalogFor(language);
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
  switchingTo = catalog;
  if (catalog !== 'it' && !loadedCatalogs.has(catalog)) {
    const [mod] = await Promise.all([loaders[catalog](), dayjsLoaders[catalog]()]);
    i18n.addResourceBundle(catalog, 'translation', mod.default, true, true);
    loadedCatalogs.add(catalog);
  } else if (catalog !== 'it') {
    await dayjsLoaders[catalog]();
  }
  await Promise.all([...[...wantedAreas].map((area) => addArea(area, catalog)), loadCoreLocale(catalog)]);
  dayjs.locale(catalog);
  await i18n.changeLanguage(catalog);
  document.documentElement.lang = catalog;
  document.documentElement.dir = directionOf(catalog);
  rememberLanguage(language);
  if (switchingTo === catalog) switchingTo = null;
}

export { i18n };
