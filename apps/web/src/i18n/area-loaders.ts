import type { CatalogLanguage } from './languages';

/**
 * Catalog areas: the texts of a group of screens, loaded with those screens (never on the login route, whose bundle
 * has a budget). Same rules as the main catalogs (Italian source, every language complete: catalogs.test.ts); their
 * top-level keys are their own.
 */
export const areaLoaders = {
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
  paychecks: {
    it: () => import('./locales/paychecks/it.json'),
    en: () => import('./locales/paychecks/en.json'),
    fr: () => import('./locales/paychecks/fr.json'),
    es: () => import('./locales/paychecks/es.json'),
    de: () => import('./locales/paychecks/de.json'),
    ru: () => import('./locales/paychecks/ru.json'),
    ar: () => import('./locales/paychecks/ar.json'),
  },
  documents: {
    it: () => import('./locales/documents/it.json'),
    en: () => import('./locales/documents/en.json'),
    fr: () => import('./locales/documents/fr.json'),
    es: () => import('./locales/documents/es.json'),
    de: () => import('./locales/documents/de.json'),
    ru: () => import('./locales/documents/ru.json'),
    ar: () => import('./locales/documents/ar.json'),
  },
  notifications: {
    it: () => import('./locales/notifications/it.json'),
    en: () => import('./locales/notifications/en.json'),
    fr: () => import('./locales/notifications/fr.json'),
    es: () => import('./locales/notifications/es.json'),
    de: () => import('./locales/notifications/de.json'),
    ru: () => import('./locales/notifications/ru.json'),
    ar: () => import('./locales/notifications/ar.json'),
  },
  announcements: {
    it: () => import('./locales/announcements/it.json'),
    en: () => import('./locales/announcements/en.json'),
    fr: () => import('./locales/announcements/fr.json'),
    es: () => import('./locales/announcements/es.json'),
    de: () => import('./locales/announcements/de.json'),
    ru: () => import('./locales/announcements/ru.json'),
    ar: () => import('./locales/announcements/ar.json'),
  },
} satisfies Record<string, Record<CatalogLanguage, () => Promise<{ default: object }>>>;
