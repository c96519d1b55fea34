import type { Notification, SwapAutoReason } from '@timbro/shared';
import type { NotificationType } from '@timbro/shared/notifications';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';

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

/** A date param (YYYY-MM-DD) in the user's language, or null. */
const dateOf = (v: Params[string] | undefined, language: string) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v, language) : null;

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

/** A published shift of the person's changed (`before` and `after`), was removed (`after` null) or is new (`before` null). */
const shiftChanged: Title = (p, t) => {
  const before = text(p.before);
  const after = text(p.after);
  if (before && after) return t(k('shiftChanged'), { before });
  if (before) return t(k('shiftCancelled'), { before });
  return after && t(k('shiftAssigned'), { after });
};

/** A colleague's answer (to the requester: `accepted`), or a swap for the admins to decide (both names). */
const swapAnswered: Title = (p, t) => {
  const colleague = text(p.colleague);
  if (colleague === null) return null;
  if (typeof p.accepted === 'boolean') {
    const shift = text(p.shift);
    return shift && t(k(p.accepted ? 'swapAccepted' : 'swapDeclined'), { colleague, shift });
  }
  const requester = text(p.requester);
  return requester && t(k('swapToDecide'), { requester, colleague });
};

/** An admin's decision on a swap (both shifts), or its automatic rejection (the day of the requester's shift). */
const swapDecided: Title = (p, t) => {
  if (p.status === 'auto_rejected') {
    const date = text(p.date);
    return date && t(k('swapAutoRejected'), { date });
  }
  const source = text(p.source);
  const target = text(p.target);
  if (source === null || target === null || (p.status !== 'approved' && p.status !== 'rejected')) return null;
  return t(k(p.status === 'approved' ? 'swapApproved' : 'swapRejected'), { source, target });
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
  'shift.published': (p, t, language) =>
    dateOf(p.from, language) && dateOf(p.to, language) ? t(k('shiftsPublished')) : null,
  'shift.changed': shiftChanged,
  'swap.requested': (p, t) => {
    const requester = text(p.requester);
    return requester && text(p.source) && text(p.target) ? t(k('swapRequested'), { requester }) : null;
  },
  'swap.answered': swapAnswered,
  'swap.decided': swapDecided,
};

/** Why a swap was rejected automatically: each reason has its text in the catalog (the type makes the list whole). */
const AUTO_REASONS: Record<SwapAutoReason, true> = {
  shift_changed: true,
  shift_deleted: true,
  assignment_changed: true,
};

type Detail = (p: Params, t: TFunction, language: string) => string | null | undefined;

/**
 * Second lines the web writes itself, when the title is the web's too (the same params); `undefined` keeps the
 * server's body (a person's note, which is their own words).
 */
const DETAILS: Partial<Record<NotificationType, Detail>> = {
  'shift.published': (p, t, language) =>
    t(k('shiftsPublishedPeriod'), { from: dateOf(p.from, language), to: dateOf(p.to, language) }),
  'shift.changed': (p, t) => {
    const after = text(p.after);
    return text(p.before) && after ? t(k('shiftChangedNow'), { after }) : null;
  },
  'swap.requested': (p, t) => t(k('swapRequestedDetail'), { source: text(p.source), target: text(p.target) }),
  'swap.answered': (p, t) => (p.accepted === true ? t(k('swapAcceptedDetail')) : undefined),
  'swap.decided': (p, t) => {
    if (p.status !== 'auto_rejected') return undefined;
    const reason = typeof p.reason === 'string' && Object.hasOwn(AUTO_REASONS, p.reason) ? p.reason : null;
    return reason ? t(k(`swapAutoReason.${reason}`)) : undefined;
  },
};

/**
 * A notification's texts in the user's language: the title from the catalog by its type and params; the second line
 * is the server's body (the announcement's own words, the requests' dates and the admin's note, a failure's reason:
 * data the web cannot rebuild), or "Conferma la presa visione" for an announcement that asks for it.
 */
export function notificationText(n: Notification, t: TFunction, language: string): NotificationText {
  const tt = isolating(t, language);
  const title = TITLES[n.type]?.(n.params, tt, language) ?? null;
  const body = n.body.trim() === '' ? null : n.body;
  const italianBody = body === null ? { detail: null } : { detail: body, detailLang: 'it' as const };
  if (title === null) return { title: n.title, titleLang: 'it', ...italianBody };
  const detail = DETAILS[n.type]?.(n.params, tt, language);
  if (detail !== undefined) return { title, detail };
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
