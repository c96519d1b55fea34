import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertKey,
  MeteringStream,
  StoredFileMissingError,
  toStream,
  type FileStorage,
  type PutOptions,
  type StoredObject,
} from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Ceph, R2…); unset for AWS itself. */
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most S3-compatible services want it). */
  forcePathStyle: boolean;
  /** Put every key under this folder of the bucket (e.g. `timbro/`). */
  prefix: string;
}

const isMissing = (err: unknown) => {
  const name = (err as { name?: string }).name;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
};

/**
 * An S3-compatible bucket: every server process sees the same files. A put streams in parts (5 MiB, two in flight)
 * and completes the object only at the end; a failed or oversized upload is aborted, so no partial object remains.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly s: S3Settings) {
    this.client = new S3Client({
      region: s.region,
      ...(s.endpoint ? { endpoint: s.endpoint } : {}),
      forcePathStyle: s.forcePathStyle,
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
      // Checksums only where S3 requires them: many S3-compatible services do not return the CRC32 of each part
      // that the SDK would otherwise ask for (integrity is ours anyway: the SHA-256 of every file is recorded).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string) {
    return `${this.s.prefix}${assertKey(key)}`;
  }

  async put(key: string, body: Readable | Buffer, opts: PutOptions): Promise<StoredObject> {
    const Key = this.objectKey(key);
    const meter = new MeteringStream(opts.maxBytes);
    const source = toStream(body);
    source.on('error', (err) => meter.destroy(err));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.s.bucket, Key, Body: source.pipe(meter), ContentType: opts.contentType },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // The meter's own error (too large, or the client went away) says more than the SDK's wrapper of it.
      throw meter.errored ?? err;
    }
    if (meter.errored) throw meter.errored;
    return meter.result();
  }

  async get(key: string): Promise<Readable> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: this.objectKey(key) }));
      return res.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new StoredFileMissingError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.s.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  destroy() {
    this.client.destroy();
  }
}
