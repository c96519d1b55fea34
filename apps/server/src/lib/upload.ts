import { apiMsg, ErrorCode } from '@timbro/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const fileError = (message: string) =>
  new AppError(ErrorCode.VALIDATION_FAILED, message, { errors: [{ path: 'file', message }] });

/**
 * The uploaded file of a multipart request (field `file`), fully read within the multipart plugin's size limit
 * (UPLOAD_LIMIT_BYTES, app.ts; over it the plugin answers 413). A missing or empty file is a 400 on `file`.
 */
export async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fileError(apiMsg.import.fileMissing);
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw fileError(apiMsg.import.fileMissing);
  const buf = await part.toBuffer();
  if (buf.length === 0) throw fileError(apiMsg.import.fileEmpty);
  return buf;
}
