import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { pickersLocaleText } from './mui-x-locales';

/** Date pickers with dayjs in the active language (the dayjs locale is loaded by the i18n module). */
export function DateLocalization({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language} localeText={pickersLocaleText(language)}>
      {children}
    </LocalizationProvider>
  );
}
