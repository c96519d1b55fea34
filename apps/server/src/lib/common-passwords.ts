import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode, msg } from '@timbro/shared';
import { AppError } from './errors';

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');

let list: Set<string> | null = null;

/** The shipped list (about 18,000 entries), read once. */
function commonPasswords(): Set<string> {
  list ??= new Set(
    fs
      .readFileSync(FILE, 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#')),
  );
  return list;
}

/** True when the password, ignoring case and surrounding spaces, is on the list of common passwords (ASVS 6.2.4). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Refuses a common password with the Italian field error of `field`. */
export function assertNotCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, msg.passwordTooCommon, {
      errors: [{ path: field, message: msg.passwordTooCommon }],
    });
  }
}
