import { randomUUID } from 'node:crypto';
import type { TemplateDay, TemplateWeek } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { templateWeeks } from '../src/db/schema';
import { OFFICE_SLOT } from './factories';
import {
  auditOf,
  countRows,
  expect400,
  expectError,
  expectForeignRecordsHidden,
  expectWriteRefused,
  fieldErrors,
  useDemoContext,
  type DemoContext,
  type RequestOptions,
} from './helpers';
import { seededTemplates, slotOut, split } from './templates.fixtures';

/** Daily and weekly templates: the admin pages and the lookups; the access table and a new daily template's refusals are in templates.access.test.ts. */

let { ctx, admin, accountant, member } = {} as DemoContext;
/** Beta's templates, which Demo must never reach. */
let beta: Awaited<ReturnType<typeof seededTemplates>>;

const { inDemo, asAdmin, inBeta } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  beta = await seededTemplates(ctx, ctx.ws.beta);
});

const MORNING_SLOT = {
  startsAtMinutes: 480,
  endsAtMinutes: 720,
  pauseStartsAtMinutes: null,
  pauseEndsAtMinutes: null,
  description: 'Mattina',
  descriptionColorRgb: '#E8A33D',
};
const days: Record<string, string> = {};
const weeks: Record<string, string> = {};

async function listDays(url = '/admin/template-day', opts: RequestOptions = asAdmin()) {
  const res = await ctx.get(url, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TemplateDay[];
}
async function listWeeks(url = '/admin/template-week', opts: RequestOptions = asAdmin()) {
  const res = await ctx.get(url, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TemplateWeek[];
}

describe('GET /admin/template-day and /attendance/ajax/template-days', () => {
  it('401; admins and accountants read the two seeded daily templates with their slots and minutes', async () => {
    expectError(await ctx.get('/admin/template-day'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/attendance/ajax/template-days'), 401, 'UNAUTHENTICATED');
    const list = await listDays();
    expect(list).toEqual([
      {
        id: expect.any(String),
        name: 'Giornata standard',
        description: '9–18 con pausa pranzo',
        timeSlots: [OFFICE_SLOT],
        minutes: 480,
      },
      {
        id: expect.any(String),
        name: 'Mattina',
        description: 'Part-time 8–12',
        timeSlots: [MORNING_SLOT],
        minutes: 240,
      },
    ]);
    days.standard = list[0]!.id;
    days.morning = list[1]!.id;
    for (const s of [admin, accountant]) expect(await listDays('/admin/template-day', inDemo(s))).toEqual(list);
    expectError(await ctx.get('/admin/template-day', inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant, member])
      expect(await listDays('/attendance/ajax/template-days', inDemo(s))).toEqual(list);
    expect((await listDays('/admin/template-day', inBeta())).map((d) => d.id)).toContain(beta.templateDay);
    expect(list.map((d) => d.id)).not.toContain(beta.templateDay);
  });
});

describe('POST /admin/template-day', () => {
  it('creates a daily template (touching slots are fine; minutes without the pause); audited', async () => {
    const res = await ctx.post('/admin/template-day', split, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Spezzato',
      description: 'Mattina e pomeriggio',
      timeSlots: split.timeSlots.map(slotOut),
      minutes: 240 + 225,
    });
    days.split = res.json().id;
    expect((await auditOf(ctx, res))[0]).toMatchObject({
      action: 'template-day.create',
      entityType: 'template-day',
      entityId: days.split,
      actorUserId: admin.userId,
    });

    const touching = await ctx.post(
      '/admin/template-day',
      {
        name: 'Fino a mezzanotte',
        timeSlots: [
          { startsAtMinutes: 1080, endsAtMinutes: 1440 },
          { startsAtMinutes: 900, endsAtMinutes: 1080 },
        ],
      },
      asAdmin(),
    );
    expect(touching.statusCode, touching.body).toBe(200);
    expect(touching.json()).toMatchObject({ description: null, minutes: 540 });
    days.late = touching.json().id;
    expect((await listDays()).map((d) => d.name)).toEqual([
      'Fino a mezzanotte',
      'Giornata standard',
      'Mattina',
      'Spezzato',
    ]);
  });
});

describe('GET, POST and DELETE /admin/template-day/{id}', () => {
  it('401, 400, 403 for a member and the accountant on writes, 404 for Beta’s template and an unknown id', async () => {
    const url = `/admin/template-day/${days.split}`;
    expectError(await ctx.get(url), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post(url, split), 401, 'UNAUTHENTICATED');
    expectError(await ctx.del(url), 401, 'UNAUTHENTICATED');
    for (const res of [
      await ctx.get('/admin/template-day/x', asAdmin()),
      await ctx.post('/admin/template-day/x', split, asAdmin()),
      await ctx.del('/admin/template-day/x', asAdmin()),
    ]) {
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res)).toEqual({ id: 'Identificativo non valido' });
    }
    await expect400(ctx, asAdmin(), url, [
      [{ ...split, timeSlots: [] }, { timeSlots: 'Inserisci almeno una fascia oraria' }],
    ]);
    for (const s of [member, accountant]) {
      expectError(await ctx.post(url, split, inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.del(url, inDemo(s)), 403, 'FORBIDDEN');
    }
    for (const s of [admin, accountant])
      await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [
        { method: 'GET', url: `/admin/template-day/${beta.templateDay}` },
      ]);
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/template-day/${beta.templateDay}`, body: { ...split, name: 'Nuovo nome' } },
      // Even with a name Demo already uses: the record is not there, so 404 before any conflict.
      {
        method: 'POST',
        url: `/admin/template-day/${beta.templateDay}`,
        body: { name: 'Giornata standard', timeSlots: [OFFICE_SLOT] },
      },
      { method: 'DELETE', url: `/admin/template-day/${beta.templateDay}` },
    ]);
    for (const res of [
      await ctx.get(`/admin/template-day/${randomUUID()}`, asAdmin()),
      await ctx.post(`/admin/template-day/${randomUUID()}`, { ...split, name: 'Mattina' }, asAdmin()),
      await ctx.del(`/admin/template-day/${randomUUID()}`, asAdmin()),
    ]) {
      expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Modello giornaliero non trovato');
    }
    const betaDay = (await ctx.get(`/admin/template-day/${beta.templateDay}`, inBeta())).json() as TemplateDay;
    expect(betaDay).toMatchObject({ name: 'Giornata standard', timeSlots: [OFFICE_SLOT] });
  });

  it('reads for admins and accountants; edits (409 for another name, own name fine) and replaces the slots; audited', async () => {
    const url = `/admin/template-day/${days.split}`;
    for (const s of [admin, accountant])
      expect((await ctx.get(url, inDemo(s))).json()).toMatchObject({ id: days.split, name: 'Spezzato', minutes: 465 });
    expectError(await ctx.get(url, inDemo(member)), 403, 'FORBIDDEN');
    const clash = await ctx.post(url, { ...split, name: 'MATTINA' }, asAdmin());
    expectError(clash, 409, 'CONFLICT');
    expect(fieldErrors(clash)).toEqual({ name: 'Esiste già un elemento con questo nome' });

    const timeSlots = [
      { startsAtMinutes: 420, endsAtMinutes: 660 },
      { startsAtMinutes: 840, endsAtMinutes: 1080 },
    ];
    const res = await ctx.post(url, { name: 'spezzato', timeSlots }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: days.split,
      name: 'spezzato',
      description: null,
      timeSlots: timeSlots.map(slotOut),
      minutes: 480,
    });
    expect((await auditOf(ctx, res))[0]).toMatchObject({ action: 'template-day.update', entityId: days.split });
    const back = await ctx.post(url, split, asAdmin());
    expect(back.json()).toMatchObject({ name: 'Spezzato', minutes: 465 });
  });
});

describe('GET /admin/template-week and /attendance/ajax/template-weeks', () => {
  it('401; admins and accountants read the two seeded weekly templates with the slots they produce', async () => {
    expectError(await ctx.get('/admin/template-week'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/attendance/ajax/template-weeks'), 401, 'UNAUTHENTICATED');
    const list = await listWeeks();
    expect(list.map((w) => [w.name, w.description, w.weeklyMinutes])).toEqual([
      ['Part-time 20 ore', 'Lunedì–venerdì 8–12', 1200],
      ['Tempo pieno 40 ore', 'Lunedì–venerdì 9–18', 2400],
    ]);
    const full = list[1]!;
    weeks.full = full.id;
    weeks.part = list[0]!.id;
    expect(full.days).toEqual(
      [1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        templateDayId: days.standard,
        templateDayName: 'Giornata standard',
      })),
    );
    expect(full.timeSlots).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...OFFICE_SLOT })));
    expect(list[0]!.timeSlots).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...MORNING_SLOT })));
    for (const s of [admin, accountant]) expect(await listWeeks('/admin/template-week', inDemo(s))).toEqual(list);
    expectError(await ctx.get('/admin/template-week', inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant, member])
      expect(await listWeeks('/attendance/ajax/template-weeks', inDemo(s))).toEqual(list);
    expect(list.map((w) => w.id)).not.toContain(beta.templateWeek);
  });
});

const weekBody = () => ({
  name: 'Settimana spezzata',
  description: 'Lun–ven spezzato, sabato mattina',
  days: [
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, templateDayId: days.split! })),
    { weekday: 6, templateDayId: days.morning! },
  ],
});

describe('POST /admin/template-week', () => {
  it('401 without a session; 403 for a member and the accountant, before validation', async () => {
    await expectWriteRefused(ctx, '/admin/template-week', weekBody(), [member, accountant], ctx.ws.demo);
  });

  it('400 with the Italian messages: name, weekdays, repeated weekdays, daily templates of this workspace', async () => {
    const before = await countRows(ctx, templateWeeks);
    await expect400(ctx, asAdmin(), '/admin/template-week', [
      [{}, { name: 'Inserisci il nome' }],
      [
        { ...weekBody(), name: ' ', description: 'd'.repeat(301) },
        { name: 'Inserisci il nome', description: 'Massimo 300 caratteri' },
      ],
      [
        { ...weekBody(), days: [{ weekday: 0, templateDayId: days.split }] },
        { 'days.0.weekday': 'Giorno della settimana non valido' },
      ],
      [
        { ...weekBody(), days: [{ weekday: 8, templateDayId: days.split }] },
        { 'days.0.weekday': 'Giorno della settimana non valido' },
      ],
      [
        { ...weekBody(), days: [{ templateDayId: days.split }] },
        { 'days.0.weekday': 'Giorno della settimana non valido' },
      ],
      [
        { ...weekBody(), days: [{ weekday: 2.5, templateDayId: days.split }] },
        { 'days.0.weekday': 'Giorno della settimana non valido' },
      ],
      [{ ...weekBody(), days: [{ weekday: 1 }] }, { 'days.0.templateDayId': 'Identificativo non valido' }],
      [
        { ...weekBody(), days: [{ weekday: 1, templateDayId: 'Mattina' }] },
        { 'days.0.templateDayId': 'Identificativo non valido' },
      ],
      [
        {
          ...weekBody(),
          days: [
            { weekday: 1, templateDayId: days.split },
            { weekday: 1, templateDayId: days.morning },
          ],
        },
        { 'days.1.weekday': 'Giorno ripetuto' },
      ],
      [
        {
          ...weekBody(),
          days: [
            { weekday: 1, templateDayId: days.split },
            { weekday: 2, templateDayId: randomUUID() },
          ],
        },
        { 'days.1.templateDayId': 'Modello giornaliero non trovato' },
      ],
      [
        { ...weekBody(), days: [{ weekday: 1, templateDayId: beta.templateDay }] },
        { 'days.0.templateDayId': 'Modello giornaliero non trovato' },
      ],
    ]);
    expect(await countRows(ctx, templateWeeks)).toBe(before);
  });

  it('409 for a name in use, whatever the case', async () => {
    const res = await ctx.post('/admin/template-week', { ...weekBody(), name: 'tempo PIENO 40 ore' }, asAdmin());
    expect(expectError(res, 409, 'CONFLICT').message).toBe('Esiste già un elemento con questo nome');
    expect(fieldErrors(res)).toEqual({ name: 'Esiste già un elemento con questo nome' });
  });

  it('creates a weekly template: one daily template per weekday, the weekly slots and minutes follow; audited', async () => {
    const res = await ctx.post('/admin/template-week', weekBody(), asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json() as TemplateWeek;
    weeks.split = w.id;
    expect(w.days).toEqual([
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, templateDayId: days.split, templateDayName: 'Spezzato' })),
      { weekday: 6, templateDayId: days.morning, templateDayName: 'Mattina' },
    ]);
    expect(w.timeSlots).toHaveLength(11);
    expect(w.timeSlots.filter((s) => s.weekday === 3)).toEqual(
      split.timeSlots.map((s) => ({ weekday: 3, ...slotOut(s) })),
    );
    expect(w.timeSlots.filter((s) => s.weekday === 6)).toEqual([{ weekday: 6, ...MORNING_SLOT }]);
    expect(w.weeklyMinutes).toBe(5 * 465 + 240);
    expect((await auditOf(ctx, res))[0]).toMatchObject({
      action: 'template-week.create',
      entityType: 'template-week',
      entityId: w.id,
    });

    // A week with no days yet is allowed (every day a rest day).
    const empty = await ctx.post('/admin/template-week', { name: 'Da definire' }, asAdmin());
    expect(empty.json()).toMatchObject({ days: [], timeSlots: [], weeklyMinutes: 0, description: null });
    weeks.empty = empty.json().id;
  });
});

describe('GET, POST and DELETE /admin/template-week/{id}', () => {
  it('401, 400, 403 for a member and the accountant on writes, 404 for Beta’s template and an unknown id', async () => {
    const url = `/admin/template-week/${weeks.split}`;
    expectError(await ctx.get(url), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post(url, weekBody()), 401, 'UNAUTHENTICATED');
    expectError(await ctx.del(url), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/template-week/x', asAdmin()), 400, 'VALIDATION_FAILED');
    expectError(await ctx.del('/admin/template-week/x', asAdmin()), 400, 'VALIDATION_FAILED');
    await expect400(ctx, asAdmin(), url, [
      [
        { ...weekBody(), days: [{ weekday: 9, templateDayId: days.split }] },
        { 'days.0.weekday': 'Giorno della settimana non valido' },
      ],
    ]);
    for (const s of [member, accountant]) {
      expectError(await ctx.post(url, weekBody(), inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.del(url, inDemo(s)), 403, 'FORBIDDEN');
    }
    for (const s of [admin, accountant])
      await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [
        { method: 'GET', url: `/admin/template-week/${beta.templateWeek}` },
      ]);
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      {
        method: 'POST',
        url: `/admin/template-week/${beta.templateWeek}`,
        body: { ...weekBody(), name: 'Presa da Demo' },
      },
      {
        method: 'POST',
        url: `/admin/template-week/${beta.templateWeek}`,
        body: { name: 'Tempo pieno 40 ore', days: [{ weekday: 1, templateDayId: beta.templateDay }] },
      },
      { method: 'DELETE', url: `/admin/template-week/${beta.templateWeek}` },
    ]);
    for (const res of [
      await ctx.get(`/admin/template-week/${randomUUID()}`, asAdmin()),
      await ctx.post(`/admin/template-week/${randomUUID()}`, weekBody(), asAdmin()),
      await ctx.del(`/admin/template-week/${randomUUID()}`, asAdmin()),
    ]) {
      expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Modello settimanale non trovato');
    }
    expect((await ctx.get(`/admin/template-week/${beta.templateWeek}`, inBeta())).json()).toMatchObject({
      name: 'Tempo pieno 40 ore',
      weeklyMinutes: 2400,
    });
  });

  it('reads; edits (409 for another name); a daily template’s edit shows in the weeks that use it; audited', async () => {
    const url = `/admin/template-week/${weeks.split}`;
    for (const s of [admin, accountant])
      expect((await ctx.get(url, inDemo(s))).json()).toMatchObject({ id: weeks.split, weeklyMinutes: 2565 });
    expectError(await ctx.get(url, inDemo(member)), 403, 'FORBIDDEN');
    expectError(await ctx.post(url, { ...weekBody(), name: 'Part-time 20 ORE' }, asAdmin()), 409, 'CONFLICT');

    const res = await ctx.post(
      url,
      {
        name: 'Settimana spezzata',
        days: [
          { weekday: 2, templateDayId: days.split },
          { weekday: 1, templateDayId: days.late },
        ],
      },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      description: null,
      weeklyMinutes: 465 + 540,
      days: [
        { weekday: 1, templateDayName: 'Fino a mezzanotte' },
        { weekday: 2, templateDayName: 'Spezzato' },
      ],
    });
    expect((res.json() as TemplateWeek).timeSlots.map((s) => [s.weekday, s.startsAtMinutes])).toEqual([
      [1, 1080],
      [1, 900],
      [2, 480],
      [2, 900],
    ]);
    expect((await auditOf(ctx, res))[0]).toMatchObject({ action: 'template-week.update', entityId: weeks.split });

    // The week follows its daily templates (contracts keep their own copy: see contracts.routes.test.ts).
    await ctx.post(
      `/admin/template-day/${days.late}`,
      { name: 'Fino a mezzanotte', timeSlots: [{ startsAtMinutes: 1200, endsAtMinutes: 1440 }] },
      asAdmin(),
    );
    expect((await ctx.get(url, asAdmin())).json()).toMatchObject({ weeklyMinutes: 465 + 240 });
  });

  it('a daily template used by a weekly one cannot be deleted (409); deleting the week frees it; audited', async () => {
    const used = await ctx.del(`/admin/template-day/${days.late}`, asAdmin());
    expect(expectError(used, 409, 'CONFLICT').message).toBe(
      'Il modello giornaliero è usato da un modello settimanale: toglilo da lì prima di eliminarlo',
    );
    expect((await ctx.get(`/admin/template-day/${days.late}`, asAdmin())).statusCode).toBe(200);

    const res = await ctx.del(`/admin/template-week/${weeks.split}`, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Modello eliminato' });
    expect((await auditOf(ctx, res))[0]).toMatchObject({
      action: 'template-week.delete',
      entityType: 'template-week',
      entityId: weeks.split,
    });
    expectError(await ctx.get(`/admin/template-week/${weeks.split}`, asAdmin()), 404, 'NOT_FOUND');
    expectError(await ctx.del(`/admin/template-week/${weeks.split}`, asAdmin()), 404, 'NOT_FOUND');

    for (const id of [days.late!, days.split!]) {
      const del = await ctx.del(`/admin/template-day/${id}`, asAdmin());
      expect(del.statusCode, del.body).toBe(200);
      expect((await auditOf(ctx, del))[0]).toMatchObject({
        action: 'template-day.delete',
        entityType: 'template-day',
        entityId: id,
      });
    }
    expect((await listDays()).map((d) => d.name)).toEqual(['Giornata standard', 'Mattina']);
    expect((await listWeeks()).map((w) => w.name)).toEqual(['Da definire', 'Part-time 20 ore', 'Tempo pieno 40 ore']);
    // Beta's templates are untouched.
    expect((await listWeeks('/admin/template-week', inBeta())).map((w) => w.name)).toEqual([
      'Part-time 20 ore',
      'Tempo pieno 40 ore',
    ]);
  });
});
