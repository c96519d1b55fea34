import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, workspaces } from '../src/db/schema';
import { readAll } from '../src/lib/storage';
import { firstSeen } from '../src/lib/app-meta';
import { LOGOS_MARK, runLogoCleaning } from '../src/modules/workspaces/logo-cleaning.job';
import { createTestContext, type TestContext } from './helpers';
import { quiet } from './paycheck-import.fixtures';
import { hostilePng, pngOf } from './upload-corpus';

/**
 * The logos stored before uploads were made anew (issue 30 item 1): the `logo-cleaning` job replaces each one that
 * decodes with its clean PNG and removes from the company's details one that does not, so that no PDF meets it again.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A logo stored the old way: the uploaded bytes as they came, recorded before this release's first start. */
async function oldLogo(workspace: string, bytes: Buffer, name: string) {
  const [row] = await ctx.db
    .insert(files)
    .values({
      workspaceId: workspace,
      name,
      contentType: 'image/png',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      kind: 'logo',
      createdAt: new Date((await firstSeen(ctx.db, LOGOS_MARK)).getTime() - 86_400_000),
    })
    .returning();
  await ctx.deps.storage.put(`${workspace}/${row!.id}`, bytes, { contentType: 'application/octet-stream' });
  return row!.id;
}

describe('the logo-cleaning job', () => {
  it('replaces an old logo that decodes with a clean PNG, and removes one that does not; then has nothing to do', async () => {
    const big = await oldLogo(ctx.ws.demo, pngOf(3000, 1000, { alpha: 10 }), 'grande.png');
    const hostile = await oldLogo(ctx.ws.beta, hostilePng(), 'ostile.png');
    await ctx.db
      .update(workspaces)
      .set({ logoFileId: big, squareLogoFileId: big })
      .where(eq(workspaces.id, ctx.ws.demo));
    await ctx.db.update(workspaces).set({ logoFileId: hostile }).where(eq(workspaces.id, ctx.ws.beta));

    expect(await runLogoCleaning(ctx.deps, quiet)).toEqual({ replaced: 1, removed: 1 });

    const [demo] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, ctx.ws.demo));
    expect(demo!.logoFileId).not.toBe(big);
    expect(demo!.squareLogoFileId).toBe(demo!.logoFileId);
    const [clean] = await ctx.db.select().from(files).where(eq(files.id, demo!.logoFileId!));
    expect(clean).toMatchObject({ kind: 'logo', contentType: 'image/png', name: 'grande.png' });
    const bytes = await readAll(await ctx.deps.storage.get(`${ctx.ws.demo}/${clean!.id}`));
    expect(bytes.length).toBe(clean!.size);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1024, height: 341, hasAlpha: false });
    const [beta] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, ctx.ws.beta));
    expect(beta!.logoFileId).toBeNull();
    // The old records are gone (their bytes queued for the sweeper); each change is audited.
    expect(await ctx.db.select().from(files).where(eq(files.id, big))).toHaveLength(0);
    expect(await ctx.db.select().from(files).where(eq(files.id, hostile))).toHaveLength(0);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.requestId, 'logo-cleaning'));
    expect(audits.map((a) => a.action).sort()).toEqual(['workspace.logo_cleaned', 'workspace.logo_removed']);

    expect(await runLogoCleaning(ctx.deps, quiet)).toEqual({ replaced: 0, removed: 0 });
  });
});
