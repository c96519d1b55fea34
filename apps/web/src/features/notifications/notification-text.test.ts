import {
  CATEGORY_LABELS,
  LOCKED_REASON,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '@timbro/shared/notifications';
import type { Notification } from '@timbro/shared';
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

  it('shifts and swaps: the server’s Italian words, from the params each event sends', () => {
    const shift = (params: Notification['params'], body = '') =>
      textOf({ type: 'shift.changed', category: 'shifts', title: 'x', body, params });
    const swap = (type: 'swap.requested' | 'swap.answered' | 'swap.decided', params: object, body = '') =>
      textOf({ type, category: 'shifts', title: 'x', body, params: params as Notification['params'] });
    const mon = '12/01/2027 08:00–16:00';
    const tue = '13/01/2027 22:00–06:00 (+1)';

    expect(
      textOf({
        type: 'shift.published',
        category: 'shifts',
        title: 'Nuovi turni pubblicati',
        body: 'Sono stati pubblicati i tuoi turni tra il 04/01/2027 e il 10/01/2027',
        params: { from: '2027-01-04', to: '2027-01-10' },
      }),
    ).toEqual({ title: 'Nuovi turni pubblicati', detail: 'Periodo: 4 gennaio 2027 – 10 gennaio 2027' });
    expect(shift({ before: mon, after: tue }, `Ora: ${tue}`)).toEqual({
      title: `Il tuo turno del ${mon} è cambiato`,
      detail: `Ora: ${tue}`,
    });
    expect(shift({ before: mon, after: null })).toEqual({
      title: `Il tuo turno del ${mon} è stato annullato`,
      detail: null,
    });
    expect(shift({ before: null, after: tue })).toEqual({ title: `Nuovo turno per te: ${tue}`, detail: null });

    expect(swap('swap.requested', { requester: 'Anna Neri', source: mon, target: tue })).toEqual({
      title: 'Anna Neri ti chiede di scambiare un turno',
      detail: `Il suo turno del ${mon} con il tuo del ${tue}`,
    });
    expect(swap('swap.answered', { accepted: true, colleague: 'Bruno Gialli', shift: mon })).toEqual({
      title: `Bruno Gialli ha accettato lo scambio del turno del ${mon}`,
      detail: 'Ora decide un amministratore',
    });
    // A refusal's note is the colleague's own words: the server's body, as it is.
    expect(swap('swap.answered', { accepted: false, colleague: 'Bruno Gialli', shift: mon }, 'Ho un impegno')).toEqual({
      title: `Bruno Gialli ha rifiutato lo scambio del turno del ${mon}`,
      detail: 'Ho un impegno',
      detailLang: 'it',
    });
    expect(swap('swap.answered', { requester: 'Anna Neri', colleague: 'Bruno Gialli' }, `${mon} ↔ ${tue}`)).toEqual({
      title: 'Cambio turno da approvare: Anna Neri e Bruno Gialli',
      detail: `${mon} ↔ ${tue}`,
      detailLang: 'it',
    });
    expect(swap('swap.decided', { status: 'approved', source: mon, target: tue }).title).toBe(
      `Cambio turno approvato: ${mon} ↔ ${tue}`,
    );
    expect(swap('swap.decided', { status: 'rejected', source: mon, target: tue }, 'Copertura insufficiente')).toEqual({
      title: `Cambio turno rifiutato: ${mon} ↔ ${tue}`,
      detail: 'Copertura insufficiente',
      detailLang: 'it',
    });
    expect(swap('swap.decided', { status: 'auto_rejected', reason: 'shift_deleted', date: '12/01/2027' })).toEqual({
      title: 'Cambio turno del 12/01/2027 rifiutato automaticamente',
      detail: 'Uno dei due turni è stato eliminato',
    });
    // The notifications stored before these params existed keep the server's Italian texts.
    expect(swap('swap.requested', {}, 'Il suo turno…')).toMatchObject({ title: 'x', titleLang: 'it' });
    expect(swap('swap.answered', { accepted: true })).toMatchObject({ title: 'x', titleLang: 'it' });
    expect(swap('swap.decided', { status: 'approved' })).toMatchObject({ title: 'x', titleLang: 'it' });
    expect(textOf({ type: 'shift.published', title: 'x', params: {} })).toMatchObject({ titleLang: 'it' });
  });

  it('shifts and swaps in another language: the catalog’s words, the dates in that language', async () => {
    try {
      await changeLanguage('en');
      const english = i18n.getFixedT('en');
      const en = (over: Parameters<typeof notification>[0]) => notificationText(notification(over), english, 'en');
      expect(
        en({ type: 'shift.published', category: 'shifts', params: { from: '2027-01-04', to: '2027-01-10' } }),
      ).toEqual({ title: 'New shifts published', detail: 'Period: January 4, 2027 – January 10, 2027' });
      expect(
        en({
          type: 'swap.decided',
          category: 'shifts',
          params: { status: 'auto_rejected', reason: 'assignment_changed', date: '12/01/2027' },
        }),
      ).toEqual({
        title: 'Shift swap of 12/01/2027 rejected automatically',
        detail: 'The people assigned to one of the two shifts changed',
      });
      await changeLanguage('ar');
      expect(
        notificationText(
          notification({ type: 'swap.requested', params: { requester: 'Anna Neri', source: 'a', target: 'b' } }),
          i18n.getFixedT('ar'),
          'ar',
        ).title,
      ).toBe('يطلب منك \u2068Anna Neri\u2069 تبديل نوبة');
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
