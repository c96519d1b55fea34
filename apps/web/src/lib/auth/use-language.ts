import type { Language } from '@timbro/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n/i18n';
import { api } from '../api';
import { useAuth } from './auth-context';

/** The interface language: applied at once, remembered on the device and, when logged in, on the account. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const { status, user } = useAuth();
  const setLanguage = useCallback(
    async (language: Language) => {
      await changeLanguage(language);
      if (status === 'authenticated') await api.post('/user/language', { language }).catch(() => undefined);
    },
    [status],
  );
  const stored = user?.language;
  return { language: (stored && status === 'authenticated' ? stored : i18n.language) as Language, setLanguage };
}
