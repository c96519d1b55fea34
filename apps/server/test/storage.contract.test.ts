import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileTooLargeError, readAll, StoredFileMissingError, type FileStorage } from '../src/lib/storage';
import { LocalDiskStorage } from '../src/lib/storage/local-disk';
import { MemoryStorage } from '../src/lib/storage/memory';
import { S3Storage } from '../src/lib/storage/s3';

/**
 * One contract for every file storage back end (ADR 0019): the in-memory one of the tests, the local disk, and an
 * S3-compatible bucket — a real S3 API server (s3rver) that this file starts on 127.0.0.1 and stops.
 */

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-storage-'));
let s3server: S3rver;
let s3: S3Storage;

beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'timbro-test', configs: [] }],
  });
  const { port } = await s3server.run();
  s3 = new S3Storage({
    bucket: 'timbro-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'timbro/',
  });
});

afterAll(async () => {
  s3?.destroy();
  await s3server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A stream of `n` chunks of `size` random bytes, and their concatenation. */
function chunks(n: number, size: number) {
  const parts = Array.from({ length: n }, () => randomBytes(size));
  return { stream: Readable.from(parts), bytes: Buffer.concat(parts) };
}

const backEnds: [string, () => FileStorage][] = [
  ['memory', () => new MemoryStorage()],
  ['local disk', () => new LocalDiskStorage(path.join(tmp, 'disk'))],
  ['S3-compatible (s3rver)', () => s3],
];

describe.each(backEnds)('%s storage', (_name, make) => {
  const ws = '0b9f7f5e-3c1a-4f1e-9a51-8d0c2b7e1a10';
  const key = (n: number) => `${ws}/00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('stores a buffer and gives the same bytes back, with their size and SHA-256', async () => {
    const storage = make();
    const body = Buffer.from('%PDF-1.7\nbusta paga di marzo\n');
    expect(await storage.put(key(1), body, { contentType: 'application/pdf' })).toEqual({
      size: body.length,
      sha256: sha(body),
    });
    expect(await storage.exists(key(1))).toBe(true);
    expect(await readAll(await storage.get(key(1)))).toEqual(body);
  });

  it('streams a 12 MiB body in chunks (several S3 parts) and hashes it on the way', async () => {
    const storage = make();
    const { stream, bytes } = chunks(12, 1024 * 1024);
    const stored = await storage.put(key(2), stream, { contentType: 'application/pdf' });
    expect(stored).toEqual({ size: bytes.length, sha256: sha(bytes) });
    expect(sha(await readAll(await storage.get(key(2))))).toBe(sha(bytes));
  });

  it('refuses a body over the limit while it is read, and keeps nothing of it', async () => {
    const storage = make();
    const { stream } = chunks(8, 1024 * 1024);
    await expect(
      storage.put(key(3), stream, { contentType: 'application/pdf', maxBytes: 3 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.exists(key(3))).toBe(false);
  });

  it('keeps nothing when the uploader goes away halfway', async () => {
    const storage = make();
    async function* broken() {
      yield randomBytes(64 * 1024);
      throw new Error('connection reset');
    }
    await expect(storage.put(key(4), Readable.from(broken()), { contentType: 'application/pdf' })).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.exists(key(4))).toBe(false);
  });

  it('replaces an object whole; deletes it; deleting again is not an error; a missing object says so', async () => {
    const storage = make();
    await storage.put(key(5), Buffer.from('one'), { contentType: 'application/pdf' });
    await storage.put(key(5), Buffer.from('two, longer'), { contentType: 'application/pdf' });
    expect((await readAll(await storage.get(key(5)))).toString()).toBe('two, longer');
    await storage.delete(key(5));
    await storage.delete(key(5));
    expect(await storage.exists(key(5))).toBe(false);
    await expect(storage.get(key(5))).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('takes only keys made of lowercase segments: no path tricks from anywhere', async () => {
    const storage = make();
    for (const bad of ['../etc/passwd', `${ws}/../x`, '/abs', '', 'A/B', `${ws}/x y`, `${ws}\\x`])
      await expect(storage.put(bad, Buffer.from('x'), { contentType: 'application/pdf' })).rejects.toThrow(
        'invalid storage key',
      );
  });
});

describe('local disk storage shared by processes', () => {
  it('a process starting on the folder removes the temporary files of dead ones, not the writes in progress', async () => {
    const root = path.join(tmp, 'shared');
    const running = new LocalDiskStorage(root);
    // A leftover of a process killed mid-write (no process has that pid).
    const dead = path.join(root, '.partial', '2147483646-00000000-0000-4000-8000-000000000000');
    fs.writeFileSync(dead, '%PDF-1.7\nmeta');
    const body = new PassThrough();
    const first = Buffer.from('%PDF-1.7\nprima metà, ');
    const put = running.put('0b9f7f5e-3c1a-4f1e-9a51-8d0c2b7e1a10/shared', body, { contentType: 'application/pdf' });
    body.write(first);
    const inProgress = () => fs.readdirSync(path.join(root, '.partial')).filter((f) => f !== path.basename(dead));
    while (inProgress().length === 0) await new Promise((r) => setTimeout(r, 5));
    new LocalDiskStorage(root); // another server process starts (restarted after a crash) on the same folder
    expect(fs.existsSync(dead)).toBe(false);
    expect(inProgress()).toHaveLength(1);
    const rest = Buffer.from('seconda metà');
    body.end(rest);
    const all = Buffer.concat([first, rest]);
    expect(await put).toEqual({ size: all.length, sha256: sha(all) });
  });
});
