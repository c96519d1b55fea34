import { apiMsg, platformMsg } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, workspaces } from '../src/db/schema';
import { createTestContext, expectError, fieldErrors, type Session, type TestContext } from './helpers';
import { importForm } from './paycheck-import.fixtures';
import { pdf } from './upload-corpus';

/**
 * The company's file storage (issue 30 item 8): a quota of megabytes and files the platform operator sets, shown to the
 * admin with the usage; an upload past it is refused while it is read, and nothing of it is kept.
 */

let ctx: TestContext;
let admin: Session;
let operator: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  operator = await ctx.login('operator@demo.timbro.it');
});
afterAll(async () => {
  await ctx?.close();
});

const inDemo = { workspace: () => ctx.ws.demo };
const storage = async () => (await ctx.get('/admin/file/storage', { session: admin, workspace: ctx.ws.demo })).json();
const filesCount = async () =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)
      .where(eq(files.workspaceId, ctx.ws.demo))
  )[0]!.n;
let month = 0;
/** A bulk pay-slip import: the upload route with the largest files. */
function uploadDocument(content: Buffer) {
  month += 1;
  return ctx.request('POST', '/admin/paycheck/import', importForm(content, { year: 2025, month }), {
    session: admin,
    workspace: inDemo.workspace(),
  });
}

describe('storage quota', () => {
  it('the admin sees the usage and the quota; the operator sets the quota, checked and audited', async () => {
    const before = await storage();
    expect(before).toMatchObject({ quotaMb: 2048, quotaFiles: 20000 });
    expect(before.usedFiles).toBe(await filesCount());
    let res = await ctx.post(
      `/platform/workspace/${ctx.ws.demo}/quota`,
      { quotaMb: 5, quotaFiles: 0 },
      { session: operator },
    );
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({
      quotaMb: platformMsg.quotaMbInvalid,
      quotaFiles: platformMsg.quotaFilesInvalid,
    });
    res = await ctx.post(
      `/platform/workspace/${ctx.ws.demo}/quota`,
      { quotaMb: 4096, quotaFiles: 500 },
      { session: operator },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().storage).toMatchObject({ quotaMb: 4096, quotaFiles: 500, usedFiles: before.usedFiles });
    expect(await storage()).toMatchObject({ quotaMb: 4096, quotaFiles: 500 });
    const list = await ctx.get('/platform/workspace', { session: operator, query: { per_page: '100' } });
    expect(list.json().items.find((w: { id: string }) => w.id === ctx.ws.demo).storage.quotaFiles).toBe(500);
  });

  it('an upload past the bytes left is cut while it is read and refused; past the files left, refused at once', async () => {
    const used = await storage();
    // Room for about 100 KB more.
    const quotaMb = Math.ceil((used.usedBytes + 100 * 1024) / (1024 * 1024));
    await ctx.db.update(workspaces).set({ storageQuotaMb: quotaMb }).where(eq(workspaces.id, ctx.ws.demo));
    const room = quotaMb * 1024 * 1024 - used.usedBytes;
    const big = Buffer.concat([pdf([['REGOLAMENTO']]), Buffer.alloc(room + 1024, 0x20)]);
    const before = await filesCount();
    let res = await uploadDocument(big);
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(fieldErrors(res)).toEqual({ file: apiMsg.upload.quotaBytes(`${quotaMb} MB`) });
    expect(await filesCount()).toBe(before);
    // A file that fits is taken.
    res = await uploadDocument(pdf([['REGOLAMENTO']]));
    expect(res.statusCode, res.body).toBe(202);
    // No file left.
    await ctx.db
      .update(workspaces)
      .set({ storageQuotaFiles: before + 1 })
      .where(eq(workspaces.id, ctx.ws.demo));
    res = await uploadDocument(pdf([['ALTRO']]));
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(fieldErrors(res)).toEqual({ file: apiMsg.upload.quotaFiles(before + 1) });
    expect(await filesCount()).toBe(before + 1);
  });
});
