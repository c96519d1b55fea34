import { createHash, randomUUID } from 'node:crypto';
import { apiMsg } from '@timbro/shared';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileDeletions, files, workspaces } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import { readAll } from '../src/lib/storage';
import type { MemoryStorage } from '../src/lib/storage/memory';
import { runFileSweep } from '../src/modules/files/file-sweep.job';
import { deleteFiles } from '../src/modules/files/files.service';
import { expectError, fieldErrors, useDemoContext, type DemoContext, type Session } from './helpers';
import { exe, hostilePng, html, pdf, png, pngOf, svgWithScript } from './upload-corpus';

/** The file storage seen through the API (ADR 0019): the logo upload, what it refuses, deletions and the sweeper. */

let { ctx, admin, member, accountant, betaAdmin } = {} as DemoContext;
let storage: MemoryStorage;

useDemoContext((d) => {
  ({ ctx, admin, member, accountant, betaAdmin } = d);
  storage = ctx.deps.storage as MemoryStorage;
});

function upload(
  content: Buffer,
  filename = 'logo.png',
  opts: { session?: Session | null; workspace?: string; field?: string } = {},
) {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([content]), filename);
  const session = opts.session === undefined ? admin : opts.session;
  return ctx.request('POST', '/admin/file/logo', form, {
    session: session ?? undefined,
    workspace: opts.workspace ?? ctx.ws.demo,
  });
}

async function counts() {
  const [f] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(files);
  const [d] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(fileDeletions);
  return { files: f!.n, deletions: d!.n, stored: storage.objects.size };
}

describe('POST /admin/file/logo', () => {
  it('401 without a session; 403 for a member and the accountant, before reading the file', async () => {
    expectError(await upload(png(), 'a.png', { session: null }), 401, 'UNAUTHENTICATED');
    expectError(await upload(png(), 'a.png', { session: member }), 403, 'FORBIDDEN');
    expectError(await upload(exe(), 'a.png', { session: accountant }), 403, 'FORBIDDEN');
  });

  it('stores a PNG made anew from the upload under the workspace, with its size and SHA-256; nothing else is left', async () => {
    const before = await counts();
    const res = await upload(png(), '../../etc/Logo aziendale.png');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Logo aziendale.png', contentType: 'image/png' });
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(body).sort()).toEqual(['contentType', 'createdAt', 'id', 'name', 'sha256', 'size']);
    const key = `${ctx.ws.demo}/${body.id}`;
    const stored = await readAll(await storage.get(key));
    // Not the uploaded bytes: a fresh PNG of the same picture (issue 30).
    expect(stored.equals(png())).toBe(false);
    expect(stored.length).toBe(body.size);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(body.sha256);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 1, height: 1, hasAlpha: false });
    expect(await counts()).toEqual({ files: before.files + 1, deletions: before.deletions, stored: before.stored + 1 });
  });

  it('an image with a valid signature and a hostile body is refused with an Italian message, and nothing is kept', async () => {
    const before = await counts();
    const res = await upload(hostilePng(), 'logo.png');
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({ file: apiMsg.upload.imageUnreadable });
    const jpegHead = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 0x41)]);
    const webpHead = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x24, 0, 0, 0]),
      Buffer.from('WEBPVP8L'),
      Buffer.alloc(32, 1),
    ]);
    for (const [bytes, name] of [
      [jpegHead, 'logo.jpg'],
      [webpHead, 'logo.webp'],
    ] as const)
      expect(fieldErrors(await upload(bytes, name)), name).toEqual({ file: apiMsg.upload.imageUnreadable });
    expect(await counts()).toEqual(before);
  });

  it('an image over 4 megapixels is refused before it is decoded (8000 × 8000 in 200 KB)', async () => {
    const before = await counts();
    const res = await upload(pngOf(8000, 8000), 'enorme.png');
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({ file: apiMsg.upload.imageTooManyPixels(4) });
    expect(await counts()).toEqual(before);
  });

  it('a large or transparent image is stored fitted into 1024 × 1024, opaque, as PNG, whatever it came as', async () => {
    const wide = await upload(pngOf(2000, 500, { alpha: 0 }), 'largo.png');
    expect(wide.statusCode, wide.body).toBe(200);
    const wideBytes = await readAll(await storage.get(`${ctx.ws.demo}/${wide.json().id}`));
    expect(await sharp(wideBytes).metadata()).toMatchObject({
      format: 'png',
      width: 1024,
      height: 256,
      hasAlpha: false,
    });
    // Transparent pixels are laid on white.
    const { data } = await sharp(wideBytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#1a415b' } })
      .jpeg()
      .toBuffer();
    const res = await upload(jpeg, 'marchio.jpg');
    expect(res.json()).toMatchObject({ name: 'marchio.png', contentType: 'image/png' });
  });

  it('refuses what is not a raster image, whatever its name, and keeps nothing of it', async () => {
    const before = await counts();
    const cases: [Buffer, string, number, string][] = [
      [exe(), 'logo.png', 400, 'Tipo di file non ammesso: carica un file PNG, JPEG o WebP'],
      [html(), 'logo.png', 400, 'Tipo di file non ammesso: carica un file PNG, JPEG o WebP'],
      [svgWithScript(), 'logo.svg', 400, 'Tipo di file non ammesso: carica un file PNG, JPEG o WebP'],
      [pdf([['logo']]), 'logo.png', 400, 'Tipo di file non ammesso: carica un file PNG, JPEG o WebP'],
      [Buffer.alloc(0), 'logo.png', 400, 'Il file è vuoto'],
      [Buffer.from([0x89, 0x50]), 'logo.png', 400, 'Tipo di file non ammesso: carica un file PNG, JPEG o WebP'],
      [
        Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)]),
        'logo.png',
        413,
        'Il file è troppo grande: il massimo è 2 MB',
      ],
    ];
    for (const [content, name, status, message] of cases) {
      const res = await upload(content, name);
      const body = expectError(res, status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED');
      expect(body.message, name).toBe(message);
      expect(fieldErrors(res)).toEqual({ file: message });
    }
    expectError(await upload(png(), 'a.png', { field: 'logo' }), 400, 'VALIDATION_FAILED');
    const notMultipart = await ctx.post('/admin/file/logo', {}, { session: admin, workspace: ctx.ws.demo });
    expect(fieldErrors(notMultipart)).toEqual({ file: 'Carica un file' });
    expect(await counts()).toEqual(before);
  });
});

describe('logo ids in the company details', () => {
  const company = async (session: Session, ws: string) =>
    (await ctx.get(`/admin/workspace/${ws}`, { session, workspace: ws })).json().workspace_company;

  it('take only logo files of the same workspace: an unknown id or another company’s file is a 400', async () => {
    const mine = (await upload(png())).json().id as string;
    const theirs = (await upload(png(), 'beta.png', { session: betaAdmin, workspace: ctx.ws.beta })).json()
      .id as string;
    const base = await company(admin, ctx.ws.demo);
    const save = (patch: object) =>
      ctx.post(
        `/admin/workspace/${ctx.ws.demo}`,
        { workspace_company: { ...base, ...patch } },
        { session: admin, workspace: ctx.ws.demo },
      );
    for (const bad of [randomUUID(), theirs]) {
      const res = await save({ logo: bad, squareLogo: bad });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res)).toEqual({
        'workspace_company.logo': 'File non trovato',
        'workspace_company.squareLogo': 'File non trovato',
      });
    }
    const ok = await save({ logo: mine, squareLogo: mine });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().workspace_company).toMatchObject({ logo: mine, squareLogo: mine });
    // The database itself refuses a logo of another workspace (composite key), whatever a service might do.
    await expect(
      ctx.db.update(workspaces).set({ logoFileId: theirs }).where(eq(workspaces.id, ctx.ws.demo)),
    ).rejects.toThrow();
  });
});

describe('deleting files and the sweeper', () => {
  async function storedFile() {
    const res = await upload(png(), 'x.png');
    expect(res.statusCode).toBe(200);
    return res.json().id as string;
  }
  const scope = () => workspaceScope(ctx.ws.demo);

  it('a rolled-back delete loses nothing; a committed one leaves the bytes to the sweeper, which removes them once', async () => {
    const id = await storedFile();
    const key = `${ctx.ws.demo}/${id}`;
    await expect(
      ctx.db.transaction(async (tx) => {
        await deleteFiles(tx, scope(), [id]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await storage.exists(key)).toBe(true);
    expect((await ctx.db.select().from(files).where(eq(files.id, id))).length).toBe(1);

    await ctx.db.transaction((tx) => deleteFiles(tx, scope(), [id]));
    expect((await ctx.db.select().from(files).where(eq(files.id, id))).length).toBe(0);
    expect(await storage.exists(key)).toBe(true);
    expect(await runFileSweep(ctx.deps)).toBe(1);
    expect(await storage.exists(key)).toBe(false);
    expect(await runFileSweep(ctx.deps)).toBe(0);
    expect((await counts()).deletions).toBe(0);
  });

  it('an upload that was never recorded (the process died) is swept when its reservation falls due, not before', async () => {
    const key = `${ctx.ws.demo}/${randomUUID()}`;
    await ctx.db.insert(fileDeletions).values({ storageKey: key, notBefore: new Date(Date.now() + 3600_000) });
    await storage.put(key, png(), { contentType: 'image/png' });
    expect(await runFileSweep(ctx.deps)).toBe(0);
    expect(await storage.exists(key)).toBe(true);
    expect(await runFileSweep(ctx.deps, undefined, () => new Date(Date.now() + 3601_000))).toBe(1);
    expect(await storage.exists(key)).toBe(false);
  });

  it('a storage that refuses a delete is asked again later; the row stays with its error until then', async () => {
    const id = await storedFile();
    await ctx.db.transaction((tx) => deleteFiles(tx, scope(), [id]));
    const offline = Object.assign(Object.create(storage) as MemoryStorage, {
      delete: async () => Promise.reject(new Error('bucket offline')),
    });
    expect(await runFileSweep({ db: ctx.db, storage: offline })).toBe(0);
    const [row] = await ctx.db.select().from(fileDeletions);
    expect(row).toMatchObject({ attempts: 1, lastError: 'bucket offline' });
    expect(row!.notBefore.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(await runFileSweep(ctx.deps)).toBe(0);
    expect(await runFileSweep(ctx.deps, undefined, () => new Date(Date.now() + 11 * 60_000))).toBe(1);
    expect(await storage.exists(`${ctx.ws.demo}/${id}`)).toBe(false);
  });
});
