import { refusalOf } from '../../components/upload/upload-rules';
import { ANNOUNCEMENT_LIMITS, ATTACHMENT_KIND, MAX_TOTAL_BYTES } from './limits';
import type { AttachmentsValue } from './schemas';

export type AttachmentRefusal = 'wrongType' | 'tooLarge' | 'empty' | 'tooMany' | 'totalTooLarge';

/**
 * Files chosen for an announcement, taken in order as the server will check them: each of the attachment kind (PDF,
 * PNG or JPEG, 20 MB, not empty), and together with those already there at most ten files and 25 MB. What breaks a
 * rule is refused (with why); the rest is added.
 */
export function addAttachments(
  value: AttachmentsValue,
  chosen: readonly File[],
): { value: AttachmentsValue; refused: { name: string; reason: AttachmentRefusal }[] } {
  const files = [...value.files];
  let bytes = value.keep.reduce((n, f) => n + f.size, 0) + files.reduce((n, f) => n + f.size, 0);
  const refused: { name: string; reason: AttachmentRefusal }[] = [];
  for (const file of chosen) {
    const reason: AttachmentRefusal | null =
      refusalOf(file, ATTACHMENT_KIND) ??
      (value.keep.length + files.length >= ANNOUNCEMENT_LIMITS.maxFiles
        ? 'tooMany'
        : bytes + file.size > MAX_TOTAL_BYTES
          ? 'totalTooLarge'
          : null);
    if (reason) refused.push({ name: file.name, reason });
    else {
      files.push(file);
      bytes += file.size;
    }
  }
  return { value: { ...value, files }, refused };
}
