import { addDays, apiMsg, docMsg, inputMsg, msg, peopleMsg, type AdminDocument, type Document } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, fileDeletions, fileOpens, files, workspaces } from '../src/db/schema';
import type { MemoryStorage } from '../src/lib/storage/memory';
import { todayIn } from '../src/lib/time';
import { buildEmployee } from './factories';
import {
  auditOf,
  coldStatements,
  expectError,
  fieldErrors,
  membershipIdOf,
  useDemoContext,
  type DemoContext,
} from './helpers';
import { exe, html, pdf, png, svgWithScript } from './upload-corpus';

/**
 * Employee documents through the API (spec §3, §4): filing one (every field error, the uploads refused with nothing
 * kept), the admin's list (filters, sorting, pages, a fixed number of statements), editing with and without a new file,
 * deleting, the expiry rule as the employee sees it, the first-open mark, the download's headers, and Beta's documents
 * out of Demo's reach.
 */

let { ctx, member } = {} as DemoContext;
let storage: MemoryStorage;
let mario: string;
let today: string;

const { inDemo, asAdmin, inBeta } = useDemoContext(async (d) => {
  ({ ctx, member } = d);
  storage = ctx.deps.storage as MemoryStorage;
  mario = await membershipIdOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo);
  const [ws] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, ctx.ws.demo));
  today = todayIn(ws!.timeZone);
});

/** A document form as the web sends it: the fields, then the file (none when null). */
function documentForm(fields: Record<string, string>, file: Buffer | null = pdf([['DOCUMENTO']]), name = 'doc.pdf') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file]), name);
  return form;
}

const post = (url: string, form: FormData | object, opts = asAdmin()) => ctx.request('POST', url, form, opts);

/** Files a document for an employee through the API; fails the test on anything but 200. */
async function fileDocument(userInfoId: string, fields: Record<string, string>, file?: Buffer | null, name?: string) {
  const res = await post(`/admin/user/${userInfoId}/document`, documentForm(fields, file, name));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminDocument;
}

async function counts() {
  const n = async (table: typeof files | typeof fileDeletions | typeof documents) =>
    (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return {
    documents: await n(documents),
    files: await n(files),
    deletions: await n(fileDeletions),
    stored: storage.objects.size,
  };
}

function expect400(res: LightMyRequestResponse, errors: Record<string, string>, what = '') {
  expectError(res, 400, 'VALIDATION_FAILED');
  expect(fieldErrors(res), what).toEqual(errors);
}

const wrongType = apiMsg.upload.wrongType('PDF, PNG o JPEG');

describe('POST /admin/user/{id}/document', () => {
  it('files a document with its file, read from its content, in one audited transaction', async () => {
    const before = await counts();
    const res = await post(
      `/admin/user/${mario}/document`,
      documentForm(
        { label: '  Contratto di assunzione ', description: 'Tempo indeterminato\nCCNL commercio', expiresAt: '' },
        pdf([['CONTRATTO']]),
        'contratto.pdf',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as AdminDocument;
    expect(doc).toMatchObject({
      userInfo: { id: mario, firstName: 'Mario', lastName: 'Rossi' },
      label: 'Contratto di assunzione',
      description: 'Tempo indeterminato\nCCNL commercio',
      expiresAt: null,
      expired: false,
      note: null,
      opens: 0,
      attachmentFirstOpenAt: null,
      attachment: { name: 'contratto.pdf', contentType: 'application/pdf', size: pdf([['CONTRATTO']]).length },
    });
    expect(await counts()).toEqual({
      ...before,
      documents: before.documents + 1,
      files: before.files + 1,
      stored: before.stored + 1,
    });
    const [audit] = await auditOf(ctx, res);
    expect(audit).toMatchObject({ action: 'document.create', entityType: 'document', entityId: doc.id });
    expect(audit!.changes).toMatchObject({ label: 'Contratto di assunzione', userInfoId: mario });
  });

  it('takes a PNG or a JPEG too, with an expiry and an internal note', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const a = await fileDocument(mario, { label: 'Scansione', expiresAt: '2030-06-30', note: 'Solo per HR' }, png());
    const b = await fileDocument(mario, { label: 'Foto badge' }, jpeg, 'badge.jpg');
    expect(a).toMatchObject({ expiresAt: '2030-06-30', note: 'Solo per HR', attachment: { contentType: 'image/png' } });
    expect(b.attachment.contentType).toBe('image/jpeg');
  });

  it('every field error in Italian, the missing file too; the uploaded file is not kept', async () => {
    const url = `/admin/user/${mario}/document`;
    const before = await counts();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{}, { label: docMsg.labelRequired }],
      [{ label: '   ' }, { label: docMsg.labelRequired }],
      [{ label: 'x'.repeat(201) }, { label: msg.tooLong(200) }],
      [{ label: 'Contratto\u0000' }, { label: inputMsg.forbiddenCharacters }],
      [{ label: 'Contratto', description: 'x'.repeat(2001) }, { description: msg.tooLong(2000) }],
      [{ label: 'Contratto', description: 'a\u202Eb' }, { description: inputMsg.forbiddenCharacters }],
      [{ label: 'Contratto', note: 'x'.repeat(2001) }, { note: msg.tooLong(2000) }],
      [{ label: 'Contratto', expiresAt: 'domani' }, { expiresAt: msg.invalidDate }],
      [{ label: 'Contratto', expiresAt: '2026-02-30' }, { expiresAt: msg.invalidDate }],
      [{ label: 'Contratto', expiresAt: '1800-01-01' }, { expiresAt: inputMsg.dateOutOfRange }],
      [
        { label: '', expiresAt: '31/12/2026', note: 'x'.repeat(2001) },
        { label: docMsg.labelRequired, expiresAt: msg.invalidDate, note: msg.tooLong(2000) },
      ],
    ];
    for (const [fields, errors] of cases)
      expect400(await post(url, documentForm(fields)), errors, JSON.stringify(fields).slice(0, 60));
    // The file is required: alone, or with the field errors; a JSON body has neither.
    expect400(await post(url, documentForm({ label: 'Contratto' }, null)), { file: docMsg.attachmentRequired });
    expect400(await post(url, documentForm({}, null)), {
      label: docMsg.labelRequired,
      file: docMsg.attachmentRequired,
    });
    expect400(await post(url, { label: 'Contratto' }), {
      label: docMsg.labelRequired,
      file: docMsg.attachmentRequired,
    });
    expect400(await post('/admin/user/x/document', documentForm({ label: 'Contratto' })), { id: msg.invalidId });
    expect(await counts()).toEqual(before);
  });

  it('refuses what is not a PDF, PNG or JPEG whatever its name, an empty or encrypted file, and keeps nothing', async () => {
    const url = `/admin/user/${mario}/document`;
    const before = await counts();
    const cases: [Buffer, string, string][] = [
      [exe(), 'contratto.pdf', wrongType],
      [html(), 'contratto.pdf', wrongType],
      [svgWithScript(), 'firma.svg', wrongType],
      [Buffer.from('junk%PDF-1.4\n'), 'contratto.pdf', wrongType],
      [Buffer.alloc(0), 'contratto.pdf', apiMsg.upload.fileEmpty],
      [pdf([['SEGRETO']], { encrypt: true }), 'protetto.pdf', apiMsg.upload.encryptedPdf],
    ];
    for (const [content, name, message] of cases) {
      const res = await post(url, documentForm({ label: 'Contratto' }, content, name));
      expect(expectError(res, 400, 'VALIDATION_FAILED').message, name).toBe(message);
      expect(fieldErrors(res)).toEqual({ file: message });
    }
    const big = Buffer.concat([pdf([['GRANDE']]), Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await post(url, documentForm({ label: 'Contratto' }, big));
    expect(fieldErrors(tooBig)).toEqual({ file: apiMsg.upload.tooLarge('20 MB') });
    expectError(tooBig, 413, 'PAYLOAD_TOO_LARGE');
    expect(await counts()).toEqual(before);
  });

  it('an employee of another workspace, or none, is not found; nothing is stored', async () => {
    const before = await counts();
    const paolo = await membershipIdOf(ctx, 'paolo.lombardi@beta.timbro.it', ctx.ws.beta);
    for (const id of [paolo, '00000000-0000-4000-8000-000000000000']) {
      const res = await post(`/admin/user/${id}/document`, documentForm({ label: 'Contratto' }));
      expect(expectError(res, 404, 'NOT_FOUND').message).toBe(peopleMsg.userNotFound);
    }
    expect(await counts()).toEqual(before);
  });
});
const asMember = () => inDemo(member);

describe('GET /admin/document and GET /admin/user/{id}/document', () => {
  let anna: string;
  let bruno: string;
  const labels = (res: LightMyRequestResponse) => (res.json().items as AdminDocument[]).map((d) => d.label);
  const list = (query: Record<string, string>, url = '/admin/document') => ctx.get(url, asAdmin(query));

  beforeAll(async () => {
    anna = (await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Anna', lastName: 'Zanardelli' })).userInfoId;
    bruno = (await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Bruno', lastName: 'Abbondanza' })).userInfoId;
    await fileDocument(anna, { label: 'Contratto' });
    await fileDocument(anna, { label: 'Certificato medico', expiresAt: addDays(today, -1) });
    await fileDocument(anna, { label: 'Patente', expiresAt: addDays(today, 10), note: 'Categoria B' });
    await fileDocument(anna, { label: 'Visto', expiresAt: addDays(today, 60) });
    await fileDocument(bruno, { label: 'Attestato sicurezza', expiresAt: today });
  });

  it('filters by employee, by expiry status and by text (label or employee name)', async () => {
    expect(labels(await list({ user_info_id: anna, sort: 'label', order: 'asc' }))).toEqual([
      'Certificato medico',
      'Contratto',
      'Patente',
      'Visto',
    ]);
    const own = await list({ sort: 'label', order: 'asc' }, `/admin/user/${anna}/document`);
    expect(labels(own)).toEqual(['Certificato medico', 'Contratto', 'Patente', 'Visto']);
    const byStatus = async (status: string, search: string) => labels(await list({ status, search, sort: 'label' }));
    expect(await byStatus('valid', 'zanardelli')).toEqual(['Visto', 'Patente', 'Contratto']);
    expect(await byStatus('expiring', 'zanardelli')).toEqual(['Patente']);
    expect(await byStatus('expired', 'zanardelli')).toEqual(['Certificato medico']);
    // A document expiring today is valid and expiring, not expired.
    expect(await byStatus('valid', 'abbondanza')).toEqual(['Attestato sicurezza']);
    expect(await byStatus('expiring', 'abbondanza')).toEqual(['Attestato sicurezza']);
    expect(await byStatus('expired', 'abbondanza')).toEqual([]);
    // Text: the label, the first or last name, both in either order; case-insensitive; wildcards are literal.
    expect(labels(await list({ search: 'PATENTE' }))).toEqual(['Patente']);
    expect(labels(await list({ search: 'bruno abbondanza' }))).toEqual(['Attestato sicurezza']);
    expect(labels(await list({ search: 'Zanardelli Anna', sort: 'label', order: 'asc' }))).toHaveLength(4);
    expect(labels(await list({ search: '%' }))).toEqual([]);
    const expired = (await list({ user_info_id: anna, status: 'expired' })).json().items[0] as AdminDocument;
    expect(expired).toMatchObject({ expired: true, expiresAt: addDays(today, -1), opens: 0 });
  });

  it('sorts by label, employee name, expiry (no expiry last) and creation, with pages in SQL', async () => {
    const q = (sort: string, order: string) => ({ user_info_id: anna, sort, order });
    expect(labels(await list(q('label', 'desc')))).toEqual(['Visto', 'Patente', 'Contratto', 'Certificato medico']);
    expect(labels(await list(q('expiresAt', 'asc')))).toEqual(['Certificato medico', 'Patente', 'Visto', 'Contratto']);
    expect(labels(await list(q('expiresAt', 'desc')))).toEqual(['Visto', 'Patente', 'Certificato medico', 'Contratto']);
    expect(labels(await list(q('createdAt', 'asc')))).toEqual(['Contratto', 'Certificato medico', 'Patente', 'Visto']);
    expect(labels(await list({ user_info_id: anna }))).toEqual(['Visto', 'Patente', 'Certificato medico', 'Contratto']);
    const byName = (await list({ sort: 'name', order: 'asc', per_page: '200' })).json().items as AdminDocument[];
    const names = byName.map((d) => d.userInfo.lastName);
    expect(names.indexOf('Abbondanza')).toBeLessThan(names.indexOf('Rossi'));
    expect(names.lastIndexOf('Rossi')).toBeLessThan(names.indexOf('Zanardelli'));
    const page = async (n: string) => (await list({ ...q('label', 'asc'), per_page: '3', page: n })).json();
    expect(await page('1')).toMatchObject({ total: 4, page: 1, perPage: 3 });
    expect((await page('1')).items.map((d: AdminDocument) => d.label)).toEqual([
      'Certificato medico',
      'Contratto',
      'Patente',
    ]);
    expect((await page('2')).items.map((d: AdminDocument) => d.label)).toEqual(['Visto']);
    expect(await page('3')).toMatchObject({ total: 4, items: [] });
  });

  it('answers the page with a fixed number of statements, whatever its size', async () => {
    const count = async (perPage: string) => {
      const { value: res, n } = await coldStatements(ctx, () => list({ per_page: perPage }));
      expect(res.statusCode, res.body).toBe(200);
      return { n, items: res.json().items.length as number };
    };
    const one = await count('1');
    const many = await count('50');
    expect(one.items).toBe(1);
    expect(many.items).toBeGreaterThan(5);
    expect(many.n).toBe(one.n);
    // The session and its memberships, then the page, the count, the page's files and their open counts.
    expect(one.n).toBe(6);
  });

  it('refuses bad filters in Italian, and an employee who is not in this workspace', async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ sort: 'size' }, { sort: msg.invalidValue }],
      [{ order: 'up' }, { order: msg.invalidValue }],
      [{ status: 'scaduto' }, { status: msg.invalidValue }],
      [{ user_info_id: 'x' }, { user_info_id: msg.invalidId }],
      [{ page: '0' }, { page: msg.invalidValue }],
      [{ per_page: '500' }, { per_page: msg.invalidValue }],
    ];
    for (const [query, errors] of cases) expect400(await list(query), errors, JSON.stringify(query));
    const paolo = await membershipIdOf(ctx, 'paolo.lombardi@beta.timbro.it', ctx.ws.beta);
    const res = await ctx.get(`/admin/user/${paolo}/document`, asAdmin());
    expect(expectError(res, 404, 'NOT_FOUND').message).toBe(peopleMsg.userNotFound);
    expect((await list({ user_info_id: paolo })).json()).toMatchObject({ total: 0, items: [] });
  });
});

describe('editing and deleting', () => {
  it('edits the fields without a new file: the file stays, nothing is queued for deletion', async () => {
    const doc = await fileDocument(mario, { label: 'Visita', description: 'Idoneità', note: 'Da rinnovare' });
    const before = await counts();
    const res = await post(
      `/admin/document/${doc.id}`,
      documentForm({ label: 'Visita medica', expiresAt: '2031-01-31' }, null),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: doc.id,
      label: 'Visita medica',
      description: null,
      note: null,
      expiresAt: '2031-01-31',
      attachment: { id: doc.attachment.id },
    });
    expect(await counts()).toEqual(before);
    const [audit] = await auditOf(ctx, res);
    expect(audit).toMatchObject({ action: 'document.update', entityId: doc.id });
    expect(audit!.changes).toMatchObject({ label: { from: 'Visita', to: 'Visita medica' } });
    expect400(await post(`/admin/document/${doc.id}`, documentForm({ label: '' }, png())), {
      label: docMsg.labelRequired,
    });
    expect400(await post(`/admin/document/${doc.id}`, documentForm({ label: 'Visita' }, exe())), { file: wrongType });
    expect(await counts()).toEqual(before);
  });

  it('a new file replaces the old one: the old bytes are queued for the sweeper in the same transaction', async () => {
    const doc = await fileDocument(mario, { label: 'Busta' });
    expect((await ctx.get(`/member/document/${doc.id}/attachment`, asMember())).statusCode).toBe(200);
    const before = await counts();
    const res = await post(`/admin/document/${doc.id}`, documentForm({ label: 'Busta' }, png(), 'busta.png'));
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as AdminDocument;
    expect(after.attachment).toMatchObject({ name: 'busta.png', contentType: 'image/png' });
    expect(after.attachment.id).not.toBe(doc.attachment.id);
    // The new file has not been opened: its first open starts again, and its opens from zero.
    expect(after).toMatchObject({ attachmentFirstOpenAt: null, opens: 0 });
    expect(await ctx.db.select().from(files).where(eq(files.id, doc.attachment.id))).toEqual([]);
    const queued = await ctx.db
      .select()
      .from(fileDeletions)
      .where(eq(fileDeletions.storageKey, `${ctx.ws.demo}/${doc.attachment.id}`));
    expect(queued).toHaveLength(1);
    expect(await counts()).toEqual({ ...before, deletions: before.deletions + 1, stored: before.stored + 1 });
  });

  it('deletes the document and its file, audited; a second delete is not found', async () => {
    const doc = await fileDocument(mario, { label: 'Da eliminare' });
    const before = await counts();
    const res = await ctx.del(`/admin/document/${doc.id}`, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: docMsg.documentDeleted });
    expect(await counts()).toEqual({
      ...before,
      documents: before.documents - 1,
      files: before.files - 1,
      deletions: before.deletions + 1,
    });
    const [audit] = await auditOf(ctx, res);
    expect(audit).toMatchObject({ action: 'document.delete', entityId: doc.id, changes: { label: 'Da eliminare' } });
    for (const call of [
      () => ctx.del(`/admin/document/${doc.id}`, asAdmin()),
      () => ctx.get(`/admin/document/${doc.id}`, asAdmin()),
      () => post(`/admin/document/${doc.id}`, documentForm({ label: 'X' })),
    ])
      expect(expectError(await call(), 404, 'NOT_FOUND').message).toBe(docMsg.documentNotFound);
    expect(await counts()).toEqual({
      ...before,
      documents: before.documents - 1,
      files: before.files - 1,
      deletions: before.deletions + 1,
    });
  });
});

describe('the expiry rule (spec §4): hidden from the employee the day after, never from admins', () => {
  const docs: Record<'yesterday' | 'today' | 'tomorrow' | 'never', AdminDocument> = {} as never;

  beforeAll(async () => {
    docs.yesterday = await fileDocument(mario, { label: 'Scaduto ieri', expiresAt: addDays(today, -1) });
    docs.today = await fileDocument(mario, { label: 'Scade oggi', expiresAt: today });
    docs.tomorrow = await fileDocument(mario, { label: 'Scade domani', expiresAt: addDays(today, 1) });
    docs.never = await fileDocument(mario, { label: 'Senza scadenza' });
  });

  it('the employee lists, reads and downloads what expires today or later, and nothing past its expiry', async () => {
    const mine = (await ctx.get('/member/document', { ...asMember(), query: { per_page: '200' } })).json();
    const ids = (mine.items as Document[]).map((d) => d.id);
    for (const key of ['today', 'tomorrow', 'never'] as const) {
      expect(ids, key).toContain(docs[key].id);
      expect((await ctx.get(`/member/document/${docs[key].id}`, asMember())).statusCode, key).toBe(200);
      expect((await ctx.get(`/member/document/${docs[key].id}/attachment`, asMember())).statusCode, key).toBe(200);
    }
    expect(ids).not.toContain(docs.yesterday.id);
    expect(mine.total).toBe(ids.length);
    // Newest first.
    expect(ids.indexOf(docs.never.id)).toBeLessThan(ids.indexOf(docs.today.id));
    for (const url of [`/member/document/${docs.yesterday.id}`, `/member/document/${docs.yesterday.id}/attachment`])
      expect(expectError(await ctx.get(url, asMember()), 404, 'NOT_FOUND').message).toBe(docMsg.documentNotFound);
  });

  it('admins still see it, marked expired; moving the expiry on shows it to the employee again', async () => {
    const res = await ctx.get(`/admin/user/${mario}/document`, asAdmin({ per_page: '200' }));
    const byId = new Map((res.json().items as AdminDocument[]).map((d) => [d.id, d]));
    expect(byId.get(docs.yesterday.id)?.expired).toBe(true);
    expect(byId.get(docs.today.id)?.expired).toBe(false);
    expect(byId.get(docs.never.id)?.expired).toBe(false);
    expect((await ctx.get(`/admin/document/${docs.yesterday.id}`, asAdmin())).json().expired).toBe(true);
    expect((await ctx.get(`/admin/document/${docs.yesterday.id}/attachment`, asAdmin())).statusCode).toBe(200);
    const edit = await post(
      `/admin/document/${docs.yesterday.id}`,
      documentForm({ label: 'Rinnovato', expiresAt: '' }, null),
    );
    expect(edit.json()).toMatchObject({ expired: false, expiresAt: null });
    expect((await ctx.get(`/member/document/${docs.yesterday.id}`, asMember())).json()).toMatchObject({
      label: 'Rinnovato',
      expired: false,
    });
  });

  it('the employee’s view has neither the internal note nor the open count', async () => {
    const doc = await fileDocument(mario, { label: 'Con nota', note: 'Riservato' });
    const res = await ctx.get(`/member/document/${doc.id}`, asMember());
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'attachment',
        'attachmentFirstOpenAt',
        'createdAt',
        'description',
        'expired',
        'expiresAt',
        'id',
        'label',
        'updatedAt',
        'userInfo',
      ].sort(),
    );
    expect(res.body).not.toContain('Riservato');
  });
});

describe('downloads', () => {
  it('the employee’s first download sets attachmentFirstOpenAt once; the admin’s never does; every open is counted', async () => {
    const doc = await fileDocument(mario, { label: 'Regolamento aziendale' });
    const read = async () => (await ctx.get(`/admin/document/${doc.id}`, asAdmin())).json() as AdminDocument;
    expect((await ctx.get(`/admin/document/${doc.id}/attachment`, asAdmin())).statusCode).toBe(200);
    expect(await read()).toMatchObject({ attachmentFirstOpenAt: null, opens: 1 });
    expect((await ctx.get(`/member/document/${doc.id}/attachment`, asMember())).statusCode).toBe(200);
    const first = await read();
    expect(first.attachmentFirstOpenAt).toEqual(expect.any(String));
    expect(first.opens).toBe(2);
    expect((await ctx.get(`/member/document/${doc.id}/attachment`, asMember())).statusCode).toBe(200);
    expect((await ctx.get(`/admin/document/${doc.id}/attachment`, asAdmin())).statusCode).toBe(200);
    expect(await read()).toMatchObject({ attachmentFirstOpenAt: first.attachmentFirstOpenAt, opens: 4 });
    const mine = (await ctx.get(`/member/document/${doc.id}`, asMember())).json() as Document;
    expect(mine.attachmentFirstOpenAt).toBe(first.attachmentFirstOpenAt);
    const opens = await ctx.db.select().from(fileOpens).where(eq(fileOpens.fileId, doc.attachment.id));
    expect(opens.map((o) => o.userInfoId).filter((id) => id === mario)).toHaveLength(2);
  });

  it('is an attachment with the type read from the content, nosniff, a sandbox and no caching', async () => {
    const doc = await fileDocument(mario, { label: 'Scansione' }, png(), 'scansione (1).pdf');
    for (const [url, opts] of [
      [`/admin/document/${doc.id}/attachment`, asAdmin()],
      [`/member/document/${doc.id}/attachment`, asMember()],
    ] as const) {
      const res = await ctx.get(url, opts);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="scansione \(1\)\.pdf"/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(png())).toBe(true);
    }
  });
});

describe('another workspace', () => {
  it('Beta’s document is invisible from Demo: not found, not listed, not changed', async () => {
    const paolo = await membershipIdOf(ctx, 'paolo.lombardi@beta.timbro.it', ctx.ws.beta);
    const res = await ctx.request(
      'POST',
      `/admin/user/${paolo}/document`,
      documentForm({ label: 'Documento Beta riservato', note: 'Solo Beta' }),
      inBeta(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const beta = res.json() as AdminDocument;
    const before = await counts();
    const calls: [() => Promise<LightMyRequestResponse>, string][] = [
      [() => ctx.get(`/admin/document/${beta.id}`, asAdmin()), 'GET'],
      [() => ctx.get(`/admin/document/${beta.id}/attachment`, asAdmin()), 'GET attachment'],
      [() => post(`/admin/document/${beta.id}`, documentForm({ label: 'Preso' })), 'POST'],
      [() => ctx.del(`/admin/document/${beta.id}`, asAdmin()), 'DELETE'],
      [() => ctx.get(`/member/document/${beta.id}`, asMember()), 'GET member'],
      [() => ctx.get(`/member/document/${beta.id}/attachment`, asMember()), 'GET member attachment'],
    ];
    for (const [call, what] of calls)
      expect(expectError(await call(), 404, 'NOT_FOUND').message, what).toBe(docMsg.documentNotFound);
    expect((await ctx.get('/admin/document', asAdmin({ search: 'Beta riservato' }))).json().total).toBe(0);
    expect(await counts()).toEqual(before);
    const still = await ctx.get(`/admin/document/${beta.id}`, inBeta());
    expect(still.json()).toMatchObject({ label: 'Documento Beta riservato', opens: 0 });
  });
});
