import type { Planning, ShiftWarning, Swap, WorkShift, WorkShiftDetail } from '@timbro/shared';
import { currentInfoOn, json, sessionOf } from '../../../testing/fake-api';

/** Test data of the admin's work-shift pages (ids are UUIDs, as the server's). */

export const ID = {
  mario: '00000000-0000-4000-8000-000000000001',
  giulia: '00000000-0000-4000-8000-000000000002',
  luca: '00000000-0000-4000-8000-000000000003',
  night: '00000000-0000-4000-8000-0000000000a1',
  morning: '00000000-0000-4000-8000-0000000000a2',
  evening: '00000000-0000-4000-8000-0000000000a3',
  template: '00000000-0000-4000-8000-0000000000b1',
  swap: '00000000-0000-4000-8000-0000000000c1',
} as const;

export const adminSession = sessionOf();

/** The workspace's today (a Friday) and zone. */
export const workspaceToday = {
  'GET /attendance/user-info/current': () => json(200, currentInfoOn('2026-11-20')),
};

export const lookups = {
  'GET /attendance/ajax/groups': () =>
    json(200, [
      { id: 'g-ward', name: 'Reparto A' },
      { id: 'g-kitchen', name: 'Cucina' },
    ]),
  'GET /ajax/users': () =>
    json(200, [
      { id: ID.mario, name: 'Mario Rossi', enabled: true },
      { id: ID.giulia, name: 'Giulia Esposito', enabled: true },
      { id: ID.luca, name: 'Luca Bianchi', enabled: true },
    ]),
  'GET /attendance/ajax/template-days': () =>
    json(200, [
      {
        id: ID.template,
        name: 'Mattina',
        description: null,
        minutes: 360,
        timeSlots: [
          {
            startsAtMinutes: 360,
            endsAtMinutes: 720,
            pauseStartsAtMinutes: null,
            pauseEndsAtMinutes: null,
            description: null,
            descriptionColorRgb: null,
          },
        ],
      },
    ]),
};

export const people = {
  mario: { id: ID.mario, firstName: 'Mario', lastName: 'Rossi' },
  giulia: { id: ID.giulia, firstName: 'Giulia', lastName: 'Esposito' },
  luca: { id: ID.luca, firstName: 'Luca', lastName: 'Bianchi' },
};

export function warning(over: Partial<ShiftWarning> = {}): ShiftWarning {
  return {
    rule: 'daily_rest',
    userInfoId: ID.mario,
    name: 'Rossi Mario',
    date: '2026-11-19',
    shiftIds: [ID.night],
    minutes: 480,
    message: 'Riposo giornaliero di 8 h: la legge chiede 11 ore consecutive (D.Lgs. 66/2003, art. 7)',
    ...over,
  };
}

export function shift(over: Partial<WorkShift> = {}): WorkShift {
  return {
    id: ID.morning,
    date: '2026-11-16',
    startMinutes: 360,
    endMinutes: 840,
    pauseMinutes: 30,
    minutes: 450,
    startsAt: '2026-11-16T05:00:00.000Z',
    endsAt: '2026-11-16T13:00:00.000Z',
    label: 'Mattina',
    color: null,
    status: 'published',
    publishedAt: '2026-11-10T09:00:00.000Z',
    swapped: false,
    version: 1,
    templateId: null,
    assignees: [people.mario],
    warnings: [],
    overrideNote: null,
    openSwaps: 0,
    updatedAt: '2026-11-10T09:00:00.000Z',
    ...over,
  };
}

/** Mario's overnight draft of Wednesday 18 (22:00–06:00, with a rest warning). */
export const nightDraft = () =>
  shift({
    id: ID.night,
    date: '2026-11-18',
    startMinutes: 1320,
    endMinutes: 360,
    pauseMinutes: 0,
    minutes: 480,
    startsAt: '2026-11-18T21:00:00.000Z',
    endsAt: '2026-11-19T05:00:00.000Z',
    label: 'Notte',
    status: 'draft',
    publishedAt: null,
    warnings: [warning()],
  });

/** A week: Mario (morning published Monday, night draft Wednesday), Giulia (absent Tuesday), Luca; Thursday 19 a holiday. */
export function planning(over: Partial<Planning> = {}): Planning {
  return {
    from: '2026-11-16',
    to: '2026-11-22',
    people: [
      { ...people.luca, contractType: 'turn_based' },
      { ...people.giulia, contractType: 'turn_based' },
      { ...people.mario, contractType: 'turn_based' },
    ],
    total: 3,
    page: 1,
    perPage: 25,
    shifts: [
      shift(),
      nightDraft(),
      shift({
        id: ID.evening,
        date: '2026-11-17',
        startMinutes: 840,
        endMinutes: 1320,
        label: null,
        swapped: true,
        assignees: [people.luca],
      }),
    ],
    absences: [{ userInfoId: ID.giulia, date: '2026-11-17', name: 'Ferie', wholeDay: true }],
    holidays: [{ date: '2026-11-19', name: 'Festa del patrono', icon: 'church' }],
    drafts: 1,
    ...over,
  };
}

export function swap(over: Partial<Swap> = {}): Swap {
  const ref = (s: WorkShift) => ({
    id: s.id,
    date: s.date,
    startMinutes: s.startMinutes,
    endMinutes: s.endMinutes,
    pauseMinutes: s.pauseMinutes,
    minutes: s.minutes,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    label: s.label,
    color: s.color,
  });
  return {
    id: ID.swap,
    status: 'waiting_admin',
    targetStatus: 'accepted',
    note: null,
    requester: people.mario,
    target: people.giulia,
    sourceShift: ref(nightDraft()),
    targetShift: ref(shift({ assignees: [people.giulia] })),
    answerNote: null,
    answeredAt: '2026-11-12T10:00:00.000Z',
    decisionNote: null,
    decidedAt: null,
    decidedBy: null,
    autoReason: null,
    createdAt: '2026-11-11T10:00:00.000Z',
    ...over,
  };
}

export function detail(over: Partial<WorkShiftDetail> = {}): WorkShiftDetail {
  return { ...nightDraft(), swaps: [], ...over };
}
