import { arSD, deDE, enUS, esES, frFR, itIT, ruRU } from '@mui/material/locale';

/** The other languages' MUI texts, in a chunk of their own (core-locales.ts). */
export const CORE_LOCALES = { it: itIT, en: enUS, fr: frFR, es: esES, de: deDE, ru: ruRU, ar: arSD } as const;
