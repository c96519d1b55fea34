import { peopleMsg, type FieldError } from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type {
  EmployeeFileInsert as Insert,
  EmployeeFilePatch as Patch,
  EmployeeFileRecord as Row,
  EmployeeFileRepository,
  EmployeeFileTable,
  EmployeeFileWithPerson as WithPerson,
} from '../../db/employee-files';
import type { AppDeps } from '../../deps';
import { audit, diff } from '../../lib/audit';
import { forbidden, notFound, validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import type { FileKind } from './file-kinds';
import {
  deleteFiles,
  findFile,
  findFiles,
  openCounts,
  recordOpen,
  recordUpload,
  requireFile,
  sendStoredFile,
  type FileRow,
} from './files.service';
import { discardUpload, receiveForm, type ReceivedForm } from './receive-form';

/**
 * Employee file records (issue 31): records that each give one employee one stored file — pay slips, documents, and
 * whatever file kind comes next. Admins file, replace and delete them and download the file (the open is logged); the
 * employee lists and downloads their own (the first download is recorded). This is the one skeleton of those steps;
 * the owner module gives its repository (`employeeFileRepository(<its table>)`, db/employee-files.ts), its texts and
 * its fields, and adds what is its own (a document's reminders, a pay slip's e-mail) through the hooks.
 */

export interface EmployeeFileKind<T extends EmployeeFileTable, Fields> {
  repo: EmployeeFileRepository<T>;
  /** The audit's entity type and its actions' prefix: `document` → `document.create`, `.update`, `.delete`. */
  entity: string;
  /** The upload rule of the file (files/file-kinds.ts). */
  upload: FileKind;
  /** "Not found" of a record, of another person's, and of its file. */
  notFound: string;
  /** The form's fields, checked (`parseFileForm`); a refusal discards the upload. */
  parse(deps: AppDeps, form: ReceivedForm, creating: boolean): Promise<Fields>;
  /** The record's columns of the fields. */
  columns(fields: Fields): Patch<T>;
  /** What else starts again with a new file (its first open always does). */
  newFile?: Patch<T>;
  /** What the audit of a deletion keeps of the record. */
  deleted(row: Row<T>): Record<string, unknown>;
  /** Whether the employee still sees their record (a document until its expiry date); always by default. */
  visibleToOwner?(row: Row<T>, ctx: RequestCtx): boolean;
  /** The download's file name; the uploaded file's by default. */
  downloadName?(row: WithPerson<T>): string;
}

/**
 * The multipart fields checked with the shared schema: every error at once, one per field (`fileMissing`: the file is
 * required, and its absence is one of them). A refusal removes the file that came with the form. `lineBreaks`: a
 * multipart form sends line breaks as CRLF (HTML spec); they are stored as LF, like a JSON body's.
 */
export async function parseFileForm<S extends z.ZodType>(
  deps: AppDeps,
  form: ReceivedForm,
  schema: S,
  opts: { lineBreaks?: boolean; fileMissing?: string } = {},
): Promise<z.output<S>> {
  const input = opts.lineBreaks
    ? Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v.replace(/\r\n?/g, '\n')]))
    : form.fields;
  const parsed = schema.safeParse(input);
  const errors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  if (opts.fileMissing && !form.file) errors.push({ path: 'file', message: opts.fileMissing });
  if (parsed.success && errors.length === 0) return parsed.data;
  if (form.file) await discardUpload(deps, form.file);
  throw validation(errors.filter((e, n) => errors.findIndex((x) => x.path === e.path) === n));
}

/** The steps of one kind of employee file record, each as its route needs it. */
export function employeeFileRecords<T extends EmployeeFileTable, Fields>(kind: EmployeeFileKind<T, Fields>) {
  const { repo } = kind;

  /** The record, or a 404 (another workspace's too); `forUpdate` locks it for the caller's transaction. */
  async function get(q: Queryable, ctx: RequestCtx, id: string, forUpdate = false) {
    const row = await repo.find(q, ctx.scope, id, forUpdate);
    if (!row) throw notFound(kind.notFound);
    return row;
  }

  /** The employee of the caller (the member routes), or 403 for an account without a record here. */
  function own(ctx: RequestCtx) {
    const userInfoId = ctx.actor.userInfoId;
    if (!userInfoId) throw forbidden();
    return userInfoId;
  }

  /** One of the employee's own records that they still see; anything else (another's) is not found. */
  async function ownOr404(q: Queryable, ctx: RequestCtx, id: string) {
    const row = await repo.find(q, ctx.scope, id);
    if (!row || row.userInfoId !== own(ctx) || (kind.visibleToOwner && !kind.visibleToOwner(row, ctx)))
      throw notFound(kind.notFound);
    return row;
  }

  async function employeeOr404(q: Queryable, ctx: RequestCtx, userInfoId: string) {
    const person = await repo.findEmployee(q, ctx.scope, userInfoId);
    if (!person) throw notFound(peopleMsg.userNotFound);
    return person;
  }

  async function fileOr404(q: Queryable, ctx: RequestCtx, fileId: string) {
    const file = await findFile(q, ctx.scope, fileId);
    if (!file) throw notFound(kind.notFound);
    return file;
  }

  return {
    get,
    own,

    /** The employee of this workspace, or 404. */
    employeeOr404,

    /** Rows with their files and (for admins) how often each was opened: one or two statements, whatever the rows. */
    async withFiles<R extends { fileId: string }>(q: Queryable, ctx: RequestCtx, rows: R[], opens = false) {
      const ids = rows.map((r) => r.fileId);
      const [fileRows, counts] = await Promise.all([
        findFiles(q, ctx.scope, ids),
        opens ? openCounts(q, ctx.scope, ids) : new Map<string, number>(),
      ]);
      const byId = new Map(fileRows.map((f) => [f.id, f]));
      return rows.map((row) => ({ row, file: byId.get(row.fileId)!, opens: counts.get(row.fileId) ?? 0 }));
    },

    /**
     * POST /admin/user/{id}/<kind>: the fields and the file in one form, in one transaction with `then` (what the
     * kind adds: reminders, the employee's notification) and the audit entry. Returns the new record's id.
     */
    async create(
      deps: AppDeps,
      ctx: RequestCtx,
      userInfoId: string,
      request: FastifyRequest,
      then?: (tx: Queryable, row: Row<T>, fields: Fields) => Promise<void>,
    ): Promise<string> {
      await employeeOr404(deps.db, ctx, userInfoId);
      const form = await receiveForm(deps, request, ctx.scope, kind.upload);
      const fields = await kind.parse(deps, form, true);
      const upload = requireFile(form);
      try {
        return await deps.db.transaction(async (tx) => {
          await recordUpload(tx, ctx.scope, upload, ctx.actor);
          const row = await repo.insert(tx, ctx.scope, {
            userInfoId,
            ...kind.columns(fields),
            fileId: upload.id,
            createdBy: ctx.actor.userId,
          } as Insert<T>);
          await then?.(tx, row, fields);
          await audit(tx, ctx, {
            action: `${kind.entity}.create`,
            entity: { type: kind.entity, id: row.id },
            changes: { ...fields, userInfoId, file: upload.sha256 },
          });
          return row.id;
        });
      } catch (err) {
        await discardUpload(deps, upload);
        throw err;
      }
    },

    /**
     * POST /admin/<kind>/{id}: the fields again, and optionally a new file, which the employee has not opened yet (the
     * old one's bytes go to the sweeper). `then` runs in the transaction with the record as it was.
     */
    async update(
      deps: AppDeps,
      ctx: RequestCtx,
      id: string,
      request: FastifyRequest,
      then?: (tx: Queryable, before: WithPerson<T>, fields: Fields) => Promise<void>,
    ) {
      await get(deps.db, ctx, id);
      const form = await receiveForm(deps, request, ctx.scope, kind.upload);
      const fields = await kind.parse(deps, form, false);
      const upload = form.file;
      try {
        await deps.db.transaction(async (tx) => {
          const before = await get(tx, ctx, id, true);
          if (upload) await recordUpload(tx, ctx.scope, upload, ctx.actor);
          const after = await repo.update(tx, ctx.scope, id, {
            ...kind.columns(fields),
            ...(upload ? { fileId: upload.id, attachmentFirstOpenAt: null, ...kind.newFile } : {}),
          });
          if (upload) await deleteFiles(tx, ctx.scope, [before.fileId]);
          await then?.(tx, before, fields);
          await audit(tx, ctx, {
            action: `${kind.entity}.update`,
            entity: { type: kind.entity, id },
            changes: diff(before, after!),
          });
        });
      } catch (err) {
        if (upload) await discardUpload(deps, upload);
        throw err;
      }
      if (upload) await deps.triggerJob('file-sweep');
    },

    /** DELETE /admin/<kind>/{id}: the record and its file (the bytes go to the sweeper), in one transaction. */
    async remove(deps: AppDeps, ctx: RequestCtx, id: string) {
      await deps.db.transaction(async (tx) => {
        const row = await repo.remove(tx, ctx.scope, id);
        if (!row) throw notFound(kind.notFound);
        await deleteFiles(tx, ctx.scope, [row.fileId]);
        await audit(tx, ctx, {
          action: `${kind.entity}.delete`,
          entity: { type: kind.entity, id },
          changes: kind.deleted(row),
        });
      });
      await deps.triggerJob('file-sweep');
    },

    /** GET /admin/<kind>/{id}/attachment: the admin's open is logged, never taken for the employee's first open. */
    async adminDownload(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
      const row = await get(deps.db, ctx, id);
      const file = await fileOr404(deps.db, ctx, row.fileId);
      await recordOpen(deps.db, ctx.scope, file.id, ctx.actor);
      return sendStoredFile(deps, reply, ctx.scope, file, kind.downloadName?.(row));
    },

    /** GET /member/<kind>/{id}: one of the employee's own records with its file. */
    async mine(q: Queryable, ctx: RequestCtx, id: string): Promise<{ row: WithPerson<T>; file: FileRow }> {
      const row = await ownOr404(q, ctx, id);
      return { row, file: await fileOr404(q, ctx, row.fileId) };
    },

    /** GET /member/<kind>/{id}/attachment: the first download sets attachmentFirstOpenAt; every one is logged. */
    async myDownload(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
      const { row, file } = await deps.db.transaction(async (tx) => {
        const row = await ownOr404(tx, ctx, id);
        const file = await fileOr404(tx, ctx, row.fileId);
        await repo.markFirstOpen(tx, ctx.scope, id, new Date());
        await recordOpen(tx, ctx.scope, file.id, ctx.actor);
        return { row, file };
      });
      return sendStoredFile(deps, reply, ctx.scope, file, kind.downloadName?.(row));
    },
  };
}
