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

/** A company's file storage (issue 30 item 8): what it uses and its quota, set by the platform operator. */
export const StorageUsageSchema = z.object({
  usedBytes: z.number(),
  usedFiles: z.number().int(),
  quotaMb: z.number().int(),
  quotaFiles: z.number().int(),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;

export { UPLOAD_RULES, type UploadKind } from '../uploads';
