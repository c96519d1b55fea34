import { createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';

/**
 * One storage for every uploaded file (ADR 0019): pay slips, documents, the pay-slip import, logos, announcement
 * attachments. Two back ends behind this interface — local disk under DATA_DIR/files (one machine) and an
 * S3-compatible bucket (several processes) — and an in-memory one for tests. Keys come from the scope
 * (`files.repository` → `<workspace id>/<file id>`), never from input; `assertKey` refuses anything else.
 */
export interface StoredObject {
  /** Bytes written. */
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
}

export interface PutOptions {
  contentType: string;
  /** Refuse (FileTooLargeError) as soon as more bytes than this arrive; nothing stays stored. */
  maxBytes?: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3' | 'memory';
  /** Streams the body to `key`, replacing what was there; the object appears whole or not at all. */
  put(key: string, body: Readable | Buffer, opts: PutOptions): Promise<StoredObject>;
  /** The object's bytes as a stream; StoredFileMissingError when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

export class StoredFileMissingError extends Error {
  override name = 'StoredFileMissingError';
  constructor(readonly key: string) {
    super(`no stored object at ${key}`);
  }
}

/** A key is one or more segments of lowercase letters, digits and dashes, separated by `/`: no `..`, no absolute path. */
const KEY = /^[a-z0-9][a-z0-9-]{0,99}(\/[a-z0-9][a-z0-9-]{0,99}){0,3}$/;

export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Counts and hashes the bytes that pass, and fails the stream with FileTooLargeError past `maxBytes` (the upload is
 * cut there, while it is read, not after).
 */
export class MeteringStream extends Transform {
  /** Not `size`: the S3 SDK would take a `size` on the body for its length before a byte is read. */
  private counted = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.counted += chunk.length;
    if (this.counted > this.maxBytes) {
      done(new FileTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  result(): StoredObject {
    return { size: this.counted, sha256: this.hash.digest('hex') };
  }
}

export function toStream(body: Readable | Buffer): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

/** Reads a whole stream into memory (tests, and small objects such as a page of a PDF). */
export async function readAll(stream: Readable, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new FileTooLargeError(maxBytes);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}
