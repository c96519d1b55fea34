import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  MeteringStream,
  StoredFileMissingError,
  toStream,
  type FileStorage,
  type PutOptions,
  type StoredObject,
} from './storage';

/** Objects in a Map: for tests (the same contract test as the real back ends). */
export class MemoryStorage implements FileStorage {
  readonly kind = 'memory' as const;
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();

  async put(key: string, body: Readable | Buffer, opts: PutOptions): Promise<StoredObject> {
    assertKey(key);
    const meter = new MeteringStream(opts.maxBytes);
    const chunks: Buffer[] = [];
    await pipeline(
      toStream(body),
      meter,
      new Writable({
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk);
          done();
        },
      }),
    );
    this.objects.set(key, { body: Buffer.concat(chunks), contentType: opts.contentType });
    return meter.result();
  }

  async get(key: string): Promise<Readable> {
    const o = this.objects.get(assertKey(key));
    if (!o) throw new StoredFileMissingError(key);
    return Readable.from([o.body]);
  }

  async delete(key: string): Promise<void> {
    this.objects.delete(assertKey(key));
  }

  async exists(key: string): Promise<boolean> {
    return this.objects.has(assertKey(key));
  }
}
