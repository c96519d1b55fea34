import type { JustificationRequest } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../i18n/i18n';
import {
  emptyRequestForm,
  estimateUsage,
  formToPayload,
  requestFormSchema,
  requestToForm,
  type RequestFormValues,
} from './request-form';

const t = i18n.t.bind(i18n);
const form = (patch: Partial<RequestFormValues>): RequestFormValues => ({
  ...emptyRequestForm({ date: '2026-11-12' }),
  justificationId: 'j-rol',
  ...patch,
});

/** Field → message of every issue, as the form shows them. */
function errorsOf(values: RequestFormValues, admin = false): Record<string, string> {
  const res = requestFormSchema(t, { admin }).safeParse(values);
  if (res.success) return {};
  return Object.fromEntries(res.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('request form validation (the server rules, its Italian texts)', () => {
  it('a whole day with a date and a justification is valid', () => {
    expect(errorsOf(form({}))).toEqual({});
  });

  it('justification and date are required', () => {
    expect(errorsOf(form({ justificationId: '', date: null }))).toEqual({
      justificationId: 'Seleziona il giustificativo',
      date: 'Inserisci la data',
    });
  });

  it('a time range needs start and end, the end after the start', () => {
    expect(errorsOf(form({ mode: 'range' }))).toEqual({
      start: 'Inserisci l’orario di inizio',
      end: 'Inserisci l’orario di fine',
    });
    expect(errorsOf(form({ mode: 'range', start: '16:00', end: '14:00' }))).toEqual({
      end: 'L’orario di fine deve essere dopo quello di inizio',
    });
    expect(errorsOf(form({ mode: 'range', start: '14:00', end: '14:00' }))).toEqual({
      end: 'L’orario di fine deve essere dopo quello di inizio',
    });
    expect(errorsOf(form({ mode: 'range', start: '25:00', end: '1400' }))).toEqual({
      start: 'Orario non valido',
      end: 'Orario non valido',
    });
    expect(errorsOf(form({ mode: 'range', start: '14:00', end: '16:00' }))).toEqual({});
  });

  it('a quantity is required, above zero and at most what a day holds (24)', () => {
    expect(errorsOf(form({ mode: 'amount' }))).toEqual({ amount: 'Inserisci la quantità' });
    expect(errorsOf(form({ mode: 'amount', amount: '0' }))).toEqual({
      amount: 'La quantità deve essere maggiore di zero (al massimo 24)',
    });
    expect(errorsOf(form({ mode: 'amount', amount: '24,5' }))).toEqual({
      amount: 'La quantità deve essere maggiore di zero (al massimo 24)',
    });
    expect(errorsOf(form({ mode: 'amount', amount: '999' }))).toEqual({
      amount: 'La quantità deve essere maggiore di zero (al massimo 24)',
    });
    expect(errorsOf(form({ mode: 'amount', amount: 'tre' }))).toEqual({
      amount: 'La quantità deve essere maggiore di zero (al massimo 24)',
    });
    expect(errorsOf(form({ mode: 'amount', amount: '1,5' }))).toEqual({});
    expect(errorsOf(form({ mode: 'amount', amount: '24' }))).toEqual({});
  });

  it('a period needs both dates, the end strictly after the start, at most 366 days', () => {
    expect(errorsOf(form({ multiDay: true, startDate: null, endDate: null }))).toEqual({
      startDate: 'Inserisci la data di inizio',
      endDate: 'Inserisci la data di fine',
    });
    expect(errorsOf(form({ multiDay: true, startDate: '2026-11-12', endDate: '2026-11-12' }))).toEqual({
      endDate: 'La data di fine deve essere successiva a quella di inizio',
    });
    expect(errorsOf(form({ multiDay: true, startDate: '2026-11-12', endDate: '2027-11-13' }))).toEqual({
      endDate: 'Il periodo può durare al massimo 366 giorni',
    });
    expect(errorsOf(form({ multiDay: true, startDate: '2026-11-12', endDate: '2027-11-12' }))).toEqual({});
    expect(errorsOf(form({ multiDay: true, startDate: 'invalid', endDate: '2026-11-20' }))).toEqual({
      startDate: 'Data non valida',
    });
  });

  it('the certificate code: letters and digits only', () => {
    expect(errorsOf(form({ certificateCode: 'AB-12' }))).toEqual({
      certificateCode: 'Il codice del certificato può contenere solo lettere e numeri (al massimo 20)',
    });
    expect(errorsOf(form({ certificateCode: '123456AB' }))).toEqual({});
  });

  it('the admin picks at least one employee (the employee form has no such field)', () => {
    expect(errorsOf(form({}), true)).toEqual({ userInfoIds: 'Seleziona almeno un dipendente' });
    expect(errorsOf(form({ userInfoIds: ['u-1'] }), true)).toEqual({});
    expect(errorsOf(form({}), false)).toEqual({});
  });

  it('texts follow the language', async () => {
    await changeLanguage('en');
    try {
      expect(errorsOf(form({ justificationId: '', mode: 'range' }))).toEqual({
        justificationId: 'Choose the absence type',
        start: 'Enter the start time',
        end: 'Enter the end time',
      });
    } finally {
      await changeLanguage('it');
    }
  });
});

describe('request payload', () => {
  it('a time range in minutes, one date', () => {
    expect(
      formToPayload(form({ mode: 'range', start: '14:00', end: '16:00', note: '  visita ' }), {
        admin: false,
        editing: false,
      }),
    ).toEqual({
      date: '2026-11-12',
      justificationId: 'j-rol',
      category: 'regular',
      wholeDay: false,
      startsAtMinutes: 840,
      endsAtMinutes: 960,
      amount: null,
      certificateCode: null,
      note: 'visita',
    });
  });

  it('a period for several employees (admin); a quantity as the amount category', () => {
    const p = formToPayload(
      form({
        userInfoIds: ['a', 'b'],
        multiDay: true,
        startDate: '2026-11-16',
        endDate: '2026-11-20',
        mode: 'amount',
        amount: '1,5',
      }),
      { admin: true, editing: false },
    );
    expect(p).toMatchObject({
      userInfoIds: ['a', 'b'],
      startDate: '2026-11-16',
      endDate: '2026-11-20',
      category: 'amount',
      wholeDay: false,
      amount: 1.5,
      startsAtMinutes: null,
    });
    expect(p).not.toHaveProperty('date');
  });

  it('editing sends one date and no employees', () => {
    const p = formToPayload(
      form({ userInfoIds: ['a'], multiDay: true, startDate: '2026-11-16', endDate: '2026-11-20' }),
      { admin: true, editing: true },
    );
    expect(p).toMatchObject({ date: '2026-11-12', wholeDay: true, category: 'regular' });
    expect(p).not.toHaveProperty('userInfoIds');
    expect(p).not.toHaveProperty('startDate');
  });

  it('an existing request back in the form', () => {
    const r = {
      id: 'r1',
      userInfoId: 'u1',
      justification: { id: 'j-rol', code: 'ROL', name: 'Permesso ROL', unit: 'hour', impact: 'nothing' },
      date: '2026-11-12',
      category: 'regular',
      wholeDay: false,
      startsAtMinutes: 540,
      endsAtMinutes: 600,
      amount: 1,
      certificateCode: null,
      note: 'visita',
    } as JustificationRequest;
    expect(requestToForm(r)).toMatchObject({
      mode: 'range',
      start: '09:00',
      end: '10:00',
      date: '2026-11-12',
      note: 'visita',
      justificationId: 'j-rol',
    });
  });
});

describe('usage estimate (the over-balance hint)', () => {
  it('hours of a range, a quantity, a whole day by unit', () => {
    expect(estimateUsage(form({ mode: 'range', start: '14:00', end: '16:30' }), 'hour', 480)).toBe(2.5);
    expect(estimateUsage(form({ mode: 'range', start: '14:00', end: '18:00' }), 'day', 480)).toBe(0.5);
    expect(estimateUsage(form({ mode: 'amount', amount: '3' }), 'hour', null)).toBe(3);
    expect(estimateUsage(form({ mode: 'wholeDay' }), 'day', null)).toBe(1);
    expect(estimateUsage(form({ mode: 'wholeDay' }), 'hour', 450)).toBe(7.5);
    expect(estimateUsage(form({ mode: 'wholeDay' }), 'hour', null)).toBeNull();
  });

  it("a range does not count the day's pause, as the server does", () => {
    const lunch = [{ startsAtMinutes: 780, endsAtMinutes: 840 }];
    expect(estimateUsage(form({ mode: 'range', start: '09:00', end: '18:00' }), 'hour', 480, lunch)).toBe(8);
    expect(estimateUsage(form({ mode: 'range', start: '09:00', end: '13:30' }), 'day', 480, lunch)).toBe(0.5);
    expect(estimateUsage(form({ mode: 'range', start: '13:10', end: '13:50' }), 'hour', 480, lunch)).toBe(0);
    expect(estimateUsage(form({ mode: 'range', start: '09:00', end: '18:00' }), 'hour', 480)).toBe(9);
  });

  it('a period is left to the server (only it knows the working days)', () => {
    expect(
      estimateUsage(form({ multiDay: true, startDate: '2026-11-16', endDate: '2026-11-20' }), 'day', 480),
    ).toBeNull();
  });
});

describe('request form: the employee’s closed months (issue 30)', () => {
  const closed = new Set(['2026-10', '2026-12']);
  const errors = (values: RequestFormValues) => {
    const res = requestFormSchema(t, { admin: false, closedMonths: closed, language: 'it' }).safeParse(values);
    return res.success ? {} : Object.fromEntries(res.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  const closedText = (month: string) =>
    `Il mese di ${month} è chiuso: non puoi più inserire o modificare richieste in quel mese`;

  it('a date of a closed month is refused; of an open one, or for the admin, it is fine', () => {
    expect(errors(form({ date: '2026-10-31' }))).toEqual({ date: closedText('ottobre 2026') });
    expect(errors(form({ date: '2026-11-30' }))).toEqual({});
    const admin = requestFormSchema(t, { admin: true }).safeParse(
      form({ date: '2026-10-31', userInfoIds: ['ui-mario'] }),
    );
    expect(admin.success).toBe(true);
  });

  it('a period: an end or a start in a closed month is said on it; one that spans a closed month on the end', () => {
    const period = (startDate: string, endDate: string) => form({ multiDay: true, startDate, endDate });
    expect(errors(period('2026-10-30', '2026-11-03'))).toEqual({ startDate: closedText('ottobre 2026') });
    expect(errors(period('2026-11-25', '2026-12-02'))).toEqual({ endDate: closedText('dicembre 2026') });
    expect(errors(period('2026-09-28', '2026-11-02'))).toEqual({
      endDate: 'Il periodo comprende il mese di ottobre 2026, che è chiuso: scegli date fuori dai mesi chiusi',
    });
    expect(errors(period('2026-11-02', '2026-11-27'))).toEqual({});
    // Over the year's end: the months are walked, not the strings compared.
    expect(
      requestFormSchema(t, { admin: false, closedMonths: new Set(['2027-01']), language: 'it' }).safeParse(
        period('2026-12-20', '2027-02-03'),
      ).success,
    ).toBe(false);
  });
});
