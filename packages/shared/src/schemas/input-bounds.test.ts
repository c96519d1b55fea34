import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_MAX, DATE_MIN, YEAR_MAX, YEAR_MIN } from '../constants';
import { DAY_MINUTES, maxRequestAmount, openDayMinutes } from '../domain/attendance';
import {
  AdminPunchInputSchema,
  AttendanceDataQuerySchema,
  LocalDateTimeSchema,
  MemberRequestInputSchema,
  PunchDeleteInputSchema,
  RequestDecisionInputSchema,
  TimesheetQuerySchema,
} from './attendance';
import {
  DateOnlySchema,
  inputMsg,
  multilineText,
  optionalString,
  requiredMultilineText,
  requiredString,
} from './common';
import { GroupInputSchema } from './people';
import {
  AccrualAdjustmentInputSchema,
  ContractInputSchema,
  HolidayInputSchema,
  HolidayRangeQuerySchema,
  ListHolidaysQuerySchema,
  TemplateDayInputSchema,
} from './working-time';
import { WorkspaceCompanySchema } from './workspace';

/** The field errors of a failed parse, first message per path (as the API answers them). */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

const RANGE = 'La data deve essere compresa tra il 1900 e il 2100';
const YEAR = "L'anno deve essere compreso tra il 1900 e il 2100";
const CHARS = 'Il testo contiene caratteri non ammessi';

describe('dates lie in 1900-01-01 … 2100-12-31', () => {
  it('has the decided bounds and Italian messages', () => {
    expect([DATE_MIN, DATE_MAX, YEAR_MIN, YEAR_MAX]).toEqual(['1900-01-01', '2100-12-31', 1900, 2100]);
    expect(inputMsg.dateOutOfRange).toBe(RANGE);
    expect(inputMsg.yearOutOfRange).toBe(YEAR);
  });

  it('DateOnlySchema accepts the bounds and refuses anything outside with the range message', () => {
    for (const ok of ['1900-01-01', '2026-06-04', '2100-12-31', '2000-02-29'])
      expect(DateOnlySchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0001-01-01', '1500-01-01', '1899-12-31', '2101-01-01', '3000-01-01', '9999-12-31']) {
      const r = DateOnlySchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(
        r.error!.issues.map((i) => i.message),
        bad,
      ).toEqual([RANGE]);
    }
    // A malformed or impossible date keeps its own single message.
    for (const bad of ['2026-02-30', '26-06-04', '0000-00-00', '', '2026-06-04T00:00']) {
      expect(new Set(DateOnlySchema.safeParse(bad).error!.issues.map((i) => i.message)), bad).toEqual(
        new Set(['Data non valida (formato AAAA-MM-GG)']),
      );
    }
    // Inside a union (as a contract's end date is) the message still shows.
    expect(errorsOf(DateOnlySchema.nullish().or(z.literal('')).safeParse('2010-13-01'))).toEqual({
      '': 'Data non valida (formato AAAA-MM-GG)',
    });
    expect(errorsOf(DateOnlySchema.nullish().or(z.literal('')).safeParse('1500-01-01'))).toEqual({ '': RANGE });
  });

  it('bounds every date input of the schemas: contracts, adjustments, holidays, requests, punches, reads', () => {
    const slots = [{ weekday: 1, startsAtMinutes: 540, endsAtMinutes: 1080 }];
    const contract = { type: 'fixed', workerType: 'employee', permanent: true, timeSlots: slots };
    expect(errorsOf(ContractInputSchema.safeParse({ ...contract, startsAt: '1500-01-01' }))).toEqual({
      startsAt: RANGE,
    });
    expect(errorsOf(ContractInputSchema.safeParse({ ...contract, startsAt: '0001-01-01' }))).toEqual({
      startsAt: RANGE,
    });
    expect(
      errorsOf(
        ContractInputSchema.safeParse({ ...contract, permanent: false, startsAt: '2026-01-01', endsAt: '2200-01-01' }),
      ),
    ).toEqual({ endsAt: RANGE });
    expect(ContractInputSchema.safeParse({ ...contract, startsAt: '1900-01-01' }).success).toBe(true);
    const adj = { justificationId: '00000000-0000-4000-8000-000000000000', amount: 1, reason: 'x' };
    expect(errorsOf(AccrualAdjustmentInputSchema.safeParse({ ...adj, date: '1200-01-01' }))).toEqual({ date: RANGE });
    expect(errorsOf(HolidayRangeQuerySchema.safeParse({ from: '1500-01-01', to: '1501-01-01' }))).toEqual({
      from: RANGE,
      to: RANGE,
    });

    const holiday = { name: 'Patrono', icon: 'church', day: 4, month: 10 };
    expect(errorsOf(HolidayInputSchema.safeParse({ ...holiday, year: 1500 }))).toEqual({ year: YEAR });
    expect(errorsOf(HolidayInputSchema.safeParse({ ...holiday, year: 2101 }))).toEqual({ year: YEAR });
    expect(errorsOf(HolidayInputSchema.safeParse({ ...holiday, fromYear: 1899 }))).toEqual({ fromYear: YEAR });
    expect(HolidayInputSchema.safeParse({ ...holiday, year: 2100 }).success).toBe(true);
    expect(errorsOf(ListHolidaysQuerySchema.safeParse({ year: '1500' }))).toEqual({ year: YEAR });
    expect(errorsOf(ListHolidaysQuerySchema.safeParse({ year: 'duemila' }))).toEqual({ year: 'Valore non valido' });

    const req = { justificationId: '00000000-0000-4000-8000-000000000000', wholeDay: true };
    expect(errorsOf(MemberRequestInputSchema.safeParse({ ...req, date: '3000-01-01' }))).toEqual({ date: RANGE });
    expect(
      errorsOf(MemberRequestInputSchema.safeParse({ ...req, startDate: '1500-01-01', endDate: '1500-01-03' })),
    ).toMatchObject({ startDate: RANGE, endDate: RANGE });
    expect(errorsOf(AttendanceDataQuerySchema.safeParse({ from: '0001-01-01', to: '0001-01-31' }))).toMatchObject({
      from: RANGE,
      to: RANGE,
    });
    expect(errorsOf(TimesheetQuerySchema.safeParse({ from: '2101-01-01', to: '2101-01-31' }))).toMatchObject({
      from: RANGE,
      to: RANGE,
    });

    expect(errorsOf(LocalDateTimeSchema.safeParse('1500-01-01 09:00:00'))).toEqual({ '': RANGE });
    expect(errorsOf(LocalDateTimeSchema.safeParse('2026-02-30 09:00:00'))).toEqual({
      '': 'Inserisci data e ora (AAAA-MM-GG HH:mm:ss)',
    });
    expect(errorsOf(AdminPunchInputSchema.safeParse({ at: '0001-01-01 09:00', direction: 'in', reason: 'x' }))).toEqual(
      { at: RANGE },
    );
    // Found by the fuzzing suite: a value without a time part made the date check throw (a 500) instead of answer.
    for (const at of ['../../etc/passwd', '1-@:z@^;qj', '2026-11-27'])
      expect(errorsOf(LocalDateTimeSchema.safeParse(at))).toEqual({ '': 'Inserisci data e ora (AAAA-MM-GG HH:mm:ss)' });
  });
});

describe('text refuses control characters and bidi overrides', () => {
  const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
  const controls = [
    '\u0000',
    '\u0001',
    '\u0007',
    '\u0008',
    '\u000B',
    '\u000C',
    '\u001B',
    '\u001F',
    '\u007F',
    '\u0080',
    '\u0085',
    '\u009F',
  ];

  it('single-line text (requiredString, optionalString) refuses C0/C1 controls, tab, line breaks and bidi controls', () => {
    const required = requiredString('Inserisci il nome', 100);
    const optional = optionalString(100);
    for (const c of [...bidi, ...controls, '\t', '\n', '\r']) {
      const value = `Team${c}evil`;
      expect(
        required.safeParse(value).error?.issues.map((i) => i.message),
        JSON.stringify(c),
      ).toEqual([CHARS]);
      expect(
        optional.safeParse(value).error?.issues.map((i) => i.message),
        JSON.stringify(c),
      ).toEqual([CHARS]);
    }
    // Ordinary text, accents, other scripts and the marks that Arabic and Hebrew need stay allowed.
    for (const ok of [
      'Magazzino Nord',
      "Sant'Agata — Ufficio",
      'Zoë Ünal',
      'فريق المبيعات',
      'צוות\u200F',
      'Team 🚀',
      'a\u00A0b',
    ]) {
      expect(required.safeParse(ok).success, ok).toBe(true);
      expect(optional.safeParse(ok).success, ok).toBe(true);
    }
    // Surrounding whitespace (line breaks included) is trimmed, not refused.
    expect(required.parse('  Team\n')).toBe('Team');
    expect(optional.parse('\t')).toBeNull();
  });

  it('multi-line text keeps tab and line breaks and refuses the rest', () => {
    const note = multilineText(500);
    const reason = requiredMultilineText('Indica il motivo', 300);
    expect(note.parse('Riga uno\r\nRiga due\n\tfine')).toBe('Riga uno\r\nRiga due\n\tfine');
    expect(reason.parse('Badge dimenticato\nin ufficio')).toBe('Badge dimenticato\nin ufficio');
    expect(note.parse('')).toBeNull();
    expect(reason.safeParse(' ').error!.issues.map((i) => i.message)).toEqual(['Indica il motivo']);
    for (const c of [...bidi, ...controls]) {
      expect(
        note.safeParse(`a${c}b`).error?.issues.map((i) => i.message),
        JSON.stringify(c),
      ).toEqual([CHARS]);
      expect(
        reason.safeParse(`a${c}b`).error?.issues.map((i) => i.message),
        JSON.stringify(c),
      ).toEqual([CHARS]);
    }
  });

  it('applies to names and to notes, descriptions and reasons of the schemas', () => {
    expect(errorsOf(GroupInputSchema.safeParse({ name: 'Team\u202Eevil' }))).toEqual({ name: CHARS });
    expect(
      errorsOf(
        TemplateDayInputSchema.safeParse({
          name: 'Mattina\u2066',
          timeSlots: [{ startsAtMinutes: 540, endsAtMinutes: 780 }],
        }),
      ),
    ).toEqual({ name: CHARS });
    expect(errorsOf(WorkspaceCompanySchema.safeParse({ name: 'Demo\u0000 S.r.l.', email: 'info@demo.it' }))).toEqual({
      name: CHARS,
    });
    const req = { justificationId: '00000000-0000-4000-8000-000000000000', wholeDay: true, date: '2026-06-04' };
    expect(MemberRequestInputSchema.parse({ ...req, note: 'Visita medica\nal mattino' }).note).toBe(
      'Visita medica\nal mattino',
    );
    expect(errorsOf(MemberRequestInputSchema.safeParse({ ...req, note: 'ok\u202Egnp.exe' }))).toEqual({ note: CHARS });
    expect(
      RequestDecisionInputSchema.parse({ ids: ['00000000-0000-4000-8000-000000000000'], note: 'Va bene.\nBuone ferie' })
        .note,
    ).toBe('Va bene.\nBuone ferie');
    expect(
      errorsOf(
        RequestDecisionInputSchema.safeParse({
          ids: ['00000000-0000-4000-8000-000000000000'],
          note: '\u001B[31mrosso',
        }),
      ),
    ).toEqual({ note: CHARS });
    expect(PunchDeleteInputSchema.parse({ reason: 'Doppia\ntimbratura' }).reason).toBe('Doppia\ntimbratura');
    expect(errorsOf(PunchDeleteInputSchema.safeParse({ reason: 'x\u0007' }))).toEqual({ reason: CHARS });
    const contract = {
      type: 'fixed',
      workerType: 'employee',
      permanent: true,
      startsAt: '2026-01-01',
      timeSlots: [{ weekday: 1, startsAtMinutes: 540, endsAtMinutes: 1080 }],
    };
    expect(ContractInputSchema.parse({ ...contract, description: 'Part-time\nverticale' }).description).toBe(
      'Part-time\nverticale',
    );
    expect(errorsOf(ContractInputSchema.safeParse({ ...contract, description: 'x\u2067y' }))).toEqual({
      description: CHARS,
    });
    expect(errorsOf(ContractInputSchema.safeParse({ ...contract, qualification: 'Impiegato\ttecnico' }))).toEqual({
      qualification: CHARS,
    });
  });
});

describe('what a day can hold', () => {
  it('a quantity is at most 24 hours or 1 day; the open time of a day is 24 h − worked − other credits, never negative', () => {
    expect(DAY_MINUTES).toBe(1440);
    expect(maxRequestAmount('hour')).toBe(24);
    expect(maxRequestAmount('day')).toBe(1);
    expect(openDayMinutes(0, 0)).toBe(1440);
    expect(openDayMinutes(480, 0)).toBe(960);
    expect(openDayMinutes(480, 600)).toBe(360);
    expect(openDayMinutes(900, 900)).toBe(0);
    expect(openDayMinutes(-5, 0)).toBe(1440);
  });
});
