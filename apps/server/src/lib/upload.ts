import { apiMsg } from '@timbro/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, fileError } from './errors';

/**
 * The uploaded file of a multipart request (field `file`), fully read within the multipart plugin's limits (app.ts:
 * UPLOAD_LIMIT_BYTES, one file, ten fields; over them the plugin answers 413). The whole form is read, so a second
 * file or an eleventh field is refused, not ignored. A missing or empty file is a 400 on `file`, and so is a form the
 * parser cannot read (no boundary, a body that ends mid-file, a `__proto__` or unparsable JSON field): never a 500.
 */
export async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fileError(apiMsg.import.fileMissing);
  let buf: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw fileError(apiMsg.import.fileMissing);
      buf = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError || (err as { statusCode?: unknown }).statusCode === 413) throw err;
    throw fileError(apiMsg.upload.failed);
  }
  if (buf === null) throw fileError(apiMsg.import.fileMissing);
  if (buf.length === 0) throw fileError(apiMsg.import.fileEmpty);
  return buf;
}
