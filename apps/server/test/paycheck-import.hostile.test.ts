import { importMsg } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, paycheckImports } from '../src/db/schema';
import { runSandbox, SandboxLimitError } from '../src/lib/sandbox';
import { WORK_LIMITS } from '../src/lib/work-limits';
import { pdfTurns, readPageTexts } from '../src/modules/paychecks/import/pdf-pages';
import { runPayslipImportJob } from '../src/modules/paychecks/imports.job';
import { createTestContext, expectError, fieldErrors, type Session, type TestContext } from './helpers';
import { importForm, quiet } from './paycheck-import.fixtures';
import { pdf, pdfBomb } from './upload-corpus';

/**
 * Hostile bulk pay-slip imports (issue 30 item 2): the PDF work runs in a limited child process, a file whose
 * structure is absurd is refused before it is parsed, a file that breaks a limit is stopped and the user told which,
 * and two companies' imports share the decoder page by page.
 */

let ctx: TestContext;
let admin: Session;
let betaAdmin: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  betaAdmin = await ctx.login('admin@beta.timbro.it');
});
afterAll(async () => {
  await ctx?.close();
});

const fixture = (name: string) => new URL(`./fixtures/sandbox/${name}`, import.meta.url);

describe('the sandbox', () => {
  it('kills a child that eats memory, and says the memory limit was broken', async () => {
    const started = Date.now();
    const err = await runSandbox(
      fixture('eat-memory.mjs'),
      {},
      { memoryMb: 128, stepMs: 10_000, totalMs: 20_000 },
      () => undefined,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxLimitError);
    expect((err as SandboxLimitError).limit).toBe('memory');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('kills a child whose step never ends, and one that runs past its total time', async () => {
    const step = await runSandbox(
      fixture('spin.mjs'),
      { after: 'first' },
      { memoryMb: 128, stepMs: 300, totalMs: 20_000 },
      () => undefined,
    ).catch((e: unknown) => e);
    expect((step as SandboxLimitError).limit).toBe('step-time');
    const total = await runSandbox(
      fixture('spin.mjs'),
      { after: 'start' },
      { memoryMb: 128, stepMs: 60_000, totalMs: 500 },
      () => undefined,
    ).catch((e: unknown) => e);
    expect((total as SandboxLimitError).limit).toBe('total-time');
  });

  it('an exception thrown where nothing catches it ends the child, not this process', async () => {
    const err = await runSandbox(
      fixture('throw-in-callback.mjs'),
      {},
      { memoryMb: 128, stepMs: 5_000, totalMs: 10_000 },
      () => undefined,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String(err)).toMatch(/exited/);
  });
});

describe('a hostile PDF', () => {
  it('a shared content stream that decodes a thousand times its size is refused at the upload, in seconds; nothing kept', async () => {
    const before = { files: await count(files), imports: await count(paycheckImports) };
    const started = Date.now();
    const res = await ctx.request('POST', '/admin/paycheck/import', importForm(pdfBomb(200, 64)), {
      session: admin,
      workspace: ctx.ws.demo,
    });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({ file: importMsg.absurd });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect({ files: await count(files), imports: await count(paycheckImports) }).toEqual(before);
    // A file with more page objects than an import may have is refused there too.
    const many = await ctx.request('POST', '/admin/paycheck/import', importForm(pdfBomb(1001, 1)), {
      session: admin,
      workspace: ctx.ws.demo,
    });
    expect(fieldErrors(many)).toEqual({ file: importMsg.tooManyPages });
  });

  it('the job checks the structure again (a file stored before the upload checked it): the import fails as absurd', async () => {
    const id = await ctx.request('POST', '/admin/paycheck/import', importForm(pdf([['UNA']])), {
      session: admin,
      workspace: ctx.ws.demo,
    });
    expect(id.statusCode).toBe(202);
    const row = (await ctx.db.select().from(paycheckImports).where(eq(paycheckImports.id, id.json().id)))[0]!;
    await ctx.deps.storage.put(`${ctx.ws.demo}/${row.fileId}`, pdfBomb(50, 64), {
      contentType: 'application/octet-stream',
    });
    await runPayslipImportJob(ctx.deps, quiet);
    const detail = (
      await ctx.get(`/admin/paycheck/import/${row.id}`, { session: admin, workspace: ctx.ws.demo })
    ).json();
    expect(detail).toMatchObject({ status: 'failed', error: importMsg.absurd });
  });

  it('the review’s file (1.5 MB that decode to 1.5 GB, shared by 500 pages) is refused within 30 s', async () => {
    const file = pdfBomb(500, 1500);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    const started = Date.now();
    await expect(readPageTexts(file)).rejects.toMatchObject({ code: 'absurd' });
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('a file with too many pages is refused from its page objects, before pdf.js opens it', async () => {
    await expect(readPageTexts(pdfBomb(1001, 1))).rejects.toMatchObject({ code: 'too-many-pages' });
  });
});

describe('two companies at once', () => {
  it('a small import of one company is read while another company’s long one is still being read', async () => {
    const long = pdf(Array.from({ length: 80 }, (_, i) => [`PAGINA ${i + 1}`]));
    const short = pdf([['UNO'], ['DUE']]);
    const a = await ctx.request('POST', '/admin/paycheck/import', importForm(long), {
      session: admin,
      workspace: ctx.ws.demo,
    });
    const b = await ctx.request('POST', '/admin/paycheck/import', importForm(short), {
      session: betaAdmin,
      workspace: ctx.ws.beta,
    });
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    const status = async (id: string, session: Session, workspace: string) =>
      (await ctx.get(`/admin/paycheck/import/${id}`, { session, workspace })).json().status as string;
    const job = runPayslipImportJob(ctx.deps, quiet);
    let longWhenShortDone: string | null = null;
    while (longWhenShortDone === null) {
      if ((await status(b.json().id, betaAdmin, ctx.ws.beta)) === 'ready')
        longWhenShortDone = await status(a.json().id, admin, ctx.ws.demo);
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(longWhenShortDone).toBe('analysing');
    expect(await job).toBe(2);
    expect(await status(a.json().id, admin, ctx.ws.demo)).toBe('ready');
    expect(pdfTurns.waiting).toBe(0);
  });
});

describe('limits per person and per company', () => {
  it('past 20 imports an hour a person gets a 429 with Retry-After and an Italian text; nothing of the file is kept', async () => {
    const accountant = await ctx.login('consulente@demo.timbro.it');
    const file = pdf([['UNA PAGINA']]);
    const send = (month: number) =>
      ctx.request('POST', '/admin/paycheck/import', importForm(file, { year: 2025, month, confirm: 'true' }), {
        session: accountant,
        workspace: ctx.ws.beta,
      });
    for (let i = 0; i < WORK_LIMITS['payslip-import'].perUser; i++) {
      const res = await send((i % 12) + 1);
      expect(res.statusCode, res.body).toBe(202);
    }
    const before = { files: await count(files), imports: await count(paycheckImports) };
    const refused = await send(1);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().message).toMatch(
      /^Troppe importazioni di cedolini nell’ultima ora: riprova tra \d+ minut[oi]$/,
    );
    expect({ files: await count(files), imports: await count(paycheckImports) }).toEqual(before);
    // Another person of the same company is not held by this person's limit.
    const betaAdminRes = await ctx.request(
      'POST',
      '/admin/paycheck/import',
      importForm(file, { year: 2024, month: 1 }),
      {
        session: betaAdmin,
        workspace: ctx.ws.beta,
      },
    );
    expect(betaAdminRes.statusCode, betaAdminRes.body).toBe(202);
  });
});

async function count(table: typeof files | typeof paycheckImports) {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}
