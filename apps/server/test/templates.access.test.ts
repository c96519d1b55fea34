import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { templateDays, templateWeeks } from '../src/db/schema';
import { templateRoutes } from '../src/modules/templates/templates.routes';
import { adminRecordRoutes, describeAccessTable, type AccessRoute } from './access-table';
import {
  countRows,
  expect400,
  expectError,
  expectWriteRefused,
  fieldErrors,
  useDemoContext,
  type DemoContext,
} from './helpers';
import { seededTemplates, split } from './templates.fixtures';

/** Daily and weekly templates: the access table and what a new daily template is refused for; the rest is in templates.routes.test.ts. */

let { ctx, admin, accountant, member } = {} as DemoContext;
/** Beta's templates, which Demo must never reach; Demo's seeded ones (the access table's records). */
let beta: Awaited<ReturnType<typeof seededTemplates>>;
let demo: typeof beta;

const { asAdmin } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  beta = await seededTemplates(ctx, ctx.ws.beta);
  demo = await seededTemplates(ctx, ctx.ws.demo);
});

const DAY = { name: 'Prova di accesso', timeSlots: [{ startsAtMinutes: 540, endsAtMinutes: 780 }] };
const WEEK = () => ({ name: 'Prova di accesso', days: [{ weekday: 1, templateDayId: demo.templateDay }] });
const TEMPLATE_ROUTES: AccessRoute[] = [
  ...adminRecordRoutes({
    path: '/admin/template-day',
    body: () => DAY,
    id: () => demo.templateDay,
    foreignId: () => beta.templateDay,
    notFound: 'Modello giornaliero non trovato',
  }),
  {
    route: 'GET /attendance/ajax/template-days',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/ajax/template-days' }),
    probeStatus: 200,
  },
  ...adminRecordRoutes({
    path: '/admin/template-week',
    body: WEEK,
    id: () => demo.templateWeek,
    foreignId: () => beta.templateWeek,
    notFound: 'Modello settimanale non trovato',
  }),
  {
    route: 'GET /attendance/ajax/template-weeks',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/ajax/template-weeks' }),
    probeStatus: 200,
  },
];

describeAccessTable(
  {
    module: 'templates',
    routes: TEMPLATE_ROUTES,
    ctx: () => ctx,
    sessions: () => ({ admin, accountant, member }),
    plugins: [templateRoutes],
    routeCount: 12,
  },
  () => {
    it('nothing of the refused or foreign calls was written: the seeded templates are as they were in Demo and in Beta', async () => {
      for (const id of [demo.templateDay, beta.templateDay])
        expect((await ctx.db.select().from(templateDays).where(eq(templateDays.id, id)))[0]).toMatchObject({
          name: 'Giornata standard',
        });
      for (const id of [demo.templateWeek, beta.templateWeek])
        expect((await ctx.db.select().from(templateWeeks).where(eq(templateWeeks.id, id)))[0]).toMatchObject({
          name: 'Tempo pieno 40 ore',
        });
    });
  },
);

describe('POST /admin/template-day', () => {
  it('401 without a session; 403 for a member and the accountant, before validation', async () => {
    await expectWriteRefused(ctx, '/admin/template-day', split, [member, accountant], ctx.ws.demo);
  });

  it('400 with the Italian messages: name, at least one slot, order, pause inside, no overlap, colour', async () => {
    const before = await countRows(ctx, templateDays);
    const s0 = split.timeSlots[0]!;
    await expect400(ctx, asAdmin(), '/admin/template-day', [
      [{}, { name: 'Inserisci il nome', timeSlots: 'Inserisci almeno una fascia oraria' }],
      [{ name: 'x', timeSlots: [] }, { timeSlots: 'Inserisci almeno una fascia oraria' }],
      [{ name: 'x', timeSlots: 'tutto il giorno' }, { timeSlots: 'Inserisci almeno una fascia oraria' }],
      [
        {
          name: 'x',
          timeSlots: Array.from({ length: 11 }, (_, i) => ({ startsAtMinutes: i * 60, endsAtMinutes: i * 60 + 30 })),
        },
        { timeSlots: 'Puoi inserire al massimo 10 fasce orarie' },
      ],
      [
        { ...split, name: 'n'.repeat(101), description: 'd'.repeat(301) },
        { name: 'Massimo 100 caratteri', description: 'Massimo 300 caratteri' },
      ],
      [
        { ...split, timeSlots: [{ ...s0, startsAtMinutes: 720, endsAtMinutes: 480 }] },
        { 'timeSlots.0.endsAtMinutes': "L'orario di fine deve essere dopo quello di inizio" },
      ],
      [
        { ...split, timeSlots: [{ ...s0, endsAtMinutes: 480 }] },
        { 'timeSlots.0.endsAtMinutes': "L'orario di fine deve essere dopo quello di inizio" },
      ],
      // A negative start is out of the day, which the slot rule reports on the end as well.
      [
        { ...split, timeSlots: [{ ...s0, startsAtMinutes: -1 }] },
        {
          'timeSlots.0.startsAtMinutes': 'Orario non valido',
          'timeSlots.0.endsAtMinutes': "L'orario di fine deve essere dopo quello di inizio",
        },
      ],
      [{ ...split, timeSlots: [{ ...s0, endsAtMinutes: 1441 }] }, { 'timeSlots.0.endsAtMinutes': 'Orario non valido' }],
      [
        { ...split, timeSlots: [{ ...s0, startsAtMinutes: '08:00' }] },
        { 'timeSlots.0.startsAtMinutes': 'Orario non valido' },
      ],
      [
        { ...split, timeSlots: [{ ...s0, endsAtMinutes: 600.5 }] },
        { 'timeSlots.0.endsAtMinutes': 'Orario non valido' },
      ],
      [
        { ...split, timeSlots: [{ ...s0, pauseStartsAtMinutes: 600 }] },
        { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" },
      ],
      [
        { ...split, timeSlots: [{ ...s0, pauseStartsAtMinutes: 450, pauseEndsAtMinutes: 500 }] },
        { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" },
      ],
      [
        { ...split, timeSlots: [{ ...s0, pauseStartsAtMinutes: 600, pauseEndsAtMinutes: 720 }] },
        { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" },
      ],
      [
        { ...split, timeSlots: [{ ...s0, pauseStartsAtMinutes: 660, pauseEndsAtMinutes: 600 }] },
        { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" },
      ],
      [
        { ...split, timeSlots: [s0, { startsAtMinutes: 700, endsAtMinutes: 800 }] },
        { 'timeSlots.1.startsAtMinutes': 'Si sovrappone a un’altra fascia dello stesso giorno' },
      ],
      [
        { ...split, timeSlots: [s0, { startsAtMinutes: 400, endsAtMinutes: 1000 }] },
        { 'timeSlots.1.startsAtMinutes': 'Si sovrappone a un’altra fascia dello stesso giorno' },
      ],
      [
        { ...split, timeSlots: [{ ...s0, descriptionColorRgb: 'rosso' }] },
        { 'timeSlots.0.descriptionColorRgb': 'Il colore non è valido (formato #RRGGBB)' },
      ],
      [
        { ...split, timeSlots: [{ ...s0, descriptionColorRgb: '#12345G' }] },
        { 'timeSlots.0.descriptionColorRgb': 'Il colore non è valido (formato #RRGGBB)' },
      ],
      [
        { ...split, timeSlots: [{ ...s0, description: 'd'.repeat(101) }] },
        { 'timeSlots.0.description': 'Massimo 100 caratteri' },
      ],
    ]);
    expect(await countRows(ctx, templateDays)).toBe(before);
  });

  it('409 for a name in use, whatever the case', async () => {
    for (const name of ['giornata STANDARD', ' mattina ']) {
      const res = await ctx.post('/admin/template-day', { ...split, name }, asAdmin());
      expect(expectError(res, 409, 'CONFLICT').message).toBe('Esiste già un elemento con questo nome');
      expect(fieldErrors(res)).toEqual({ name: 'Esiste già un elemento con questo nome' });
    }
  });
});
