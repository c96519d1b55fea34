import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';

dayjs.extend(relativeTime);

/** The time now, again every `everyMs` while mounted: relative times ("5 minuti fa") stay true in an open list. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * "5 minuti fa" in the user's language (dayjs), with the exact date and time as the element's machine value and
 * tooltip. A time a little ahead of this device's clock reads "pochi secondi fa", never "tra pochi secondi".
 */
export function RelativeTime({ value, now }: { value: string; now: number }) {
  const { i18n } = useTranslation();
  const at = dayjs(value);
  const shown = at.isAfter(now) ? dayjs(now) : at;
  return (
    <time dateTime={value} title={formatDateTime(value, i18n.language)}>
      {shown.locale(i18n.language).from(now)}
    </time>
  );
}
