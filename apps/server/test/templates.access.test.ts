import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDays, templateWeeks } from '../src/db/schema';
import { templateRoutes } from '../src/modules/templates/templates.routes';
import { describeAccessTable, type AccessRoute } from './access-table';
import {
  countRows,
  createTestContext,
  expect400,
  expectError,
  fieldErrors,
  loginDemoRoles,
  type RequestOptions,
  type Session,
  type TestContext,
} from './helpers';

/** Daily and weekly templates: the access table and what a new daily template is refused for; the rest is in templates.routes.test.ts. */

let ctx: TestContext;
let admin: Session;
let accountant: Session;
let member: Session;

/** Beta's templates, which Demo must never reach; Demo's seeded ones (the access table's records). */
const beta = { templateDay: '', templateWeek: '' };
const demo = { templateDay: '', templateWeek: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, accountant, member } = await loginDemoRoles(ctx));
  for (const [target, ws] of [
    [beta, ctx.ws.beta],
    [demo, ctx.ws.demo],
  ] as const) {
    target.templateDay = (
      await ctx.db
        .select()
        .from(templateDays)
        .where(and(eq(templateDays.workspaceId, ws), eq(templateDays.name, 'Giornata standard')))
    )[0]!.id;
    target.templateWeek = (
      await ctx.db
        .select()
        .from(templateWeeks)
        .where(and(eq(templateWeeks.workspaceId, ws), eq(templateWeeks.name, 'Tempo pieno 40 ore')))
    )[0]!.id;
  }
});
afterAll(async () => {
  await ctx?.close();
});

const inDemo = (session: Session, query?: RequestOptions['query']): RequestOptions => ({
  session,
  workspace: ctx.ws.demo,
  ...(query ? { query } : {}),
});
const asAdmin = (query?: RequestOptions['query']) => inDemo(admin, query);

const DAY = { name: 'Prova di accesso', timeSlots: [{ startsAtMinutes: 540, endsAtMinutes: 780 }] };
const WEEK = () => ({ name: 'Prova di accesso', days: [{ weekday: 1, templateDayId: demo.templateDay }] });
const TEMPLATE_ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/template-day',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/template-day' }),
    probeStatus: 200,
  },
  {
    route: 'GET /attendance/ajax/template-days',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/ajax/template-days' }),
    probeStatus: 200,
  },
  {
    route: 'POST /admin/template-day',
    grants: ['admin'],
    call: () => ({ url: '/admin/template-day', body: DAY }),
    probe: () => ({ url: '/admin/template-day', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/template-day/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/template-day/${demo.templateDay}` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/template-day/${beta.templateDay}` }),
      message: 'Modello giornaliero non trovato',
    },
  },
  {
    route: 'POST /admin/template-day/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/template-day/${demo.templateDay}`, body: DAY }),
    probe: () => ({ url: `/admin/template-day/${demo.templateDay}`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/template-day/${beta.templateDay}`, body: DAY }),
      message: 'Modello giornaliero non trovato',
    },
  },
  {
    route: 'DELETE /admin/template-day/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/template-day/${demo.templateDay}` }),
    probe: () => ({ url: '/admin/template-day/x' }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/template-day/${beta.templateDay}` }),
      message: 'Modello giornaliero non trovato',
    },
  },
  {
    route: 'GET /admin/template-week',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/template-week' }),
    probeStatus: 200,
  },
  {
    route: 'GET /attendance/ajax/template-weeks',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/ajax/template-weeks' }),
    probeStatus: 200,
  },
  {
    route: 'POST /admin/template-week',
    grants: ['admin'],
    call: () => ({ url: '/admin/template-week', body: WEEK() }),
    probe: () => ({ url: '/admin/template-week', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/template-week/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/template-week/${demo.templateWeek}` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/template-week/${beta.templateWeek}` }),
      message: 'Modello settimanale non trovato',
    },
  },
  {
    route: 'POST /admin/template-week/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/template-week/${demo.templateWeek}`, body: WEEK() }),
    probe: () => ({ url: `/admin/template-week/${demo.templateWeek}`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/template-week/${beta.templateWeek}`, body: WEEK() }),
      message: 'Modello settimanale non trovato',
    },
  },
  {
    route: 'DELETE /admin/template-week/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/template-week/${demo.templateWeek}` }),
    probe: () => ({ url: '/admin/template-week/x' }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/template-week/${beta.templateWeek}` }),
      message: 'Modello settimanale non trovato',
    },
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

const split = {
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

describe('POST /admin/template-day', () => {
  it('401 without a session; 403 for a member and the accountant, before validation', async () => {
    expectError(await ctx.post('/admin/template-day', split), 401, 'UNAUTHENTICATED');
    for (const s of [member, accountant]) {
      expectError(await ctx.post('/admin/template-day', split, inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.post('/admin/template-day', {}, inDemo(s)), 403, 'FORBIDDEN');
    }
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
