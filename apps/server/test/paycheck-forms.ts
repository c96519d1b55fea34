import type { TestContext, Session } from './helpers';
import { pdf } from './upload-corpus';

/** A pay slip form (multipart) as the web sends it: fields first, then the PDF as `file`. */
export function paycheckForm(
  fields: Record<string, string | number> = { year: 2026, month: 10, netAmount: '1.534,20', description: 'Ottobre' },
  file: Buffer | null = pdf([['CEDOLINO', 'ROSSI MARIO', 'NETTO 1.534,20']]),
  filename = 'cedolino.pdf',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (file) form.append('file', new Blob([file]), filename);
  return form;
}

/** Publishes a pay slip through the API and returns its id (fails the test on anything but 200). */
export async function publishPaycheck(
  ctx: TestContext,
  session: Session,
  workspace: string,
  userInfoId: string,
  fields?: Record<string, string | number>,
) {
  const res = await ctx.request('POST', `/admin/user/${userInfoId}/paycheck`, paycheckForm(fields), {
    session,
    workspace,
  });
  if (res.statusCode !== 200) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}
