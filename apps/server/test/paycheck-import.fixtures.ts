import { expect } from 'vitest';
import { generateCodiceFiscale } from '@timbro/shared';
import type { JobLogger } from '../src/lib/jobs';
import { runPayslipImportJob, type ImportHooks } from '../src/modules/paychecks/imports.job';
import type { Session, TestContext } from './helpers';

export const quiet: JobLogger = { info: () => undefined, error: () => undefined };

/** A valid codice fiscale that belongs to nobody in the test workspaces. */
export const strangerCode = () =>
  generateCodiceFiscale({
    lastName: 'Estraneo',
    firstName: 'Ugo',
    birthDate: '1961-03-04',
    sex: 'M',
    belfiore: 'L219',
  });

/** The upload form of an import: year, month, optional confirm, the PDF. */
export function importForm(file: Buffer, fields: Record<string, string | number> = { year: 2026, month: 10 }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', new Blob([file]), 'cedolini-ottobre.pdf');
  return form;
}

/** Uploads a PDF and runs the job until the pages are read; the import's detail (fails the test on anything else). */
export async function uploadAndRead(
  ctx: TestContext,
  session: Session,
  workspace: string,
  file: Buffer,
  fields?: Record<string, string | number>,
  hooks?: ImportHooks,
) {
  const res = await ctx.request('POST', '/admin/paycheck/import', importForm(file, fields), { session, workspace });
  expect(res.statusCode, res.body).toBe(202);
  await runPayslipImportJob(ctx.deps, quiet, hooks);
  const detail = await ctx.get(`/admin/paycheck/import/${res.json().id}`, { session, workspace });
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json();
}
