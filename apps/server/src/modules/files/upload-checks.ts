import { Transform, type TransformCallback } from 'node:stream';
import { SNIFF_BYTES, sniff, type SniffedType } from './file-kinds';

export class WrongTypeError extends Error {
  override name = 'WrongTypeError';
}

/**
 * Passes the bytes through unchanged, and checks them on the way: the first bytes must announce one of the accepted
 * types (otherwise the stream fails before anything else is written), and a PDF is watched for an `/Encrypt` entry
 * (its trailer, or its cross-reference stream's dictionary, which are never compressed).
 */
export class ContentCheck extends Transform {
  type: SniffedType | null = null;
  encrypted = false;
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);

  constructor(private readonly accepted: readonly SniffedType[]) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    if (this.type === null) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < SNIFF_BYTES) {
        done();
        return;
      }
      if (!this.decide()) {
        done(new WrongTypeError());
        return;
      }
      chunk = this.head;
      this.head = Buffer.alloc(0);
    }
    if (this.type === 'application/pdf' && !this.encrypted) this.scan(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    if (this.type === null && this.head.length > 0) {
      if (!this.decide()) {
        done(new WrongTypeError());
        return;
      }
      if (this.type === 'application/pdf') this.scan(this.head);
      this.push(this.head);
    }
    done();
  }

  private decide(): boolean {
    const type = sniff(this.head);
    if (!type || !this.accepted.includes(type)) return false;
    this.type = type;
    return true;
  }

  private scan(chunk: Buffer) {
    const window = Buffer.concat([this.tail, chunk]);
    if (window.includes('/Encrypt')) this.encrypted = true;
    this.tail = window.subarray(Math.max(0, window.length - 8));
  }
}
