/** The kinds of upload, with what each accepts (the server checks the content; the web says it before upload). */
export const UPLOAD_RULES = {
  payslip: { accept: 'application/pdf', maxMb: 10 },
  'payslip-import': { accept: 'application/pdf', maxMb: 100 },
  document: { accept: 'application/pdf,image/png,image/jpeg', maxMb: 20 },
  logo: { accept: 'image/png,image/jpeg,image/webp', maxMb: 2 },
  attachment: { accept: 'application/pdf,image/png,image/jpeg', maxMb: 20 },
} as const;
export type UploadKind = keyof typeof UPLOAD_RULES;
