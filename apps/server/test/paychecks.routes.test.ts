import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fileDeletions, files, mailOutbox, paychecks } from '../src/db/schema';
import type { MemoryStorage } from '../src/lib/storage/memory';
import { buildEmployee } from './factories';
import { coldStatements, expectError, fieldErrors, membershipOf, useDemoContext, type DemoContext } from './helpers';
import { paycheckForm, publishPaycheck } from './paycheck-forms';
import { exe, html, pdf, png, svgWithScript } from './upload-corpus';

/** Pay slips (spec §2, §3, §5; ADR 0019): publishing one, what the form refuses, the lists, edits, the employee's side. */

let { ctx, admin, accountant, member } = {} as DemoContext;
let mario: string;
let storage: MemoryStorage;

const { inDemo } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  storage = ctx.deps.storage as MemoryStorage;
  mario = (await membershipOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo))!.id;
});

const create = (userInfoId: string, form: FormData, session = admin) =>
  ctx.request('POST', `/admin/user/${userInfoId}/paycheck`, form, inDemo(session));

async function counts() {
  const n = async (t: typeof files | typeof paychecks | typeof fileDeletions) =>
    (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(t))[0]!.n;
  return {
    files: await n(files),
    slips: await n(paychecks),
    deletions: await n(fileDeletions),
    stored: storage.objects.size,
  };
}

describe('POST /admin/user/{id}/paycheck', () => {
  it('publishes a pay slip: the PDF stored, the amount read the Italian way, EUR by default, audited, the employee e-mailed', async () => {
    const res = await create(mario, paycheckForm(), accountant);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      userInfo: { id: mario, firstName: 'Mario', lastName: 'Rossi' },
      year: 2026,
      month: 10,
      description: 'Ottobre',
      netAmount: 1534.2,
      currencyCode: 'EUR',
      attachmentFirstOpenAt: null,
      opens: 0,
      attachment: { name: 'cedolino.pdf', contentType: 'application/pdf' },
    });
    expect(await storage.exists(`${ctx.ws.demo}/${body.attachment.id}`)).toBe(true);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, body.id));
    expect(audit).toMatchObject({ action: 'paycheck.create', entityType: 'paycheck' });
    const mails = await ctx.outbox('mario.rossi@demo.timbro.it');
    expect(mails.at(-1)).toMatchObject({
      subject: 'Il tuo cedolino di ottobre 2026 è disponibile',
      template: 'paycheck-published',
    });
    expect(mails.at(-1)!.textBody).toContain('http://localhost:3000/member/paycheck');
  });

  it('400 with the Italian message of every field; the PDF that came with them is not kept', async () => {
    const before = await counts();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        {},
        {
          year: 'Valore non valido',
          month: 'Il mese deve essere compreso tra 1 e 12',
          netAmount: "Indica l'importo netto",
        },
      ],
      [
        { year: '1850', month: '13', netAmount: '12,345', currencyCode: 'euro' },
        {
          year: "L'anno deve essere compreso tra il 1900 e il 2100",
          month: 'Il mese deve essere compreso tra 1 e 12',
          netAmount: "L'importo netto deve essere un numero con al massimo due decimali",
          currencyCode: 'La valuta deve essere un codice di tre lettere (es. EUR)',
        },
      ],
      [
        { year: '2026', month: '0', netAmount: '-3' },
        {
          month: 'Il mese deve essere compreso tra 1 e 12',
          netAmount: "L'importo netto deve essere un numero con al massimo due decimali",
        },
      ],
      [
        { year: '2026', month: '1', netAmount: '2000000' },
        { netAmount: "L'importo netto deve essere compreso tra 0 e 1.000.000" },
      ],
      [
        { year: '2026', month: '1', netAmount: '100', description: 'x'.repeat(201) },
        { description: 'Massimo 200 caratteri' },
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await create(mario, paycheckForm(fields));
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(fields)).toEqual(errors);
    }
    const missing = await create(mario, paycheckForm({ year: 2026, month: 1, netAmount: 100 }, null));
    expect(fieldErrors(missing)).toEqual({ file: 'Carica un file' });
    expect(await counts()).toEqual(before);
  });

  it('refuses what is not a readable PDF, whatever its name, and keeps nothing of it', async () => {
    const before = await counts();
    const wrong = 'Tipo di file non ammesso: carica un file PDF';
    const cases: [Buffer, string, number, string][] = [
      [exe(), 'cedolino.pdf', 400, wrong],
      [html(), 'cedolino.pdf', 400, wrong],
      [svgWithScript(), 'cedolino.svg', 400, wrong],
      [png(), 'cedolino.pdf', 400, wrong],
      [Buffer.alloc(0), 'cedolino.pdf', 400, 'Il file è vuoto'],
      [
        pdf([['segreto']], { encrypt: true }),
        'cedolino.pdf',
        400,
        'Il PDF è protetto da password: carica la versione senza protezione',
      ],
      [
        Buffer.concat([pdf([['grande']]), Buffer.alloc(10 * 1024 * 1024)]),
        'cedolino.pdf',
        413,
        'Il file è troppo grande: il massimo è 10 MB',
      ],
    ];
    for (const [file, name, status, message] of cases) {
      const res = await create(mario, paycheckForm(undefined, file, name));
      const body = expectError(res, status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED');
      expect(body.message, name).toBe(message);
      expect(fieldErrors(res)).toEqual({ file: message });
    }
    expect(await counts()).toEqual(before);
    // A scanned slip (no text layer) is a PDF like any other: it is accepted.
    expect((await create(mario, paycheckForm(undefined, pdf([['']], { noText: true })))).statusCode).toBe(200);
  });

  it('404 for an unknown employee or Beta’s, before the upload is read; nothing is stored', async () => {
    const before = await counts();
    const paolo = (await membershipOf(ctx, 'paolo.lombardi@beta.timbro.it', ctx.ws.beta))!.id;
    for (const id of [paolo, '3f1e1f4e-8d55-4f4e-9a55-5d4b1e2c6a77']) {
      const res = await create(id, paycheckForm());
      expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Utente non trovato');
    }
    expect(await counts()).toEqual(before);
  });
});

describe('the lists', () => {
  let giulia: string;
  beforeAll(async () => {
    giulia = (await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Giulia', lastName: 'Zanetti' })).userInfoId;
    for (const month of [7, 8, 9])
      await publishPaycheck(ctx, admin, ctx.ws.demo, giulia, { year: 2026, month, netAmount: `${1000 + month},50` });
  });

  it('filter by employee, year, month and opened; sort by period, name or amount; page in SQL', async () => {
    const list = (query: Record<string, string>) => ctx.get('/admin/paycheck', inDemo(accountant, query));
    const byGiulia = (await list({ user_info_id: giulia })).json();
    expect(byGiulia.total).toBe(3);
    expect(byGiulia.items.map((p: { month: number }) => p.month)).toEqual([9, 8, 7]);
    expect(
      (await list({ user_info_id: giulia, order: 'asc' })).json().items.map((p: { month: number }) => p.month),
    ).toEqual([7, 8, 9]);
    expect(
      (await list({ year: '2026', month: '8' }))
        .json()
        .items.map((p: { userInfo: { lastName: string } }) => p.userInfo.lastName),
    ).toEqual(['Zanetti']);
    expect((await list({ search: 'zanet', per_page: '2' })).json()).toMatchObject({ total: 3, perPage: 2, page: 1 });
    expect((await list({ search: 'zanet', per_page: '2', page: '2' })).json().items).toHaveLength(1);
    expect((await list({ sort: 'netAmount', order: 'desc', user_info_id: giulia })).json().items[0].netAmount).toBe(
      1009.5,
    );
    expect((await list({ opened: 'opened', user_info_id: giulia })).json().total).toBe(0);
    expect((await list({ opened: 'unopened', user_info_id: giulia })).json().total).toBe(3);
    const one = (await ctx.get(`/admin/user/${giulia}/paycheck`, inDemo(admin))).json();
    expect(one.total).toBe(3);
    for (const [query, path] of [
      [{ month: '13' }, 'month'],
      [{ sort: 'x' }, 'sort'],
      [{ opened: 'maybe' }, 'opened'],
      [{ user_info_id: 'x' }, 'user_info_id'],
    ] as const) {
      const res = await list(query);
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(Object.keys(fieldErrors(res))).toEqual([path]);
    }
  });

  it('a page costs the same number of statements whatever its size', async () => {
    const count = async (perPage: string) => {
      const { value: res, n } = await coldStatements(ctx, () =>
        ctx.get('/admin/paycheck', inDemo(admin, { per_page: perPage })),
      );
      expect(res.statusCode).toBe(200);
      return { n, items: res.json().items.length };
    };
    const one = await count('1');
    const many = await count('50');
    expect(one.items).toBe(1);
    expect(many.items).toBeGreaterThan(3);
    expect(many.n).toBe(one.n);
  });
});

describe('edits, deletion and the employee’s side', () => {
  it('an edit changes the fields; a new PDF replaces the old one, whose bytes go to the sweeper', async () => {
    const id = await publishPaycheck(ctx, admin, ctx.ws.demo, mario, { year: 2026, month: 5, netAmount: '900' });
    const old = (await ctx.get(`/admin/paycheck/${id}`, inDemo(admin))).json().attachment.id as string;
    const fieldsOnly = await ctx.request(
      'POST',
      `/admin/paycheck/${id}`,
      paycheckForm({ year: 2026, month: 6, netAmount: '950,5', currencyCode: 'chf' }, null),
      inDemo(admin),
    );
    expect(fieldsOnly.json()).toMatchObject({
      month: 6,
      netAmount: 950.5,
      currencyCode: 'CHF',
      attachment: { id: old },
    });
    const replaced = await ctx.request(
      'POST',
      `/admin/paycheck/${id}`,
      paycheckForm({ year: 2026, month: 6, netAmount: '950,5' }, pdf([['CORRETTO']]), 'corretto.pdf'),
      inDemo(accountant),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().attachment).toMatchObject({ name: 'corretto.pdf' });
    expect(replaced.json().attachment.id).not.toBe(old);
    const queued = await ctx.db
      .select()
      .from(fileDeletions)
      .where(eq(fileDeletions.storageKey, `${ctx.ws.demo}/${old}`));
    expect(queued).toHaveLength(1);
    const del = await ctx.del(`/admin/paycheck/${id}`, inDemo(admin));
    expect(del.json()).toEqual({ message: 'Cedolino eliminato' });
    expectError(await ctx.get(`/admin/paycheck/${id}`, inDemo(admin)), 404, 'NOT_FOUND');
    expectError(await ctx.del(`/admin/paycheck/${id}`, inDemo(admin)), 404, 'NOT_FOUND');
  });

  it('the employee sees only their own; the first download sets attachmentFirstOpenAt once; every open is counted', async () => {
    const id = await publishPaycheck(ctx, admin, ctx.ws.demo, mario, { year: 2025, month: 12, netAmount: '1200' });
    const mine = (await ctx.get('/member/paycheck', inDemo(member))).json();
    expect(mine.items.every((p: { userInfo: { id: string } }) => p.userInfo.id === mario)).toBe(true);
    expect(mine.items.map((p: { id: string }) => p.id)).toContain(id);
    expect(Object.keys(mine.items[0])).not.toContain('opens');
    expect(
      (await ctx.get('/member/paycheck', inDemo(member, { year: '2025' })))
        .json()
        .items.map((p: { id: string }) => p.id),
    ).toEqual([id]);

    // The admin's download is logged but is not the employee's first open.
    const adminOpen = await ctx.get(`/admin/paycheck/${id}/attachment`, inDemo(admin));
    expect(adminOpen.statusCode).toBe(200);
    expect((await ctx.get(`/member/paycheck/${id}`, inDemo(member))).json().attachmentFirstOpenAt).toBeNull();

    const first = await ctx.get(`/member/paycheck/${id}/attachment`, inDemo(member));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(
      'attachment; filename="Cedolino 2025-12 Rossi Mario.pdf"; filename*=UTF-8\'\'Cedolino%202025-12%20Rossi%20Mario.pdf',
    );
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const openedAt = (await ctx.get(`/member/paycheck/${id}`, inDemo(member))).json().attachmentFirstOpenAt;
    expect(openedAt).not.toBeNull();
    await ctx.get(`/member/paycheck/${id}/attachment`, inDemo(member));
    const after = (await ctx.get(`/admin/paycheck/${id}`, inDemo(admin))).json();
    expect(after.attachmentFirstOpenAt).toBe(openedAt);
    expect(after.opens).toBe(3);
    expect(
      (await ctx.get('/admin/paycheck', inDemo(admin, { opened: 'opened' })))
        .json()
        .items.map((p: { id: string }) => p.id),
    ).toContain(id);

    // Someone else's slip is not found, even by id.
    const giulia = await buildEmployee(ctx, ctx.ws.demo);
    const theirs = await publishPaycheck(ctx, admin, ctx.ws.demo, giulia.userInfoId);
    for (const url of [`/member/paycheck/${theirs}`, `/member/paycheck/${theirs}/attachment`])
      expect(expectError(await ctx.get(url, inDemo(member)), 404, 'NOT_FOUND').message).toBe('Cedolino non trovato');
  });

  it('a slip whose bytes are gone answers 404 with the Italian text, not a 500', async () => {
    const id = await publishPaycheck(ctx, admin, ctx.ws.demo, mario);
    const fileId = (await ctx.get(`/admin/paycheck/${id}`, inDemo(admin))).json().attachment.id;
    await storage.delete(`${ctx.ws.demo}/${fileId}`);
    expect(
      expectError(await ctx.get(`/member/paycheck/${id}/attachment`, inDemo(member)), 404, 'NOT_FOUND').message,
    ).toBe('File non trovato');
  });
});

describe('mail count', () => {
  it('each publication queues exactly one e-mail to the employee', async () => {
    const before = (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'paycheck-published'))).length;
    await publishPaycheck(ctx, admin, ctx.ws.demo, mario, { year: 2024, month: 3, netAmount: '10' });
    const after = (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'paycheck-published'))).length;
    expect(after).toBe(before + 1);
  });
});
