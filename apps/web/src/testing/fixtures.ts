import type { JustificationRequest } from '@timbro/shared';

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
