import { randomUUID } from 'node:crypto';
import { apiMsg, ErrorCode, msg } from '@timbro/shared';
import type { FastifyRequest } from 'fastify';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { FileTooLargeError, readAll } from '../../lib/storage';
import { FILE_KINDS, sizeLabel, type FileKind, type SniffedType } from './file-kinds';
import * as repo from './files.repository';
import { ContentCheck, WrongTypeError } from './upload-checks';

/**
 * A multipart form with files, read within its limits while it arrives (ADR 0016, ADR 0028): each file checked and
 * stored as a pending upload under the company's quota, the fields kept; what a failed request stored is discarded.
 */

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

export const MB = 1024 * 1024;

/** "2 GB", "500 MB": a quota as the refusal says it. */
export const quotaLabel = (mb: number) => (mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`);

/** How long an upload may stay unrecorded before its bytes are swept (a process that died mid-request). */
export const RESERVATION_MS = 60 * 60 * 1000;

const MAX_FIELDS = 20;

const MAX_FIELD_BYTES = 20_000;

export const fileError = (code: ErrorCode, message: string) =>
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

/** An upload's bytes, stored and not yet recorded, read whole (at most its kind's limit). */
export async function readPendingUpload(deps: AppDeps, pending: PendingUpload): Promise<Buffer> {
  return readAll(await deps.storage.get(pending.key), FILE_KINDS[pending.kind].maxBytes);
}
