import type { Config } from '../../config/env';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import type { FileStorage } from './storage';

export * from './storage';

/** The configured storage: local disk under DATA_DIR/files, or the S3-compatible bucket of FILE_STORAGE=s3. */
export function createStorage(config: Pick<Config, 'fileStorage'>): FileStorage {
  const c = config.fileStorage;
  if (c.kind === 's3') {
    const { kind: _kind, ...settings } = c;
    return new S3Storage(settings);
  }
  return new LocalDiskStorage(c.root);
}
