import type { JustificationRequest, TemplateWeek } from '@timbro/shared';

/** Records the component tests of several features share (each test says what its own differ in). */

/** A time slot of a day at the office: 9–18 with a 13–14 pause. */
export const officeSlot = {
  startsAtMinutes: 540,
  endsAtMinutes: 1080,
  pauseStartsAtMinutes: 780,
  pauseEndsAtMinutes: 840,
  description: 'Ufficio',
  descriptionColorRgb: '#1A415B',
};

/** The full-time weekly template: the office slot Monday to Friday (40 hours). */
export const week40: TemplateWeek = {
  id: 'tw-40',
  name: 'Tempo pieno 40 ore',
  description: null,
  days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, templateDayId: 'td-1', templateDayName: 'Giornata standard' })),
  timeSlots: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...officeSlot })),
  weeklyMinutes: 2400,
};

/** Mario Rossi's open request of a whole day of holiday (FER), as the API answers it. */
export function absenceRequest(over: Partial<JustificationRequest> = {}): JustificationRequest {
  return {
    id: 'r-1',
    userInfoId: 'ui-mario',
    employee: { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi' },
    justification: { id: 'j-fer', code: 'FER', name: 'Ferie', unit: 'day', impact: 'nothing' },
    date: '2026-11-01',
    category: 'regular',
    wholeDay: true,
    startsAtMinutes: null,
    endsAtMinutes: null,
    amount: 1,
    certificateCode: null,
    note: null,
    status: 'open',
    batchId: null,
    decidedAt: null,
    decisionNote: null,
    createdAt: '2026-10-20T09:00:00Z',
    ...over,
  };
}
