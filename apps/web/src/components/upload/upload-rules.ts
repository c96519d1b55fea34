import { UPLOAD_RULES, type UploadKind } from '@timbro/shared/uploads';

/** The extensions each kind accepts, for the file chooser and the message (the server reads the content anyway). */
const EXTENSIONS: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
};

export function acceptOf(kind: UploadKind): string {
  const types = UPLOAD_RULES[kind].accept.split(',');
  return [...types, ...types.flatMap((t) => EXTENSIONS[t] ?? [])].join(',');
}

/** "PDF", "PDF, PNG, JPEG": the accepted types as people know them. */
export function typesLabel(kind: UploadKind): string {
  return UPLOAD_RULES[kind].accept
    .split(',')
    .map((t) => t.split('/')[1]!.toUpperCase())
    .join(', ');
}

export const maxLabel = (kind: UploadKind) => `${UPLOAD_RULES[kind].maxMb} MB`;

/**
 * The same first checks the server makes, before anything is sent: the type (by the name's extension and the
 * browser's type here; the server reads the content), the size, an empty file. Null when the file may go.
 */
export function refusalOf(file: File, kind: UploadKind): 'wrongType' | 'tooLarge' | 'empty' | null {
  const types = UPLOAD_RULES[kind].accept.split(',');
  const ext = `.${file.name.split('.').pop()?.toLowerCase() ?? ''}`;
  const typeOk = types.includes(file.type) || types.some((t) => (EXTENSIONS[t] ?? []).includes(ext));
  if (!typeOk) return 'wrongType';
  if (file.size > UPLOAD_RULES[kind].maxMb * 1024 * 1024) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}
