import {
  CATEGORY_LABELS,
  LOCKED_REASON,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '@timbro/shared/notifications';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadCatalogArea } from '../../i18n/i18n';
import it_ from '../../i18n/locales/notifications/it.json';
import { safeLink } from './links';
import { notificationText } from './notification-text';
import { announcement, notification } from './notifications.fixtures';

beforeAll(async () => {
  await loadCatalogArea('notifications');
});

const t = i18n.getFixedT('it');
const textOf = (over: Parameters<typeof notification>[0]) => notificationText(notification(over), t, 'it');

describe('the texts of a notification', () => {
  it('are written from the type and params in the user’s language', () => {
    expect(textOf({})).toEqual({ title: 'Il tuo cedolino di ottobre 2026 è disponibile', detail: null });
    expect(textOf({ type: 'paycheck.reminder', params: { year: 2026, month: 3 } }).title).toBe(
      'Promemoria: il tuo cedolino di marzo 2026 ti aspetta',
    );
    expect(
      textOf({ type: 'request.pending', params: { employee: 'Mario Rossi', count: 1 }, body: 'Ferie 12–14 marzo' }),
    ).toEqual({ title: 'Nuova richiesta da approvare: Mario Rossi', detail: 'Ferie 12–14 marzo', detailLang: 'it' });
    expect(textOf({ type: 'request.pending', params: { employee: 'Mario Rossi', count: 3 } }).title).toBe(
      '3 nuove richieste da approvare: Mario Rossi',
    );
    expect(textOf({ type: 'request.rejected', params: { count: 2 } }).title).toBe(
      'Le tue richieste sono state rifiutate (2)',
    );
    expect(textOf({ type: 'document.expiring', params: { label: 'Patente', daysLeft: 7 } }).title).toBe(
      'Il tuo documento «Patente» sta per scadere',
    );
    expect(
      textOf({ type: 'document.expiring', params: { label: 'Patente', daysLeft: -1, employee: 'Mario Rossi' } }).title,
    ).toBe('Il documento «Patente» di Mario Rossi è scaduto');
    expect(textOf({ type: 'month.closed', params: { year: 2026, month: 10, version: 2 } }).title).toBe(
      'Mese chiuso: ottobre 2026',
    );
    // An announcement's body is its author's text (no language forced); a reminder asks for the acknowledgement.
    expect(notificationText(announcement(), t, 'it')).toEqual({
      title: 'Nuova comunicazione: Chiusura estiva',
      detail: "L'ufficio resta chiuso dal 10 al 21 agosto.",
    });
    expect(
      notificationText(announcement({ type: 'announcement.reminder', body: 'Conferma la presa visione' }), t, 'it'),
    ).toEqual({ title: 'Promemoria: Chiusura estiva', detail: 'Conferma la presa visione' });
  });

  it('in another language: the catalog’s words, the month in that language; in Arabic the values are isolated', async () => {
    try {
      await changeLanguage('en');
      const english = i18n.getFixedT('en');
      expect(notificationText(notification(), english, 'en').title).toBe('Your pay slip for October 2026 is available');
      expect(
        notificationText(
          notification({ type: 'request.pending', params: { employee: 'Mario Rossi', count: 2 } }),
          english,
          'en',
        ).title,
      ).toBe('2 new requests to approve: Mario Rossi');
      // Right to left: the values put into the text are isolated, so an Italian title keeps the sentence's order.
      await changeLanguage('ar');
      expect(notificationText(announcement(), i18n.getFixedT('ar'), 'ar').title).toBe(
        'إعلان جديد: \u2068Chiusura estiva\u2069',
      );
    } finally {
      await changeLanguage('it');
    }
  });

  it('fall back to the server’s Italian title and body when the type has no params the web can use', () => {
    expect(
      textOf({
        type: 'shift.changed',
        category: 'shifts',
        title: 'Il tuo turno di lunedì è cambiato',
        body: 'Ora 14–22',
        params: {},
      }),
    ).toEqual({
      title: 'Il tuo turno di lunedì è cambiato',
      titleLang: 'it',
      detail: 'Ora 14–22',
      detailLang: 'it',
    });
    // Params of the wrong kind are not used either.
    expect(textOf({ params: { year: 2026, month: 13 } }).titleLang).toBe('it');
    expect(textOf({ type: 'request.pending', params: { employee: '', count: 1 } }).titleLang).toBe('it');
  });
});

describe('the notifications catalog area', () => {
  const flat = it_ as unknown as {
    notifications: {
      categories: Record<string, string>;
      types: Record<string, Record<string, string>>;
      settings: { lockedReason: string };
    };
  };
  const types = Object.entries(flat.notifications.types).flatMap(([group, names]) =>
    Object.keys(names).map((name) => `${group}.${name}`),
  );

  it('names every category and every type of the shared catalogue, in its Italian words', () => {
    expect([...types].sort()).toEqual(Object.keys(NOTIFICATION_TYPES).sort());
    for (const type of Object.keys(NOTIFICATION_TYPES) as NotificationType[])
      expect(t(`notifications.types.${type}`), type).toBe(NOTIFICATION_TYPES[type].label);
    expect(Object.keys(flat.notifications.categories).sort()).toEqual([...NOTIFICATION_CATEGORIES].sort());
    for (const category of NOTIFICATION_CATEGORIES)
      expect(flat.notifications.categories[category]).toBe(CATEGORY_LABELS[category]);
    expect(flat.notifications.settings.lockedReason).toBe(LOCKED_REASON);
  });
});

describe('a notification’s link', () => {
  it('is followed only when it is a path of this app', () => {
    expect(safeLink('/member/paycheck/p-1')).toBe('/member/paycheck/p-1');
    expect(safeLink(null)).toBeNull();
    expect(safeLink('https://example.com')).toBeNull();
    expect(safeLink('//example.com/x')).toBeNull();
    expect(safeLink('/\\example.com')).toBeNull();
    expect(safeLink('member/paycheck')).toBeNull();
  });
});
