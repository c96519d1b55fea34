import { UPLOAD_RULES, type UploadKind } from '@timbro/shared';

/**
 * What each kind of upload accepts (ADR 0019; the spec leaves the limits open). The type is read from the first
 * bytes of the content, never from the name or the browser's Content-Type. No kind accepts HTML, SVG, scripts or
 * executables, so nothing stored can run in a browser that opens it.
 */
export type SniffedType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp';

export type FileKind = UploadKind;

export interface KindRule {
  types: readonly SniffedType[];
  maxBytes: number;
  /** How the accepted types read in the refusal ("PDF", "PDF, PNG o JPEG"). */
  label: string;
  /** A password-protected PDF is refused (it could not be read, split or previewed). */
  refuseEncryptedPdf: boolean;
}

const MB = 1024 * 1024;

export const FILE_KINDS: Record<FileKind, KindRule> = {
  /** One pay slip: a PDF of a few pages. */
  payslip: {
    types: ['application/pdf'],
    maxBytes: UPLOAD_RULES.payslip.maxMb * MB,
    label: 'PDF',
    refuseEncryptedPdf: true,
  },
  /** The monthly bulk PDF of every pay slip: 500 pages of text are 2–5 MB; scanned pages far more. */
  'payslip-import': {
    types: ['application/pdf'],
    maxBytes: UPLOAD_RULES['payslip-import'].maxMb * MB,
    label: 'PDF',
    refuseEncryptedPdf: true,
  },
  /** A company document (contract, certificate, policy): PDF or a photo/scan of it. */
  document: {
    types: ['application/pdf', 'image/png', 'image/jpeg'],
    maxBytes: UPLOAD_RULES.document.maxMb * MB,
    label: 'PDF, PNG o JPEG',
    refuseEncryptedPdf: true,
  },
  /** Company logos: raster images only (an SVG can carry script). */
  logo: {
    types: ['image/png', 'image/jpeg', 'image/webp'],
    maxBytes: UPLOAD_RULES.logo.maxMb * MB,
    label: 'PNG, JPEG o WebP',
    refuseEncryptedPdf: false,
  },
  /** An announcement's attachment. */
  attachment: {
    types: ['application/pdf', 'image/png', 'image/jpeg'],
    maxBytes: UPLOAD_RULES.attachment.maxMb * MB,
    label: 'PDF, PNG o JPEG',
    refuseEncryptedPdf: true,
  },
};

/** The file extension written on downloads for each type. */
export const EXTENSION: Record<SniffedType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** "10 MB" for a refusal. */
export const sizeLabel = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 16;

/** The type the first bytes announce, or null when it is none of the accepted ones. */
export function sniff(head: Buffer): SniffedType | null {
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}
