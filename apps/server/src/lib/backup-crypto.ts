import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Optional encryption of backups (issue 30, item 5d): BACKUP_KEY → scrypt → AES-256-GCM, in sealed chunks so that a
 * restore never uses a byte before it is authenticated and a truncated file is detected (the "STREAM" construction).
 *
 * File layout (all integers big-endian):
 *   header  "TIMBRO-ENC" (10 bytes) · format version (1 byte, = 1) · KDF (1 byte, 1 = scrypt N=2^15 r=8 p=1) ·
 *           salt (16 bytes) · nonce prefix (7 bytes) · key check (16 bytes: HMAC-SHA256 of the header so far with the
 *           second half of the derived key, so a wrong key is told from a damaged file)
 *   chunks  ciphertext length (4 bytes, at most 64 KiB) · ciphertext · GCM tag (16 bytes); nonce = prefix · chunk number
 *           (4 bytes) · last-chunk flag (1 byte); additional data = the header. The last chunk (maybe empty) has the
 *           flag set; nothing may follow it.
 * What is encrypted is the gzip stream of a plain backup (lib/backup.ts): a plain backup starts with gzip's 1f 8b.
 */

const MAGIC = Buffer.from('TIMBRO-ENC', 'ascii');
const VERSION = 1;
const KDF_SCRYPT = 1;
const SALT_BYTES = 16;
const PREFIX_BYTES = 7;
const CHECK_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 2 + SALT_BYTES + PREFIX_BYTES + CHECK_BYTES;
const TAG_BYTES = 16;
const CHUNK = 64 * 1024;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** A backup that cannot be read with the key given (none, a wrong one), or whose encrypted bytes are damaged. */
export class BackupKeyError extends Error {
  override name = 'BackupKeyError';
}

async function deriveKeys(passphrase: string, salt: Buffer): Promise<{ aes: Buffer; check: Buffer }> {
  const out = await new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase, salt, 64, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );
  return { aes: out.subarray(0, 32), check: out.subarray(32) };
}

function nonce(prefix: Buffer, index: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(index, PREFIX_BYTES);
  n[11] = last ? 1 : 0;
  return n;
}

/** Whether the first bytes of a file are those of an encrypted backup. */
export function isEncryptedBackup(head: Buffer): boolean {
  return head.length >= MAGIC.length && head.subarray(0, MAGIC.length).equals(MAGIC);
}

/** A stream that encrypts what goes through it with `passphrase` (BACKUP_KEY). */
export function encryptStream(passphrase: string): Transform {
  let keys: { aes: Buffer; header: Buffer; prefix: Buffer } | null = null;
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;

  const seal = (t: Transform, plain: Buffer, last: boolean) => {
    const { aes, header, prefix } = keys!;
    const cipher = createCipheriv('aes-256-gcm', aes, nonce(prefix, index++, last));
    cipher.setAAD(header);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    t.push(Buffer.concat([len, body, cipher.getAuthTag()]));
  };
  const start = async (t: Transform) => {
    if (keys) return;
    const salt = randomBytes(SALT_BYTES);
    const prefix = randomBytes(PREFIX_BYTES);
    const derived = await deriveKeys(passphrase, salt);
    const head = Buffer.concat([MAGIC, Buffer.from([VERSION, KDF_SCRYPT]), salt, prefix]);
    const check = createHmac('sha256', derived.check).update(head).digest().subarray(0, CHECK_BYTES);
    const header = Buffer.concat([head, check]);
    keys = { aes: derived.aes, header, prefix };
    t.push(header);
  };

  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      start(this).then(() => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        // Only full chunks while more may come: the last one, sealed as last, is sent at the end.
        while (pending.length > CHUNK) {
          seal(this, pending.subarray(0, CHUNK), false);
          pending = pending.subarray(CHUNK);
        }
        done();
      }, done);
    },
    flush(done: TransformCallback) {
      start(this).then(() => {
        seal(this, pending, true);
        done();
      }, done);
    },
  });
}

/**
 * A stream that decrypts an encrypted backup with `passphrase`, and lets a plain one (gzip) through unchanged. Fails
 * with a BackupKeyError when the backup is encrypted and no key, or another key, is given, and when an encrypted
 * chunk does not authenticate, is missing or is followed by anything.
 */
export function decryptStream(passphrase: string | null): Transform {
  let mode: 'sniff' | 'plain' | 'header' | 'chunks' | 'done' = 'sniff';
  let buf: Buffer = Buffer.alloc(0);
  let keys: { aes: Buffer; header: Buffer; prefix: Buffer } | null = null;
  let index = 0;

  const step = async (t: Transform): Promise<void> => {
    if (mode === 'sniff') {
      if (buf.length < MAGIC.length) return;
      if (!isEncryptedBackup(buf)) {
        mode = 'plain';
        t.push(buf);
        buf = Buffer.alloc(0);
        return;
      }
      mode = 'header';
    }
    if (mode === 'header') {
      if (!passphrase)
        throw new BackupKeyError('This backup is encrypted: set BACKUP_KEY to the key it was written with.');
      if (buf.length < MAGIC.length + 2) return;
      if (buf[MAGIC.length] !== VERSION || buf[MAGIC.length + 1] !== KDF_SCRYPT)
        throw new BackupKeyError('This encrypted backup was written by a newer version of Timbro.');
      if (buf.length < HEADER_BYTES) return;
      const header = buf.subarray(0, HEADER_BYTES);
      const saltAt = MAGIC.length + 2;
      const salt = header.subarray(saltAt, saltAt + SALT_BYTES);
      const prefix = header.subarray(saltAt + SALT_BYTES, saltAt + SALT_BYTES + PREFIX_BYTES);
      const derived = await deriveKeys(passphrase, salt);
      const check = createHmac('sha256', derived.check)
        .update(header.subarray(0, HEADER_BYTES - CHECK_BYTES))
        .digest()
        .subarray(0, CHECK_BYTES);
      if (!timingSafeEqual(check, header.subarray(HEADER_BYTES - CHECK_BYTES)))
        throw new BackupKeyError('BACKUP_KEY is not the key this backup was written with.');
      keys = { aes: derived.aes, header: Buffer.from(header), prefix: Buffer.from(prefix) };
      buf = buf.subarray(HEADER_BYTES);
      mode = 'chunks';
    }
    while (mode === 'chunks' && buf.length >= 4) {
      const len = buf.readUInt32BE(0);
      if (len > CHUNK) throw new BackupKeyError('The encrypted backup is damaged (a chunk has an impossible length).');
      if (buf.length < 4 + len + TAG_BYTES) return;
      const body = buf.subarray(4, 4 + len);
      const tag = buf.subarray(4 + len, 4 + len + TAG_BYTES);
      // The last chunk is the one that authenticates with the last-chunk flag.
      let plain: Buffer | null = null;
      let last = false;
      for (const flag of [false, true]) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', keys!.aes, nonce(keys!.prefix, index, flag));
          decipher.setAAD(keys!.header);
          decipher.setAuthTag(tag);
          plain = Buffer.concat([decipher.update(body), decipher.final()]);
          last = flag;
          break;
        } catch {
          // try the other flag
        }
      }
      if (!plain)
        throw new BackupKeyError(`The encrypted backup is damaged (chunk ${index + 1} does not authenticate).`);
      index++;
      buf = buf.subarray(4 + len + TAG_BYTES);
      if (plain.length) t.push(plain);
      if (last) mode = 'done';
    }
    if (mode === 'done' && buf.length > 0)
      throw new BackupKeyError('The encrypted backup is damaged (data after its last chunk).');
  };

  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      if (mode === 'plain') {
        done(null, chunk);
        return;
      }
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      step(this).then(() => done(), done);
    },
    flush(done: TransformCallback) {
      step(this).then(() => {
        if (mode === 'sniff') {
          // Shorter than the marker: not encrypted; the gzip reader says what it is.
          this.push(buf);
          done();
        } else if (mode === 'header' || mode === 'chunks') {
          done(new BackupKeyError('The encrypted backup is truncated (its last chunk is missing).'));
        } else done();
      }, done);
    },
  });
}
