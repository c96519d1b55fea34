import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from '../lib/pid';

export interface DirLock {
  release(): void;
}

/**
 * A pid lock file next to a PGlite data directory: two processes must never open the same directory (PGlite is a
 * single-user PostgreSQL; two writers corrupt it). A lock left by a dead process is taken over.
 */
export function acquireDirLock(dir: string): DirLock {
  const file = path.join(path.dirname(dir), `.${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
        throw new Error(
          `The data directory ${dir} is in use by another Timbro process (pid ${pid}). ` +
            'Stop it first, or set DATA_DIR to another folder.',
        );
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
