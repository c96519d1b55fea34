import { randomUUID } from 'node:crypto';
import { apiMsg, ErrorCode, msg } from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { sendFile, sendInlineImage } from '../../lib/http-file';
import { FileTooLargeError, readAll, StoredFileMissingError } from '../../lib/storage';
import type { ActorRef, RequestCtx } from '../../plugins/request-context';
import { FILE_KINDS, sizeLabel, type FileKind, type SniffedType } from './file-kinds';
import * as repo from './files.repository';
import { limitWork } from '../../lib/work-limits';
import { cleanImage, IMAGE_MAX_PIXELS, ImageRefused } from './image-check';
import { ContentCheck, WrongTypeError } from './upload-checks';

export type { FileRow } from './files.repository';

/** An upload whose bytes are stored but not yet recorded: `recordUpload` in the caller's transaction, or `discardUpload`. */
export interface PendingUpload {
  id: string;
  key: string;
  name: string;
  contentType: SniffedType;
  size: number;
  sha256: string;
  kind: FileKind;
  /** The reservation row that removes the bytes if the file is never recorded (a crash, a refusal). */
  reservation: number;
}

export interface ReceivedForm {
  file: PendingUpload | null;
  /** Every `file` part, in order (several only when the caller allowed it). */
  files: PendingUpload[];
  /** The form's other fields, as strings (the route validates them with its schema). */
  fields: Record<string, string>;
}

const MB = 1024 * 1024;

/** How long an upload may stay unrecorded before its bytes are swept (a process that died mid-request). */
const RESERVATION_MS = 60 * 60 * 1000;
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 20_000;

const fileError = (code: ErrorCode, message: string) =>
  new AppError(code, message, { errors: [{ path: 'file', message }] });

/**
 * A file name fit to show and to offer on download: no path, no control characters (C0, DEL, C1), no bidi embeddings,
 * overrides or isolates (a name that reverses the text around it: "fattura\u202Efdp.exe" reads "fatturaexe.pdf"), at
 * most 200 characters.
 */
export function cleanFileName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const name = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .slice(-200);
  return name || fallback;
}

/**
 * Reads a multipart form whose file (field `file`) streams straight to the storage, checked while it is read: the
 * type from its first bytes, the size against the kind's limit (413 as soon as it is passed), a PDF's password
 * protection. Nothing of a refused file stays stored. The file is optional for the caller to require.
 */
export async function receiveForm(
  deps: AppDeps,
  request: FastifyRequest,
  scope: WorkspaceScope,
  kind: FileKind,
  opts: {
    /** Several `file` parts (an announcement's attachments); one by default. */
    maxFiles?: number;
    /** Their sizes together, checked while they are read; the refusal's text. */
    total?: { maxBytes: number; tooLarge: string; tooMany: string };
    /** The longest text field, in bytes (an announcement's HTML needs more than the default). */
    maxFieldBytes?: number;
  } = {},
): Promise<ReceivedForm> {
  const rule = FILE_KINDS[kind];
  const maxFiles = opts.maxFiles ?? 1;
  const fields: Record<string, string> = {};
  const stored: PendingUpload[] = [];
  if (!request.isMultipart()) return { file: null, files: stored, fields };
  // The company's storage left (issue 30 item 8): a file that would pass it stops being read there.
  const storage = await repo.storageOf(deps.db, scope);
  let roomBytes = storage.quotaMb * MB - storage.usedBytes;
  let roomFiles = storage.quotaFiles - storage.usedFiles;
  /** Whether an error comes from the storage (a failure of ours) rather than from reading the form (the client's). */
  let storing = false;
  try {
    const parts = request.parts({
      limits: {
        fileSize: rule.maxBytes + 1,
        files: maxFiles + 1,
        fields: MAX_FIELDS,
        fieldSize: opts.maxFieldBytes ?? MAX_FIELD_BYTES,
      },
    });
    let used = 0;
    for await (const part of parts) {
      if (part.type === 'field') {
        // A field cut at the limit is refused, never taken shortened.
        if (part.valueTruncated)
          throw new AppError(ErrorCode.VALIDATION_FAILED, apiMsg.upload.failed, {
            errors: [{ path: part.fieldname, message: msg.tooLong(opts.maxFieldBytes ?? MAX_FIELD_BYTES) }],
          });
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file' || (maxFiles === 1 && stored.length === 1)) {
        part.file.resume();
        continue;
      }
      if (stored.length >= maxFiles) {
        part.file.resume();
        throw fileError(ErrorCode.VALIDATION_FAILED, opts.total?.tooMany ?? apiMsg.upload.failed);
      }
      if (roomFiles <= 0) {
        part.file.resume();
        throw fileError(ErrorCode.PAYLOAD_TOO_LARGE, apiMsg.upload.quotaFiles(storage.quotaFiles));
      }
      // The total is a limit of its own: a file that would pass it stops being read there.
      const room = opts.total ? opts.total.maxBytes - used : rule.maxBytes;
      const name = cleanFileName(part.filename, 'file');
      let one: PendingUpload;
      try {
        storing = true;
        const max = Math.min(rule.maxBytes, Math.max(room, 0), Math.max(roomBytes, 0));
        one = await store(deps, scope, kind, part.file, name, max);
        storing = false;
      } catch (err) {
        const tooLarge = err instanceof AppError && err.code === ErrorCode.PAYLOAD_TOO_LARGE;
        if (tooLarge && roomBytes < Math.min(rule.maxBytes, room))
          throw fileError(ErrorCode.PAYLOAD_TOO_LARGE, apiMsg.upload.quotaBytes(quotaLabel(storage.quotaMb)));
        if (opts.total && room < rule.maxBytes && tooLarge)
          throw fileError(ErrorCode.PAYLOAD_TOO_LARGE, opts.total.tooLarge);
        throw err;
      }
      stored.push(one);
      used += one.size;
      roomBytes -= one.size;
      roomFiles -= 1;
    }
  } catch (err) {
    await discardUploads(deps, stored);
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (err instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE')
      throw fileError(ErrorCode.PAYLOAD_TOO_LARGE, apiMsg.upload.tooLarge(sizeLabel(rule.maxBytes)));
    if (code === 'FST_FILES_LIMIT' && opts.total) throw fileError(ErrorCode.VALIDATION_FAILED, opts.total.tooMany);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw fileError(ErrorCode.VALIDATION_FAILED, apiMsg.upload.failed);
    // Anything else the form's parser raises is the request's fault (no boundary, a body that ends before the closing
    // boundary, a broken part header, a `__proto__` or unparsable JSON field): a 400, never a 500.
    if (!storing) throw fileError(ErrorCode.VALIDATION_FAILED, apiMsg.upload.failed);
    throw err;
  }
  return { file: stored[0] ?? null, files: stored, fields };
}

async function store(
  deps: AppDeps,
  scope: WorkspaceScope,
  kind: FileKind,
  body: NodeJS.ReadableStream,
  name: string,
  maxBytes: number = FILE_KINDS[kind].maxBytes,
): Promise<PendingUpload> {
  const rule = { ...FILE_KINDS[kind], maxBytes };
  const id = randomUUID();
  const key = repo.storageKeyOf(scope, id);
  const check = new ContentCheck(rule.types);
  const source = body as import('node:stream').Readable;
  // Watched from the start, before the reservation is written: a part that fails or is cut short (a body that ends
  // mid-file) is often over by then, and a stream piped after its end never ends the storage's write.
  let broken: Error | null = null;
  let writing = false;
  const fail = (err?: Error) => {
    broken ??= err ?? new Error('the upload ended before the file did');
    if (writing) check.destroy(broken);
  };
  source.on('error', fail);
  source.on('close', () => {
    if (!source.readableEnded) fail();
  });
  if (source.destroyed && !source.readableEnded) fail();
  const [reservation] = await repo.queueDeletions(deps.db, [key], new Date(Date.now() + RESERVATION_MS));
  let stored: { size: number; sha256: string };
  try {
    if (broken) throw broken;
    writing = true;
    stored = await deps.storage.put(key, source.pipe(check), {
      contentType: 'application/octet-stream',
      maxBytes: rule.maxBytes,
    });
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    await repo.dropDeletions(deps.db, [reservation!]);
    // Drain what the client still sends, so the answer reaches it.
    source.resume();
    if (err instanceof WrongTypeError || check.errored instanceof WrongTypeError)
      throw fileError(ErrorCode.VALIDATION_FAILED, apiMsg.upload.wrongType(rule.label));
    if (err instanceof FileTooLargeError || (source as { truncated?: boolean }).truncated)
      throw fileError(ErrorCode.PAYLOAD_TOO_LARGE, apiMsg.upload.tooLarge(sizeLabel(rule.maxBytes)));
    if (broken) throw fileError(ErrorCode.VALIDATION_FAILED, apiMsg.upload.failed);
    throw err;
  }
  const pending: PendingUpload = {
    id,
    key,
    name,
    contentType: check.type ?? 'application/pdf',
    size: stored.size,
    sha256: stored.sha256,
    kind,
    reservation: reservation!,
  };
  if ((source as { truncated?: boolean }).truncated) {
    await discardUpload(deps, pending);
    throw fileError(ErrorCode.PAYLOAD_TOO_LARGE, apiMsg.upload.tooLarge(sizeLabel(rule.maxBytes)));
  }
  if (stored.size === 0 || check.type === null) {
    await discardUpload(deps, pending);
    throw fileError(
      ErrorCode.VALIDATION_FAILED,
      stored.size === 0 ? apiMsg.upload.fileEmpty : apiMsg.upload.wrongType(rule.label),
    );
  }
  if (check.encrypted && rule.refuseEncryptedPdf) {
    await discardUpload(deps, pending);
    throw fileError(ErrorCode.VALIDATION_FAILED, apiMsg.upload.encryptedPdf);
  }
  return pending;
}

/** The form's file, or a 400 on `file` when there is none. */
export function requireFile(form: ReceivedForm): PendingUpload {
  if (!form.file) throw fileError(ErrorCode.VALIDATION_FAILED, apiMsg.upload.fileMissing);
  return form.file;
}

/** "2 GB", "500 MB": a quota as the refusal says it. */
const quotaLabel = (mb: number) => (mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`);

/**
 * A person's uploads, checked in the transaction that records them (issue 30 item 8): counted against the person's
 * and the company's hourly upload limits, and the company's storage with them must stay within its quota (checked
 * under a per-company lock, so two uploads cannot both pass). Over either, the transaction rolls back.
 */
async function checkPersonUploads(q: Queryable, scope: WorkspaceScope, pending: PendingUpload[], actor: ActorRef) {
  await limitWork(q, 'upload', { userId: actor.userId, workspaceId: scope.workspaceId });
  await repo.lockStorage(q, scope);
  const s = await repo.storageOf(q, scope);
  if (s.usedFiles + pending.length > s.quotaFiles)
    throw fileError(ErrorCode.PAYLOAD_TOO_LARGE, apiMsg.upload.quotaFiles(s.quotaFiles));
  if (s.usedBytes + pending.reduce((sum, p) => sum + p.size, 0) > s.quotaMb * MB)
    throw fileError(ErrorCode.PAYLOAD_TOO_LARGE, apiMsg.upload.quotaBytes(quotaLabel(s.quotaMb)));
}

/** GET …: the company's storage, for the admin's company page and the operator's list. */
export async function storageUsage(q: Queryable, scope: WorkspaceScope) {
  const s = await repo.storageOf(q, scope);
  return { usedBytes: s.usedBytes, usedFiles: s.usedFiles, quotaMb: s.quotaMb, quotaFiles: s.quotaFiles };
}

/**
 * Records the uploaded file in the caller's transaction (and drops its reservation there: both commit, or neither),
 * within the person's upload limits and the company's quota.
 */
export async function recordUpload(q: Queryable, scope: WorkspaceScope, pending: PendingUpload, actor: ActorRef) {
  await checkPersonUploads(q, scope, [pending], actor);
  const row = await repo.insertFile(q, scope, {
    id: pending.id,
    name: pending.name,
    contentType: pending.contentType,
    size: pending.size,
    sha256: pending.sha256,
    kind: pending.kind,
    uploadedBy: actor.userId,
  });
  await repo.dropDeletions(q, [pending.reservation]);
  return row;
}

/**
 * Stores files made by the server itself (the slips split from a bulk import), each under a fresh id, behind one
 * reservation statement: like uploads, they are pending until `recordUploads` in the caller's transaction, and the
 * sweeper removes them if they never are (a crash) — `discardUploads` removes them at once on a refusal.
 */
export async function storeMade(
  deps: AppDeps,
  scope: WorkspaceScope,
  kind: FileKind,
  items: { name: string; bytes: Uint8Array; contentType: SniffedType }[],
  onStored?: (done: number) => void,
): Promise<PendingUpload[]> {
  const ids = items.map(() => randomUUID());
  const keys = ids.map((id) => repo.storageKeyOf(scope, id));
  const reservations = await repo.queueDeletions(deps.db, keys, new Date(Date.now() + RESERVATION_MS));
  const out: PendingUpload[] = [];
  try {
    for (const [i, item] of items.entries()) {
      const stored = await deps.storage.put(
        keys[i]!,
        Buffer.from(item.bytes.buffer, item.bytes.byteOffset, item.bytes.byteLength),
        {
          contentType: 'application/octet-stream',
          maxBytes: FILE_KINDS[kind].maxBytes,
        },
      );
      out.push({
        id: ids[i]!,
        key: keys[i]!,
        name: item.name,
        contentType: item.contentType,
        size: stored.size,
        sha256: stored.sha256,
        kind,
        reservation: reservations[i]!,
      });
      onStored?.(i + 1);
    }
  } catch (err) {
    await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)));
    await repo.dropDeletions(deps.db, reservations).catch(() => undefined);
    throw err;
  }
  return out;
}

/**
 * Records many stored files in the caller's transaction: two statements whatever their number. A person's uploads
 * (`byPerson`: an announcement's attachments) are checked like `recordUpload`'s; files the server made (the slips of a
 * publication, a cleaned logo) count in the company's storage but are not refused (a publication never half fails).
 */
export async function recordUploads(
  q: Queryable,
  scope: WorkspaceScope,
  pending: PendingUpload[],
  actor: ActorRef,
  opts: { byPerson?: boolean } = {},
) {
  if (opts.byPerson && pending.length > 0) await checkPersonUploads(q, scope, pending, actor);
  await repo.insertFiles(
    q,
    scope,
    pending.map((p) => ({
      id: p.id,
      name: p.name,
      contentType: p.contentType,
      size: p.size,
      sha256: p.sha256,
      kind: p.kind,
      uploadedBy: actor.userId,
    })),
  );
  await repo.dropDeletions(
    q,
    pending.map((p) => p.reservation),
  );
}

/** `discardUpload` for many. */
export async function discardUploads(deps: AppDeps, pending: PendingUpload[]) {
  for (const p of pending) await discardUpload(deps, p);
}

/** Removes a stored upload that will not be recorded (the form was refused after the file was read). */
export async function discardUpload(deps: AppDeps, pending: PendingUpload) {
  try {
    await deps.storage.delete(pending.key);
    await repo.dropDeletions(deps.db, [pending.reservation]);
  } catch {
    // The reservation stays: the sweeper removes the bytes when it falls due.
  }
}

/**
 * Deletes file records in the caller's transaction and queues their bytes for the sweeper in the same transaction:
 * a rolled-back delete loses nothing, a committed one leaves no orphan once the sweeper has run.
 */
export async function deleteFiles(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  const gone = await repo.deleteFileRows(q, scope, ids);
  await repo.queueDeletions(
    q,
    gone.map((f) => repo.storageKeyOf(scope, f.id)),
  );
  return gone.length;
}

export const findFile = repo.findFile;
export const findFiles = repo.findFiles;
export const filesWithSha = repo.filesWithSha;
export const openCounts = repo.openCounts;
export const opensBy = repo.opensBy;

/** Records one open of a file by a person (every download of a pay slip or document). */
export async function recordOpen(q: Queryable, scope: WorkspaceScope, fileId: string, actor: ActorRef) {
  await repo.insertOpen(q, scope, { fileId, userId: actor.userId, userInfoId: actor.userInfoId });
}

/**
 * Streams a stored file as a download (lib/http-file: attachment, nosniff, sandbox CSP, no caching), with the type
 * read at upload.
 */
export async function sendStoredFile(
  deps: AppDeps,
  reply: FastifyReply,
  scope: WorkspaceScope,
  file: repo.FileRow,
  downloadName = file.name,
) {
  let body;
  try {
    body = await deps.storage.get(repo.storageKeyOf(scope, file.id));
  } catch (err) {
    if (err instanceof StoredFileMissingError) throw notFound(apiMsg.upload.fileNotFound);
    throw err;
  }
  return sendFile(reply, { name: downloadName, type: file.contentType, body, length: file.size });
}

/** How long a browser may keep a shown image (a logo) before asking again: a day, then a 304 when unchanged. */
const IMAGE_MAX_AGE = 24 * 3600;

/** Streams a stored image to be shown inline (lib/http-file: its type, ETag, private caching, nosniff, sandbox CSP). */
export async function sendStoredImage(deps: AppDeps, reply: FastifyReply, scope: WorkspaceScope, file: repo.FileRow) {
  if (!file.contentType.startsWith('image/')) throw notFound(apiMsg.upload.fileNotFound);
  return sendInlineImage(reply, {
    type: file.contentType,
    sha256: file.sha256,
    length: file.size,
    maxAge: IMAGE_MAX_AGE,
    body: async () => {
      try {
        return await deps.storage.get(repo.storageKeyOf(scope, file.id));
      } catch (err) {
        if (err instanceof StoredFileMissingError) throw notFound(apiMsg.upload.fileNotFound);
        throw err;
      }
    },
  });
}

/** An upload's bytes, stored and not yet recorded, read whole (at most its kind's limit). */
export async function readPendingUpload(deps: AppDeps, pending: PendingUpload): Promise<Buffer> {
  return readAll(await deps.storage.get(pending.key), FILE_KINDS[pending.kind].maxBytes);
}

/** A stored file's bytes, read whole (at most its kind's limit): the import job reads its PDF this way. */
export async function readStoredFile(deps: AppDeps, scope: WorkspaceScope, file: repo.FileRow): Promise<Buffer> {
  return readAll(await deps.storage.get(repo.storageKeyOf(scope, file.id)), FILE_KINDS[file.kind].maxBytes);
}

export function presentFile(f: repo.FileRow) {
  return {
    id: f.id,
    name: f.name,
    contentType: f.contentType,
    size: f.size,
    sha256: f.sha256,
    createdAt: f.createdAt.toISOString(),
  };
}

/**
 * POST /admin/file/logo: a logo decoded in a limited child process and stored made anew (issue 30): a fresh opaque PNG
 * of at most 1024 pixels a side, never the uploaded bytes; a file that does not decode, or has more than 4 megapixels,
 * is a 400 on `file`. The company details then point at it by id.
 */
export async function uploadLogo(deps: AppDeps, ctx: RequestCtx, request: FastifyRequest) {
  const raw = requireFile(await receiveForm(deps, request, ctx.scope, 'logo'));
  let clean: PendingUpload;
  try {
    const bytes = await readPendingUpload(deps, raw);
    const image = await cleanImage(bytes);
    [clean] = (await storeMade(deps, ctx.scope, 'logo', [
      { name: pngName(raw.name), bytes: image.bytes, contentType: 'image/png' },
    ])) as [PendingUpload];
  } catch (err) {
    if (err instanceof ImageRefused)
      throw fileError(
        ErrorCode.VALIDATION_FAILED,
        err.reason === 'too-many-pixels'
          ? apiMsg.upload.imageTooManyPixels(IMAGE_MAX_PIXELS / 1_000_000)
          : apiMsg.upload.imageUnreadable,
      );
    throw err;
  } finally {
    await discardUpload(deps, raw);
  }
  try {
    const row = await deps.db.transaction((tx) => recordUpload(tx, ctx.scope, clean, ctx.actor));
    return presentFile(row);
  } catch (err) {
    await discardUpload(deps, clean);
    throw err;
  }
}

/** The uploaded name with the extension of what is stored ("logo.webp" → "logo.png"). */
export const pngName = (name: string) => `${name.replace(/\.[a-z0-9]{1,5}$/i, '') || 'logo'}.png`;
