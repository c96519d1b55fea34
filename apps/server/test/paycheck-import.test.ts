import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fileDeletions, files, paycheckImports, paychecks, userInfos } from '../src/db/schema';
import { readAll } from '../src/lib/storage';
import type { MemoryStorage } from '../src/lib/storage/memory';
import { readPageTexts } from '../src/modules/paychecks/import/pdf-pages';
import { runPayslipImportJob, SimulatedCrash } from '../src/modules/paychecks/imports.job';
import { buildEmployee, type BuiltEmployee } from './factories';
import { createTestContext, expectError, fieldErrors, type Session, type TestContext } from './helpers';
import { importForm, quiet, strangerCode, uploadAndRead } from './paycheck-import.fixtures';
import { pdf } from './upload-corpus';

/**
 * The bulk pay-slip import (spec §2 "/admin/paycheck/import", §5; ADR 0019): one PDF read page by page by the job,
 * each page's employee suggested by codice fiscale, reviewed, then published all or nothing — one PDF and one slip
 * per employee, an audit row per page, one e-mail each; nobody gets a page without their codice fiscale unless a
 * person said so; the same file twice for a month asks first; a crash publishes nothing twice.
 */

let ctx: TestContext;
let admin: Session;
let accountant: Session;
let storage: MemoryStorage;
let mario: { id: string; fiscalCode: string };
let anna: BuiltEmployee;
let bruno: BuiltEmployee;
let carla: BuiltEmployee;

const inDemo = (session: Session = admin) => ({ session, workspace: ctx.ws.demo });

beforeAll(async () => {
  ctx = await createTestContext();
  storage = ctx.deps.storage as MemoryStorage;
  admin = await ctx.login('admin@demo.timbro.it');
  accountant = await ctx.login('consulente@demo.timbro.it');
  const [m] = await ctx.db
    .select({ id: userInfos.id, fiscalCode: userInfos.fiscalCode })
    .from(userInfos)
    .where(
      and(eq(userInfos.workspaceId, ctx.ws.demo), eq(userInfos.firstName, 'Mario'), eq(userInfos.lastName, 'Rossi')),
    );
  mario = { id: m!.id, fiscalCode: m!.fiscalCode! };
  anna = await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Anna', lastName: 'Verdi' });
  bruno = await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Bruno', lastName: 'Neri' });
  carla = await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Carla', lastName: 'Bianchi' });
});
afterAll(async () => {
  await ctx?.close();
});

/** Six pages: Mario's two-page slip, Anna's, a company summary, a page naming Bruno and Carla, a stranger's. */
const sixPages = () =>
  pdf([
    ['CEDOLINO PAGA OTTOBRE 2026', 'ROSSI MARIO', `CODICE FISCALE ${mario.fiscalCode}`, 'NETTO DEL MESE 1.534,20'],
    ['ROSSI MARIO - SEGUE', 'RATEI FERIE E PERMESSI'],
    ['CEDOLINO PAGA OTTOBRE 2026', 'VERDI ANNA', `C.F. ${anna.fiscalCode}`, 'NETTO IN BUSTA 1.210,00'],
    ['RIEPILOGO AZIENDALE OTTOBRE 2026', 'TOTALE NETTI 3.000,00'],
    ['CEDOLINO PAGA OTTOBRE 2026', `NERI BRUNO ${bruno.fiscalCode}`, `REFERENTE ${carla.fiscalCode}`],
    ['CEDOLINO PAGA OTTOBRE 2026', `ESTRANEO UGO ${strangerCode()}`, 'NETTO 900,00'],
  ]);

async function count(table: typeof paychecks | typeof files | typeof fileDeletions | typeof paycheckImports) {
  return (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
}

const publishBody = () => ({
  pages: [
    { page: 1, userInfoId: mario.id },
    { page: 2, userInfoId: mario.id },
    { page: 3, userInfoId: anna.userInfoId },
    { page: 4, userInfoId: null },
    { page: 5, userInfoId: bruno.userInfoId },
    { page: 6, userInfoId: carla.userInfoId, manual: true },
  ],
  slips: [
    { firstPage: 1, year: 2026, month: 10, netAmount: '1.534,20' },
    { firstPage: 3, year: 2026, month: 10, netAmount: 1210 },
    { firstPage: 5, year: 2026, month: 10, netAmount: '1400,00', description: 'Ottobre' },
    { firstPage: 6, year: 2026, month: 10, netAmount: '900' },
  ],
});

describe('reading the pages', () => {
  it('classifies every page: by codice fiscale, continuation, summary, ambiguous, unassigned; period and net read', async () => {
    const file = sixPages();
    const detail = await uploadAndRead(ctx, admin, ctx.ws.demo, file);
    expect(detail).toMatchObject({ status: 'ready', pagesDone: 6, pagesTotal: 6, year: 2026, month: 10, error: null });
    expect(detail.pages.map((p: { class: string; userInfoId: string | null }) => [p.class, p.userInfoId])).toEqual([
      ['assigned', mario.id],
      ['continuation', mario.id],
      ['assigned', anna.userInfoId],
      ['summary', null],
      ['ambiguous', null],
      ['unassigned', null],
    ]);
    expect(detail.pages[0]).toMatchObject({ period: { year: 2026, month: 10 }, netAmount: 1534.2 });
    expect(detail.pages[2]).toMatchObject({ netAmount: 1210 });
    expect(detail.people).toContainEqual({
      id: anna.userInfoId,
      firstName: 'Anna',
      lastName: 'Verdi',
      fiscalCode: anna.fiscalCode,
    });
    const list = await ctx.get('/admin/paycheck/import', inDemo(accountant));
    expect(list.json().items[0]).toMatchObject({ id: detail.id, status: 'ready', fileName: 'cedolini-ottobre.pdf' });
    const original = await ctx.get(`/admin/paycheck/import/${detail.id}/file`, inDemo(accountant));
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toMatch(/^attachment/);
    expect(original.rawPayload.equals(file)).toBe(true);
  });

  it('a file that is not a readable PDF fails with its reason; a scan (no text layer) waits for a person', async () => {
    const broken = await uploadAndRead(ctx, admin, ctx.ws.demo, Buffer.from('%PDF-1.7\nnot a pdf at all'));
    expect(broken).toMatchObject({
      status: 'failed',
      error: 'Il PDF non è leggibile: esportalo di nuovo dal programma paghe',
    });
    const scan = await uploadAndRead(ctx, admin, ctx.ws.demo, pdf([['x'], ['y']], { noText: true }));
    expect(scan.status).toBe('ready');
    expect(scan.pages.map((p: { class: string }) => p.class)).toEqual(['no_text', 'no_text']);
    const res = await ctx.post(
      `/admin/paycheck/import/${scan.id}/publish`,
      {
        pages: [
          { page: 1, userInfoId: mario.id },
          { page: 2, userInfoId: mario.id },
        ],
        slips: [{ firstPage: 1, year: 2026, month: 10, netAmount: '1' }],
      },
      inDemo(),
    );
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)['pages.0.userInfoId']).toMatch(/non compare su questa pagina/);
    expect(fieldErrors(res)['pages.1.userInfoId']).toMatch(/non compare su questa pagina/);
  });

  it('an encrypted PDF, an executable, an empty file are refused at the upload; nothing is stored', async () => {
    const before = { files: await count(files), imports: await count(paycheckImports), stored: storage.objects.size };
    for (const [file, message] of [
      [pdf([['x']], { encrypt: true }), /protetto da password/],
      [Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(100)]), /Tipo di file non ammesso/],
      [Buffer.alloc(0), /vuoto/],
    ] as const) {
      const res = await ctx.request('POST', '/admin/paycheck/import', importForm(file), inDemo());
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrors(res).file).toMatch(message);
    }
    const noFile = new FormData();
    noFile.append('year', '2026');
    noFile.append('month', '13');
    const res = await ctx.request('POST', '/admin/paycheck/import', noFile, inDemo());
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res).month).toBe('Il mese deve essere compreso tra 1 e 12');
    expect({ files: await count(files), imports: await count(paycheckImports), stored: storage.objects.size }).toEqual(
      before,
    );
  });
});

describe('publishing', () => {
  let importId: string;

  beforeAll(async () => {
    importId = (await uploadAndRead(ctx, admin, ctx.ws.demo, sixPages(), { year: 2026, month: 10, confirm: 'true' }))
      .id;
  });

  it('refuses a review that leaves a page undecided, gives a page twice, names a stranger, or lacks a slip', async () => {
    const url = `/admin/paycheck/import/${importId}/publish`;
    const body = publishBody();
    let res = await ctx.post(url, { ...body, pages: body.pages.slice(0, 5) }, inDemo());
    expect(fieldErrors(res).pages).toBe('Scegli un dipendente, o escludi la pagina, per ogni pagina del file');
    res = await ctx.post(url, { ...body, pages: [...body.pages, { page: 2, userInfoId: null }] }, inDemo());
    expect(fieldErrors(res)['pages.6.page']).toBe('Pagina indicata più volte');
    res = await ctx.post(
      url,
      { ...body, pages: body.pages.map((p) => (p.page === 6 ? { ...p, manual: false } : p)) },
      inDemo(),
    );
    expect(fieldErrors(res)['pages.5.userInfoId']).toMatch(/codice fiscale del dipendente scelto non compare/);
    // Anna's page to Bruno: his code is not on it, and nobody confirmed it.
    res = await ctx.post(
      url,
      { ...body, pages: body.pages.map((p) => (p.page === 3 ? { page: 3, userInfoId: bruno.userInfoId } : p)) },
      inDemo(),
    );
    expect(fieldErrors(res)['pages.2.userInfoId']).toMatch(/non compare/);
    res = await ctx.post(url, { ...body, slips: body.slips.slice(1) }, inDemo());
    expect(fieldErrors(res).slips).toBe('Indica anno, mese e importo netto di ogni cedolino');
    res = await ctx.post(url, { ...body, slips: [...body.slips, { ...body.slips[0], firstPage: 2 }] }, inDemo());
    expect(fieldErrors(res)['slips.4.firstPage']).toBe('Nessun cedolino inizia da questa pagina');
    res = await ctx.post(
      url,
      { ...body, slips: [{ ...body.slips[0], netAmount: '12,345' }, ...body.slips.slice(1)] },
      inDemo(),
    );
    expect(fieldErrors(res)['slips.0.netAmount']).toMatch(/due decimali/);
    // A page with no employee is left out only by a person's choice (the company summary, page 4, needs none): the
    // stranger's page 6 and the page naming two people are not dropped in silence (issue 30 item 11).
    res = await ctx.post(
      url,
      {
        ...body,
        pages: body.pages.map((p) => (p.page >= 5 ? { page: p.page, userInfoId: null } : p)),
        slips: body.slips.slice(0, 2),
      },
      inDemo(),
    );
    expect(fieldErrors(res)).toEqual({
      'pages.4.userInfoId': 'Scegli un dipendente per questa pagina, oppure escludila',
      'pages.5.userInfoId': 'Scegli un dipendente per questa pagina, oppure escludila',
    });
    res = await ctx.post(
      url,
      { ...body, pages: body.pages.map((p) => ({ page: p.page, userInfoId: null, excluded: true })), slips: [] },
      inDemo(),
    );
    expect(fieldErrors(res).pages).toBe('Nessuna pagina è assegnata: non c’è nulla da pubblicare');
    expect((await ctx.get(`/admin/paycheck/import/${importId}`, inDemo())).json().status).toBe('ready');
  });

  it('publishes all at once: one PDF per slip with its pages, the rows, an audit row per page, one e-mail each', async () => {
    const slipsBefore = await count(paychecks);
    const res = await ctx.post(`/admin/paycheck/import/${importId}/publish`, publishBody(), inDemo(accountant));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe('Pubblicazione di 4 cedolini avviata');
    expect((await ctx.get(`/admin/paycheck/import/${importId}`, inDemo())).json().status).toBe('publishing');
    expect(await count(paychecks)).toBe(slipsBefore);

    await runPayslipImportJob(ctx.deps, quiet);
    const detail = (await ctx.get(`/admin/paycheck/import/${importId}`, inDemo())).json();
    expect(detail).toMatchObject({ status: 'published', publishedCount: 4, error: null });
    expect(detail.published).toEqual([
      { page: 1, userInfoId: mario.id, how: 'fiscal_code' },
      { page: 2, userInfoId: mario.id, how: 'continuation' },
      { page: 3, userInfoId: anna.userInfoId, how: 'fiscal_code' },
      { page: 4, userInfoId: null, how: 'excluded' },
      { page: 5, userInfoId: bruno.userInfoId, how: 'fiscal_code' },
      { page: 6, userInfoId: carla.userInfoId, how: 'manual' },
    ]);
    expect(await count(paychecks)).toBe(slipsBefore + 4);

    const rows = await ctx.db
      .select()
      .from(paychecks)
      .where(
        and(
          eq(paychecks.workspaceId, ctx.ws.demo),
          inArray(paychecks.userInfoId, [mario.id, anna.userInfoId, bruno.userInfoId, carla.userInfoId]),
        ),
      );
    const mine = rows.find((r) => r.userInfoId === mario.id && r.netAmount === 1534.2)!;
    expect(mine).toMatchObject({ year: 2026, month: 10, currencyCode: 'EUR', attachmentFirstOpenAt: null });
    expect(rows.find((r) => r.userInfoId === bruno.userInfoId)).toMatchObject({
      netAmount: 1400,
      description: 'Ottobre',
    });
    const texts = await readPageTexts(await readAll(await storage.get(`${ctx.ws.demo}/${mine.fileId}`)));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain(mario.fiscalCode);
    expect(texts[1]).toContain('SEGUE');

    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.workspaceId, ctx.ws.demo), sql`${auditLog.changes}->>'importId' = ${importId}`));
    expect(audits).toHaveLength(6);
    const manual = audits.find((a) => (a.changes as { page: number }).page === 6)!;
    expect(manual).toMatchObject({
      action: 'paycheck_import.page',
      entityType: 'paycheck',
      actorUserId: accountant.userId,
    });
    expect(manual.changes).toMatchObject({ how: 'manual', userInfoId: carla.userInfoId });
    expect(audits.find((a) => (a.changes as { page: number }).page === 4)).toMatchObject({
      action: 'paycheck_import.page_excluded',
      entityId: importId,
    });

    for (const email of [anna.email, bruno.email, carla.email])
      expect((await ctx.outbox(email)).map((m) => m.subject)).toEqual([
        'Il tuo cedolino di ottobre 2026 è disponibile',
      ]);
  });

  it('a published import cannot be published again nor deleted', async () => {
    expectError(await ctx.post(`/admin/paycheck/import/${importId}/publish`, publishBody(), inDemo()), 409, 'CONFLICT');
    const del = await ctx.del(`/admin/paycheck/import/${importId}`, inDemo());
    expectError(del, 409, 'CONFLICT');
    expect(del.json().message).toBe('Un’importazione pubblicata o in pubblicazione non può essere annullata');
  });
});

describe('the currency of a slip (issue 30 item 14)', () => {
  it('is the one its page writes its net in, not the euro by hand', async () => {
    const file = pdf([['CEDOLINO PAGA LUGLIO 2026', `CF ${mario.fiscalCode}`, 'NETTO DEL MESE 2.400,00 CHF']]);
    const detail = await uploadAndRead(ctx, admin, ctx.ws.demo, file, { year: 2026, month: 7 });
    expect(detail.pages[0]).toMatchObject({ netAmount: 2400, currencyCode: 'CHF' });
    const res = await ctx.post(
      `/admin/paycheck/import/${detail.id}/publish`,
      {
        pages: [{ page: 1, userInfoId: mario.id }],
        slips: [{ firstPage: 1, year: 2026, month: 7, netAmount: '2400,00', currencyCode: 'CHF' }],
      },
      inDemo(),
    );
    expect(res.statusCode, res.body).toBe(202);
    await runPayslipImportJob(ctx.deps, quiet);
    const [slip] = await ctx.db
      .select()
      .from(paychecks)
      .where(and(eq(paychecks.userInfoId, mario.id), eq(paychecks.year, 2026), eq(paychecks.month, 7)));
    expect(slip).toMatchObject({ currencyCode: 'CHF', netAmount: 2400 });
  });
});

describe('the same file twice for a month', () => {
  it('asks for confirmation (409 on confirm, nothing kept), accepts it confirmed, and another month freely', async () => {
    const file = pdf([['CEDOLINO SETTEMBRE 2026', `CF ${mario.fiscalCode}`]]);
    const first = await ctx.request(
      'POST',
      '/admin/paycheck/import',
      importForm(file, { year: 2026, month: 9 }),
      inDemo(),
    );
    expect(first.statusCode).toBe(202);
    const before = { files: await count(files), imports: await count(paycheckImports), stored: storage.objects.size };
    const again = await ctx.request(
      'POST',
      '/admin/paycheck/import',
      importForm(file, { year: 2026, month: 9 }),
      inDemo(),
    );
    expectError(again, 409, 'CONFLICT');
    expect(fieldErrors(again).confirm).toBe(
      'Questo file è già stato importato per settembre 2026. Vuoi importarlo di nuovo?',
    );
    expect({ files: await count(files), imports: await count(paycheckImports), stored: storage.objects.size }).toEqual(
      before,
    );
    const confirmed = await ctx.request(
      'POST',
      '/admin/paycheck/import',
      importForm(file, { year: 2026, month: 9, confirm: 'true' }),
      inDemo(),
    );
    expect(confirmed.statusCode).toBe(202);
    const other = await ctx.request(
      'POST',
      '/admin/paycheck/import',
      importForm(file, { year: 2026, month: 8 }),
      inDemo(),
    );
    expect(other.statusCode).toBe(202);
    // An unpublished import is deleted with its file (bytes queued for the sweeper in the same transaction).
    const deletions = await count(fileDeletions);
    const del = await ctx.del(`/admin/paycheck/import/${other.json().id}`, inDemo());
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().message).toBe('Importazione eliminata');
    expect(await count(fileDeletions)).toBe(deletions + 1);
    expectError(await ctx.get(`/admin/paycheck/import/${other.json().id}`, inDemo()), 404, 'NOT_FOUND');
    await runPayslipImportJob(ctx.deps, quiet);
  });
});

describe('a crash while publishing', () => {
  it('publishes nothing, then exactly once when the job takes the import over', async () => {
    const file = pdf([
      ['CEDOLINO NOVEMBRE 2026', `CF ${anna.fiscalCode}`, 'NETTO 1.000,00'],
      ['CEDOLINO NOVEMBRE 2026', `CF ${bruno.fiscalCode}`, 'NETTO 2.000,00'],
    ]);
    const detail = await uploadAndRead(ctx, admin, ctx.ws.demo, file, { year: 2026, month: 11 });
    const res = await ctx.post(
      `/admin/paycheck/import/${detail.id}/publish`,
      {
        pages: [
          { page: 1, userInfoId: anna.userInfoId },
          { page: 2, userInfoId: bruno.userInfoId },
        ],
        slips: [
          { firstPage: 1, year: 2026, month: 11, netAmount: '1000' },
          { firstPage: 2, year: 2026, month: 11, netAmount: '2000' },
        ],
      },
      inDemo(),
    );
    expect(res.statusCode, res.body).toBe(202);
    const slips = await count(paychecks);
    const recorded = await count(files);
    const mails = (await ctx.outbox(anna.email)).length;
    await expect(
      runPayslipImportJob(ctx.deps, quiet, {
        beforePublish: () => {
          throw new SimulatedCrash('kill -9');
        },
      }),
    ).rejects.toBeInstanceOf(SimulatedCrash);
    expect(await count(paychecks)).toBe(slips);
    expect(await count(files)).toBe(recorded);
    expect((await ctx.outbox(anna.email)).length).toBe(mails);
    // The split slips' bytes are stored but only reserved: the sweeper removes them if nothing records them.
    const reserved = await ctx.db
      .select()
      .from(fileDeletions)
      .where(sql`${fileDeletions.notBefore} > now()`);
    expect(reserved.length).toBeGreaterThanOrEqual(2);

    // The process is gone: its heartbeat is old; the next run takes the import over.
    await ctx.db
      .update(paycheckImports)
      .set({ heartbeatAt: new Date(Date.now() - 120_000) })
      .where(eq(paycheckImports.id, detail.id));
    expect(await runPayslipImportJob(ctx.deps, quiet)).toBe(1);
    expect(await runPayslipImportJob(ctx.deps, quiet)).toBe(0);
    expect(await count(paychecks)).toBe(slips + 2);
    expect(await count(files)).toBe(recorded + 2);
    expect((await ctx.outbox(anna.email)).length).toBe(mails + 1);
    const [row] = await ctx.db.select().from(paycheckImports).where(eq(paycheckImports.id, detail.id));
    expect(row).toMatchObject({ status: 'published', publishedCount: 2, attempts: 2 });
  });
});
