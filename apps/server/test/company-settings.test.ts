import { randomUUID } from 'node:crypto';
import { apiMsg } from '@timbro/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileDeletions, files, punches } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import { readAll } from '../src/lib/storage';
import { recordUploads, storeMade } from '../src/modules/files/files.service';
import { auditOf, expectError, fieldErrors, membershipOf, useDemoContext, type DemoContext } from './helpers';
import { hostilePng, pdf, png } from './upload-corpus';

/**
 * Company settings (issue 16, ADR 0024): the company validators through the API, the logos from upload to the header
 * route and the PDFs, and the workspace time zone.
 */

let { ctx, admin, accountant, member, betaAdmin } = {} as DemoContext;

const { inDemo } = useDemoContext((d) => {
  ({ ctx, admin, accountant, member, betaAdmin } = d);
});

const read = async (session = admin) => (await ctx.get(`/admin/workspace/${ctx.ws.demo}`, inDemo(session))).json();
const company = async () => (await read()).workspace_company as Record<string, unknown>;
const save = async (body: Record<string, unknown>, session = admin) =>
  ctx.post(`/admin/workspace/${ctx.ws.demo}`, { workspace_company: await company(), ...body }, inDemo(session));
const saveCompany = async (patch: Record<string, unknown>) =>
  save({ workspace_company: { ...(await company()), ...patch } });

function uploadLogo(content: Buffer, name: string, session = admin, workspace = ctx.ws.demo) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return ctx.request('POST', '/admin/file/logo', form, { session, workspace });
}
async function logoId(content: Buffer = png(), name = 'logo.png', session = admin, workspace = ctx.ws.demo) {
  const res = await uploadLogo(content, name, session, workspace);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const hasImage = (res: LightMyRequestResponse) => res.rawPayload.toString('latin1').includes('/Subtype /Image');

describe('company validators through the API (Italian messages)', () => {
  const VALID_PIVA = '01907990012';

  it('P.IVA: the check digit decides; every single-digit change of a valid number is refused', async () => {
    expect((await saveCompany({ vatNumber: VALID_PIVA })).statusCode).toBe(200);
    for (let i = 0; i < 11; i++) {
      const digit = (Number(VALID_PIVA[i]) + 1) % 10;
      const changed = `${VALID_PIVA.slice(0, i)}${digit}${VALID_PIVA.slice(i + 1)}`;
      const res = await saveCompany({ vatNumber: changed });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), changed).toEqual({ 'workspace_company.vatNumber': 'La partita IVA non è valida' });
    }
    // Not 11 digits, or with the country prefix: refused too.
    for (const bad of ['0190799001', 'IT019079900', '0190799001a'])
      expect(fieldErrors(await saveCompany({ vatNumber: bad })), bad).toEqual({
        'workspace_company.vatNumber': 'La partita IVA non è valida',
      });
  });

  it('fiscal code: a company’s numeric one or a sole trader’s personal one, upper-cased; a wrong check character is refused', async () => {
    let res = await saveCompany({ fiscalCode: VALID_PIVA });
    expect(res.json().workspace_company.fiscalCode).toBe(VALID_PIVA);
    res = await saveCompany({ fiscalCode: 'rssmra80a01h501u' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workspace_company.fiscalCode).toBe('RSSMRA80A01H501U');
    for (const bad of ['RSSMRA80A01H501A', '01907990013', 'RSSMRA80A01']) {
      res = await saveCompany({ fiscalCode: bad });
      expect(fieldErrors(res), bad).toEqual({ 'workspace_company.fiscalCode': 'Il codice fiscale non è valido' });
    }
  });

  it('phone and mobile are stored in E.164; postcode, province and country as the rules say', async () => {
    const res = await saveCompany({
      phoneNumber: '06 1234 5678',
      mobileNumber: '0039 347-123.4567',
      addressPostCode: '00184',
      addressProvince: 'rm',
      addressCountry: 'it',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workspace_company).toMatchObject({
      phoneNumber: '+390612345678',
      mobileNumber: '+393471234567',
      addressPostCode: '00184',
      addressProvince: 'RM',
      addressCountry: 'IT',
    });
    // A company abroad: the province "EE" (Estero) is accepted.
    expect((await saveCompany({ addressProvince: 'EE' })).json().workspace_company.addressProvince).toBe('EE');

    const cases: [Record<string, unknown>, string, string][] = [
      [{ phoneNumber: '899 123 456' }, 'phoneNumber', 'Il numero di telefono non è valido'],
      [{ mobileNumber: '+39 12' }, 'mobileNumber', 'Il numero di cellulare non è valido'],
      [{ addressPostCode: '0018' }, 'addressPostCode', 'Il CAP non è valido'],
      [{ addressProvince: 'ZZ' }, 'addressProvince', 'La provincia non è valida'],
      [{ name: '' }, 'name', 'Inserisci la ragione sociale'],
      [{ email: null }, 'email', "Inserisci l'indirizzo email"],
      [{ email: 'amministrazione.demo.it' }, 'email', 'Inserisci un indirizzo email valido'],
    ];
    for (const [patch, field, message] of cases) {
      const bad = await saveCompany(patch);
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(bad), JSON.stringify(patch)).toEqual({ [`workspace_company.${field}`]: message });
    }
  });
});

describe('logos: upload, use in the company details, the header route', () => {
  it('a logo of another workspace, of another kind, or unknown is refused on its field; nothing changes', async () => {
    const before = await read();
    const theirs = await logoId(png(), 'beta.png', betaAdmin, ctx.ws.beta);
    // A document of the same workspace (not a logo): stored and recorded as the documents module does.
    const [doc] = await storeMade(ctx.deps, workspaceScope(ctx.ws.demo), 'document', [
      { name: 'contratto.pdf', bytes: pdf([['Contratto']]), contentType: 'application/pdf' },
    ]);
    await ctx.db.transaction((tx) =>
      recordUploads(tx, workspaceScope(ctx.ws.demo), [doc!], {
        userId: admin.userId,
        userInfoId: null,
        requestId: 'test',
      }),
    );
    for (const bad of [theirs, doc!.id, randomUUID()]) {
      const res = await saveCompany({ squareLogo: bad });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res)).toEqual({ 'workspace_company.squareLogo': 'File non trovato' });
    }
    const bad = await saveCompany({ logo: 'non-un-id' });
    expect(fieldErrors(bad)).toEqual({ 'workspace_company.logo': 'Identificativo non valido' });
    expect(await read()).toEqual(before);
  });

  it('the square logo shows to everyone in the workspace, inline, cached and revalidated; other files are not found', async () => {
    const square = await logoId(png(), 'quadrato.png');
    const unused = await logoId(png(), 'non-usato.png');
    const res = await saveCompany({ squareLogo: square });
    expect(res.json().workspace_company.squareLogo).toBe(square);
    const list = await ctx.get('/workspace/list', { session: member });
    expect(list.json().find((w: { id: string }) => w.id === ctx.ws.demo).square_logo).toBe(square);

    // The bytes stored at upload (a PNG made anew from the uploaded one, issue 30), exactly.
    const stored = await readAll(await ctx.deps.storage.get(`${ctx.ws.demo}/${square}`));
    expect(stored.subarray(0, 8).equals(png().subarray(0, 8))).toBe(true);
    for (const session of [admin, accountant, member]) {
      const img = await ctx.get(`/workspace/logo/${square}`, inDemo(session));
      expect(img.statusCode, session.email).toBe(200);
      expect(img.rawPayload.equals(stored)).toBe(true);
      expect(img.headers).toMatchObject({
        'content-type': 'image/png',
        'content-disposition': 'inline',
        'cache-control': 'private, max-age=86400',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      expect(img.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    }
    const etag = String((await ctx.get(`/workspace/logo/${square}`, inDemo(member))).headers.etag);
    const again = await ctx.get(`/workspace/logo/${square}`, { ...inDemo(member), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // Not a logo of the company (an upload never saved, an unknown id) or another company's: not found.
    for (const id of [unused, randomUUID()])
      expect(expectError(await ctx.get(`/workspace/logo/${id}`, inDemo(member)), 404, 'NOT_FOUND').message).toBe(
        'File non trovato',
      );
    const betaSquare = await logoId(png(), 'beta.png', betaAdmin, ctx.ws.beta);
    const betaSave = await ctx.post(
      `/admin/workspace/${ctx.ws.beta}`,
      {
        workspace_company: {
          ...(await ctx.get(`/admin/workspace/${ctx.ws.beta}`, { session: betaAdmin, workspace: ctx.ws.beta })).json()
            .workspace_company,
          squareLogo: betaSquare,
        },
      },
      { session: betaAdmin, workspace: ctx.ws.beta },
    );
    expect(betaSave.statusCode, betaSave.body).toBe(200);
    expectError(await ctx.get(`/workspace/logo/${betaSquare}`, inDemo(admin)), 404, 'NOT_FOUND');
    expect(
      (await ctx.get(`/workspace/logo/${betaSquare}`, { session: betaAdmin, workspace: ctx.ws.beta })).statusCode,
    ).toBe(200);
    expectError(await ctx.get(`/workspace/logo/${square}`), 401, 'UNAUTHENTICATED');
  });

  it('a replaced or removed logo is deleted with its bytes queued for the sweeper; the change is audited', async () => {
    const first = await logoId(png(), 'primo.png');
    const second = await logoId(png(), 'secondo.png');
    await saveCompany({ logo: first, squareLogo: first });
    // The same file in both places: replacing one keeps it.
    let res = await saveCompany({ squareLogo: second });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select({ id: files.id }).from(files).where(eq(files.id, first))).toHaveLength(1);
    res = await saveCompany({ logo: null });
    expect(res.json().workspace_company).toMatchObject({ logo: null, squareLogo: second });
    expect(await ctx.db.select({ id: files.id }).from(files).where(eq(files.id, first))).toHaveLength(0);
    const queued = await ctx.db
      .select({ key: fileDeletions.storageKey })
      .from(fileDeletions)
      .where(eq(fileDeletions.storageKey, `${ctx.ws.demo}/${first}`));
    expect(queued).toHaveLength(1);
    const [entry] = await auditOf(ctx, res);
    expect(entry!.changes).toEqual({ logoFileId: { from: first, to: null } });
    expectError(await ctx.get(`/workspace/logo/${first}`, inDemo(member)), 404, 'NOT_FOUND');
  });
});

describe('the logo on exported PDFs', () => {
  const timesheetPdf = () =>
    ctx.get('/attendance/attendance-data/timesheet/export', {
      ...inDemo(admin),
      query: { from: '2026-06-01', to: '2026-06-07', format: 'pdf' },
    });
  const deliveryPdf = () =>
    ctx.get('/admin/paycheck/delivery/export', {
      ...inDemo(admin),
      query: { year: '2026', month: '9', format: 'pdf' },
    });

  it('no logo, no image; a PNG logo is drawn in the timesheet’s and the delivery report’s heading', async () => {
    await saveCompany({ logo: null, squareLogo: null });
    for (const res of [await timesheetPdf(), await deliveryPdf()]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(hasImage(res)).toBe(false);
    }
    await saveCompany({ logo: await logoId() });
    for (const res of [await timesheetPdf(), await deliveryPdf()]) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(hasImage(res)).toBe(true);
    }
  });

  it('a WebP logo is stored as a PNG (issue 30), so the PDFs draw it too', async () => {
    const webp = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#1a415b' } })
      .webp()
      .toBuffer();
    const wide = await logoId(webp, 'logo.webp');
    await saveCompany({ logo: wide, squareLogo: null });
    for (const res of [await timesheetPdf(), await deliveryPdf()]) {
      expect(res.statusCode).toBe(200);
      expect(hasImage(res)).toBe(true);
    }
  });

  it('a stored logo that crashes the PDF renderer fails that export with a 503, and the server goes on', async () => {
    // A logo stored before uploads were made anew (issue 30): pdfkit's PNG decoder throws inside a zlib callback on it,
    // which took the whole process down. Written straight into the storage, as the old upload did.
    const id = await logoId();
    await ctx.deps.storage.put(`${ctx.ws.demo}/${id}`, hostilePng(), { contentType: 'application/octet-stream' });
    await saveCompany({ logo: id, squareLogo: null });
    for (const res of [await timesheetPdf(), await deliveryPdf()]) {
      expectError(res, 503, 'UNAVAILABLE');
      expect(res.json().message).toBe(apiMsg.render.pdfFailed);
    }
    // The process is alive and the other exports work.
    await saveCompany({ logo: null, squareLogo: null });
    const res = await timesheetPdf();
    expect(res.statusCode).toBe(200);
    expect(hasImage(res)).toBe(false);
  });
});

describe('the workspace time zone', () => {
  const marioPunches = async () => {
    const mario = (await membershipOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo))!.id;
    return ctx.db
      .select({ id: punches.id, timeZone: punches.timeZone, localDate: punches.localDate })
      .from(punches)
      .where(and(eq(punches.workspaceId, ctx.ws.demo), eq(punches.userInfoId, mario)));
  };

  it('an IANA zone is saved and audited; anything else is refused with its Italian message; left out, it stays', async () => {
    for (const bad of ['Europe/Atlantide', 'GMT+1', '', 'europe/rome', 42]) {
      const res = await save({ time_zone: bad });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), String(bad)).toEqual({ time_zone: 'Il fuso orario non è valido' });
    }
    expect((await read()).time_zone).toBe('Europe/Rome');
    expectError(await save({ time_zone: 'Europe/London' }, accountant), 403, 'FORBIDDEN');

    const res = await save({ time_zone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().time_zone).toBe('America/New_York');
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({ action: 'workspace.update', entityId: ctx.ws.demo, actorUserId: admin.userId });
    expect(entry!.changes).toEqual({ timeZone: { from: 'Europe/Rome', to: 'America/New_York' } });
    // A save without the field keeps it (the company form sends none).
    expect((await saveCompany({ addressNote: 'Citofono 3' })).json().time_zone).toBe('America/New_York');
    // Everyone's next request reads it: the employee's attendance info says the new zone.
    const me = await ctx.get('/user', inDemo(member));
    const info = me.json().attendance_infos.find((i: { workspace_id: string }) => i.workspace_id === ctx.ws.demo);
    expect(info.time_zone).toBe('America/New_York');
  });

  it('a new clock-in is read in the new zone; the punches recorded before keep theirs', async () => {
    const before = await marioPunches();
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before.map((p) => p.timeZone))).toEqual(new Set(['Europe/Rome']));
    const state = (await ctx.get('/member/clock', inDemo(member))).json().state as 'in' | 'out';
    const clocked = await ctx.post('/member/clock', { direction: state === 'in' ? 'out' : 'in' }, inDemo(member));
    expect(clocked.statusCode, clocked.body).toBe(200);
    const after = await marioPunches();
    const added = after.filter((p) => !before.some((b) => b.id === p.id));
    expect(added).toHaveLength(1);
    expect(added[0]!.timeZone).toBe('America/New_York');
    const kept = await ctx.db
      .select({ id: punches.id, timeZone: punches.timeZone, localDate: punches.localDate })
      .from(punches)
      .where(
        inArray(
          punches.id,
          before.map((p) => p.id),
        ),
      );
    expect(kept.sort((a, b) => a.id.localeCompare(b.id))).toEqual(before.sort((a, b) => a.id.localeCompare(b.id)));
    // Back to Rome for whatever runs next.
    expect((await save({ time_zone: 'Europe/Rome' })).json().time_zone).toBe('Europe/Rome');
  });
});
