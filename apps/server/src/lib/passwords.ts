import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP / ASVS 5.0 parameters (m = 19 MiB, t = 2, p = 1). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/**
 * Spends the same work as a real check when the account does not exist, so unknown e-mails answer in about the
 * same time as wrong passwords (no enumeration by timing).
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('timbro-dummy-password-for-timing');
  await verifyPassword(await dummy, password);
}
