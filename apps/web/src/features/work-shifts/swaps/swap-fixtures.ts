import type { MyShift, ShiftRef, ShiftWarning, Swap, SwapDetail } from '@timbro/shared';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadCatalogArea } from '../../../i18n/i18n';
import { demoUserWith, sessionOf } from '../../../testing/fake-api';

/** Test data of the member's shifts and the swap screens. "Now" is 2026-11-20 10:00 UTC (a Friday). */
export const NOW = new Date('2026-11-20T10:00:00.000Z');

/** Registers what a test file of these screens needs: their catalogs, and with `clock` the date fixed at NOW. */
export function setUpShiftScreens({ clock }: { clock: boolean }) {
  beforeAll(async () => {
    await Promise.all([loadCatalogArea('workShifts'), loadCatalogArea('shiftSwaps')]);
  });
  if (!clock) return;
  beforeEach(() => {
    // Only Date: "now" is Friday 20 November 2026, 11:00 in Rome.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());
}

/** An employee of Demo and nothing else, with an employee record of their own (ui-<key>). */
const employee = (key: string, first: string, last: string) =>
  demoUserWith(
    { admin: false, accountant: false, member: true },
    {
      id: `u-${key}`,
      first_name: first,
      last_name: last,
      attendance_infos: [
        {
          workspace_id: 'ws-demo',
          user_info_id: `ui-${key}`,
          enabled: true,
          workspace_attendance_auto_approve_request: false,
          time_zone: 'Europe/Rome',
        },
      ],
    },
  );

/** Mario Rossi, an employee (his employee record: ui-mario). */
export const marioSession = sessionOf(employee('mario', 'Mario', 'Rossi'));

/** Giulia Esposito, Mario's colleague (ui-giulia). */
export const giuliaSession = sessionOf(employee('giulia', 'Giulia', 'Esposito'));

/** Anna Bianchi, the admin. */
export const adminSession = sessionOf();

export const mario = { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi' };
export const giulia = { id: 'ui-giulia', firstName: 'Giulia', lastName: 'Esposito' };
export const luca = { id: 'ui-luca', firstName: 'Luca', lastName: 'Ferri' };

/** A shift of the day `date` (Rome is UTC+1 in November): 09:00–17:00 with a 60-minute pause unless told. */
export function shiftRef(over: Partial<ShiftRef> & { date: string }): ShiftRef {
  const start = over.startMinutes ?? 540;
  const end = over.endMinutes ?? 1020;
  const span = end > start ? end - start : end + 1440 - start;
  const pause = over.pauseMinutes ?? 60;
  const startsAt = new Date(Date.parse(`${over.date}T00:00:00.000Z`) + (start - 60) * 60_000);
  return {
    id: `s-${over.date}`,
    startMinutes: start,
    endMinutes: end,
    pauseMinutes: pause,
    minutes: span - pause,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + span * 60_000).toISOString(),
    label: null,
    color: null,
    ...over,
  };
}

export const myShift = (over: Partial<MyShift> & { date: string }): MyShift => ({
  ...shiftRef(over),
  swapped: false,
  openSwapId: null,
  ...over,
});

export function warning(over: Partial<ShiftWarning> = {}): ShiftWarning {
  return {
    rule: 'daily_rest',
    userInfoId: 'ui-giulia',
    name: 'Giulia Esposito',
    date: '2026-11-24',
    shiftIds: ['s-2026-11-24'],
    minutes: 480,
    message: 'Riposo giornaliero di 8 h: la legge chiede 11 ore consecutive (D.Lgs. 66/2003, art. 7)',
    ...over,
  };
}

/** Mario asks Giulia: his Tuesday night for her Wednesday afternoon. */
export function swap(over: Partial<Swap> = {}): Swap {
  return {
    id: 'sw-1',
    status: 'waiting_colleague',
    targetStatus: 'pending',
    note: 'Ho una visita medica martedì sera',
    requester: mario,
    target: giulia,
    sourceShift: shiftRef({ id: 's-mario', date: '2026-11-24', startMinutes: 1320, endMinutes: 360, pauseMinutes: 30 }),
    targetShift: shiftRef({
      id: 's-giulia',
      date: '2026-11-25',
      startMinutes: 840,
      endMinutes: 1320,
      pauseMinutes: 30,
    }),
    answerNote: null,
    answeredAt: null,
    decisionNote: null,
    decidedAt: null,
    decidedBy: null,
    autoReason: null,
    createdAt: '2026-11-20T08:30:00.000Z',
    ...over,
  };
}

export function swapDetail(
  over: Partial<SwapDetail> = {},
  warnings: SwapDetail['warnings'] = { requester: null, target: null },
): SwapDetail {
  return { ...swap(over), warnings, ...over };
}

export const page = <T>(items: T[], total = items.length) => ({ items, total, page: 1, perPage: 25 });
