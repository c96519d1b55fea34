import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
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
import { processAlive } from '../pid';

/**
 * Files on the local disk under `root` (DATA_DIR/files): one machine, one or more processes on it. A put writes a
 * temporary file under `root/.partial`, flushes it to disk and renames it into place, so a reader never sees half an
 * object and a crash leaves only a temporary file, removed at the next start. Temporary files are named after the
 * process that writes them (`<pid>-<uuid>`): a start removes those of processes that are gone, never the writes in
 * progress of a live process sharing the folder (a server restarted after a crash beside one that kept running).
 */
export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly partial: string;

  constructor(private readonly root: string) {
    this.partial = path.join(root, '.partial');
    fs.mkdirSync(this.partial, { recursive: true });
    for (const leftover of fs.readdirSync(this.partial)) {
      const pid = Number(/^(\d+)-/.exec(leftover)?.[1]);
      if (pid > 0 && processAlive(pid)) continue;
      fs.rmSync(path.join(this.partial, leftover), { force: true });
    }
  }

  private pathOf(key: string) {
    return path.join(this.root, ...assertKey(key).split('/'));
  }

  async put(key: string, body: Readable | Buffer, opts: PutOptions): Promise<StoredObject> {
    const target = this.pathOf(key);
    const temp = path.join(this.partial, `${process.pid}-${randomUUID()}`);
    const meter = new MeteringStream(opts.maxBytes);
    try {
      const out = fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 });
      await pipeline(toStream(body), meter, out);
      const fd = await fs.promises.open(temp, 'r');
      try {
        await fd.sync();
      } finally {
        await fd.close();
      }
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(temp, target);
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
    return meter.result();
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      const handle = await fs.promises.open(file, 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissingError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.promises.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}
