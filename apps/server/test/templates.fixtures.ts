import { templateDays, templateWeeks } from '../src/db/schema';
import { seededId, type TestContext } from './helpers';

/** What templates.routes.test.ts and templates.access.test.ts share: the seeded templates and a daily template's body. */

/** A workspace's seeded templates: the daily "Giornata standard" and the weekly "Tempo pieno 40 ore". */
export async function seededTemplates(ctx: TestContext, workspaceId: string) {
  return {
    templateDay: await seededId(ctx, templateDays, workspaceId, templateDays.name, 'Giornata standard'),
    templateWeek: await seededId(ctx, templateWeeks, workspaceId, templateWeeks.name, 'Tempo pieno 40 ore'),
  };
}

/** A daily template in two slots: a morning without a pause, an afternoon with one. */
export const split = {
  name: 'Spezzato',
  description: 'Mattina e pomeriggio',
  timeSlots: [
    { startsAtMinutes: 480, endsAtMinutes: 720, description: 'Mattina', descriptionColorRgb: '#e8a33d' },
    {
      startsAtMinutes: 900,
      endsAtMinutes: 1140,
      pauseStartsAtMinutes: 1020,
      pauseEndsAtMinutes: 1035,
      description: 'Pomeriggio',
      descriptionColorRgb: '#fff',
    },
  ],
};

/** A slot as the API answers it: every field present, null where the body left it out. */
export function slotOut(slot: {
  startsAtMinutes: number;
  endsAtMinutes: number;
  pauseStartsAtMinutes?: number | null;
  pauseEndsAtMinutes?: number | null;
  description?: string | null;
  descriptionColorRgb?: string | null;
}) {
  return {
    pauseStartsAtMinutes: null,
    pauseEndsAtMinutes: null,
    description: null,
    descriptionColorRgb: null,
    ...slot,
  };
}
