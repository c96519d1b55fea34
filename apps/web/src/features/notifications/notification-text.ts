import type { Notification } from '@timbro/shared';
import type { NotificationType } from '@timbro/shared/notifications';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../i18n/languages';

type Params = Notification['params'];

/** What the centre and the live stack show of a notification. */
export interface NotificationText {
  title: string;
  /** The second line, or null. */
  detail: string | null;
  /** `it` where the text is the server's Italian one (screen readers then read it as Italian). */
  titleLang?: 'it';
  detailLang?: 'it';
}

const text = (v: Params[string] | undefined) => (typeof v === 'string' && v.trim() !== '' ? v : null);
const count = (v: Params[string] | undefined) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/** "ottobre 2026" in the user's language, from the `year` and `month` (1–12) params. */
function periodOf(p: Params, language: string): string | null {
  const year = count(p.year);
  const month = count(p.month);
  if (year === null || month === null || month > 12) return null;
  return dayjs(new Date(year, month - 1, 1))
    .locale(language)
    .format('MMMM YYYY');
}

type Title = (p: Params, t: TFunction, language: string) => string | null;

const k = (key: string) => `notifications.items.${key}`;

/** A decision on one request or several (the server sends how many). */
const decision =
  (one: string, many: string): Title =>
  (p, t) => {
    const n = count(p.count);
    if (n === null) return null;
    return n === 1 ? t(k(one)) : t(k(many), { n });
  };

/** An expiring document: the employee's own, or an employee's (the admins' copy carries `employee`). */
const expiring: Title = (p, t) => {
  const label = text(p.label);
  const daysLeft = p.daysLeft;
  if (label === null || typeof daysLeft !== 'number') return null;
  const employee = text(p.employee);
  const when = daysLeft >= 0 ? 'Expiring' : 'Expired';
  return employee ? t(k(`document${when}Of`), { label, employee }) : t(k(`document${when}`), { label });
};

/**
 * In a right-to-left language the values put into a text (an Italian announcement title, a person's name) are
 * isolated (FSI … PDI), so their own direction cannot reorder the sentence around them ("إعلان جديد: Chiusura estiva").
 */
function isolating(t: TFunction, language: string): TFunction {
  if (directionOf(language) !== 'rtl') return t;
  const wrapped = (key: string, options?: Record<string, unknown>) =>
    t(
      key,
      options &&
        Object.fromEntries(
          Object.entries(options).map(([name, value]) => [
            name,
            typeof value === 'string' ? `\u2068${value}\u2069` : value,
          ]),
        ),
    );
  return wrapped as TFunction;
}

/**
 * The types whose texts the web writes in the user's language from `params` (what each server event sends). A type
 * not here, or whose params are missing, shows the server's Italian title.
 */
const TITLES: Partial<Record<NotificationType, Title>> = {
  'request.pending': (p, t) => {
    const employee = text(p.employee);
    const n = count(p.count);
    if (employee === null || n === null) return null;
    return n === 1 ? t(k('requestPendingOne'), { employee }) : t(k('requestPendingMany'), { employee, n });
  },
  'request.approved': decision('requestApprovedOne', 'requestApprovedMany'),
  'request.rejected': decision('requestRejectedOne', 'requestRejectedMany'),
  'paycheck.published': (p, t, language) => {
    const period = periodOf(p, language);
    return period && t(k('paycheckPublished'), { period });
  },
  'paycheck.reminder': (p, t, language) => {
    const period = periodOf(p, language);
    return period && t(k('paycheckReminder'), { period });
  },
  'document.published': (p, t) => {
    const label = text(p.label);
    return label && t(k('documentPublished'), { label });
  },
  'document.expiring': expiring,
  'announcement.published': (p, t) => {
    const title = text(p.title);
    return title && t(k('announcementPublished'), { title });
  },
  'announcement.reminder': (p, t) => {
    const title = text(p.title);
    return title && t(k('announcementReminder'), { title });
  },
  'month.closed': (p, t, language) => {
    const period = periodOf(p, language);
    return period && t(k('monthClosed'), { period });
  },
  'month.failed': (p, t, language) => {
    const period = periodOf(p, language);
    return period && t(k('monthFailed'), { period });
  },
};

/**
 * A notification's texts in the user's language: the title from the catalog by its type and params; the second line
 * is the server's body (the announcement's own words, the requests' dates and the admin's note, a failure's reason:
 * data the web cannot rebuild), or "Conferma la presa visione" for an announcement that asks for it.
 */
export function notificationText(n: Notification, t: TFunction, language: string): NotificationText {
  const title = TITLES[n.type]?.(n.params, isolating(t, language), language) ?? null;
  const body = n.body.trim() === '' ? null : n.body;
  const italianBody = body === null ? { detail: null } : { detail: body, detailLang: 'it' as const };
  if (title === null) return { title: n.title, titleLang: 'it', ...italianBody };
  if (n.type === 'announcement.reminder')
    return { title, detail: n.params.requiresAck === true ? t(k('ackRequired')) : null };
  // An announcement's body is its author's text, in whatever language they wrote it.
  if (n.type === 'announcement.published') return { title, detail: body };
  return { title, ...italianBody };
}

export function useNotificationText(): (n: Notification) => NotificationText {
  const { t, i18n } = useTranslation();
  return useCallback((n: Notification) => notificationText(n, t, i18n.language), [t, i18n.language]);
}
