import { randomUUID } from 'node:crypto';
import { apiMsg, ErrorCode } from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { sendFile, sendInlineImage } from '../../lib/http-file';
import { readAll, StoredFileMissingError } from '../../lib/storage';
import type { ActorRef, RequestCtx } from '../../plugins/request-context';
import { FILE_KINDS, type FileKind, type SniffedType } from './file-kinds';
import * as repo from './files.repository';
import { cleanImage, IMAGE_MAX_PIXELS, ImageRefused } from './image-check';
import { checkPersonUploads } from './quota';
import {
  RESERVATION_MS,
  discardUpload,
  fileError,
  readPendingUpload,
  receiveForm,
  type PendingUpload,
  type ReceivedForm,
} from './receive-form';

export type { FileRow } from './files.repository';

/** The form's file, or a 400 on `file` when there is none. */
export function requireFile(form: ReceivedForm): PendingUpload {
  if (!form.file) throw fileError(ErrorCode.VALIDATION_FAILED, apiMsg.upload.fileMissing);
  return form.file;
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
