import { z } from 'zod';

/** A stored file as the API shows it (ADR 0019): never its storage key. */
export const StoredFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

export { UPLOAD_RULES, type UploadKind } from '../uploads';
