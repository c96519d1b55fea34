import {
  importMsg,
  ImportUploadFieldsSchema,
  type ImportPage,
  type PaycheckImport,
  type PaycheckImportDetail,
  type PublishImport,
} from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { SandboxLimitError } from '../../lib/sandbox';
import { limitWork } from '../../lib/work-limits';
import { checkPdfStructure, PdfReadFailure } from './import/pdf-pages';
import { audit } from '../../lib/audit';
import { conflict, notFound, validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import * as files from '../files';
import type { PageAnalysis } from './import/classify';
import { planPublication, type Plan } from './import/plan';
import * as repo from './imports.repository';

/**
 * The bulk pay-slip import (ADR 0019): upload → the `payslip-import` job reads every page (imports.job.ts) → a person
 * reviews the suggested employee of each page → publish: the job splits the file and publishes every slip at once.
 */

type ImportHead = Omit<repo.ImportRow, 'pages' | 'choices'>;

export function presentImport(row: ImportHead, file: { size: number } | null): PaycheckImport {
  return {
    id: row.id,
    fileName: row.fileName,
    size: file?.size ?? 0,
    sha256: row.sha256,
    year: row.year,
    month: row.month,
    status: row.status,
    pagesDone: row.pagesDone,
    pagesTotal: row.pagesTotal,
    error: row.error,
    publishedCount: row.publishedCount,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedBy: row.publishedBy,
  };
}

async function importOr404(deps: AppDeps, scope: WorkspaceScope, id: string) {
  const row = await repo.findImport(deps.db, scope, id);
  if (!row) throw notFound(importMsg.notFound);
  return row;
}

/**
 * POST /admin/paycheck/import: the PDF streams to the storage (100 MB at most, a PDF by its content, not protected
 * by a password), then waits for the job. The same bytes already imported for the same month answer 409 on
 * `confirm` until the person confirms.
 */
export async function uploadImport(deps: AppDeps, ctx: RequestCtx, request: FastifyRequest): Promise<PaycheckImport> {
  const form = await files.receiveForm(deps, request, ctx.scope, 'payslip-import');
  const parsed = ImportUploadFieldsSchema.safeParse(form.fields);
  if (!parsed.success) {
    if (form.file) await files.discardUpload(deps, form.file);
    throw validation(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  }
  const { year, month, confirm } = parsed.data;
  const upload = files.requireFile(form);
  try {
    await checkStructure(deps, ctx, upload);
    const row = await deps.db.transaction(async (tx) => {
      // Counted with the import it starts (a refused file is not work): past the limit, a 429 and nothing is kept.
      await limitWork(tx, 'payslip-import', { userId: ctx.actor.userId, workspaceId: ctx.scope.workspaceId });
      const earlier = await repo.findDuplicate(tx, ctx.scope, upload.sha256, year, month);
      if (earlier && !confirm) {
        const message = importMsg.duplicate(year, month);
        throw conflict(message, [{ path: 'confirm', message }]);
      }
      await files.recordUpload(tx, ctx.scope, upload, ctx.actor);
      const row = await repo.insertImport(tx, ctx.scope, {
        fileId: upload.id,
        sha256: upload.sha256,
        fileName: upload.name,
        year,
        month,
        createdBy: ctx.actor.userId,
      });
      await audit(tx, ctx, {
        action: 'paycheck_import.create',
        entity: { type: 'paycheck_import', id: row.id },
        changes: { year, month, file: upload.sha256, size: upload.size, repeated: !!earlier },
      });
      return row;
    });
    await deps.triggerJob('payslip-import');
    return presentImport(row, upload);
  } catch (err) {
    await files.discardUpload(deps, upload);
    throw err;
  }
}

/** GET /admin/paycheck/import: the newest first, a page in SQL. */
/**
 * The PDF's structure checked at once, in a limited child process (issue 30): a file the job would refuse as absurd
 * (streams that decode past every bound, more pages than allowed) is a 400 on `file` in the person's form.
 */
async function checkStructure(deps: AppDeps, ctx: RequestCtx, upload: files.PendingUpload) {
  const bytes = await files.readPendingUpload(deps, upload);
  try {
    await checkPdfStructure(bytes, ctx.scope.workspaceId);
  } catch (err) {
    const message =
      err instanceof PdfReadFailure && err.code === 'too-many-pages'
        ? importMsg.tooManyPages
        : err instanceof PdfReadFailure || err instanceof SandboxLimitError
          ? importMsg.absurd
          : null;
    if (!message) throw err;
    throw validation([{ path: 'file', message }], message);
  }
}

export async function listImports(deps: AppDeps, ctx: RequestCtx, query: { page: number; per_page: number }) {
  const { rows, total } = await repo.listImports(deps.db, ctx.scope, query.per_page, (query.page - 1) * query.per_page);
  const sizes = new Map(
    (
      await files.findFiles(
        deps.db,
        ctx.scope,
        rows.map((r) => r.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  return {
    items: rows.map((r) => presentImport(r, sizes.get(r.fileId) ?? null)),
    total,
    page: query.page,
    perPage: query.per_page,
  };
}

/** GET /admin/paycheck/import/{id}: the import, its pages once read, the employees to choose from. */
export async function getImport(deps: AppDeps, ctx: RequestCtx, id: string): Promise<PaycheckImportDetail> {
  const row = await importOr404(deps, ctx.scope, id);
  const [file, people] = await Promise.all([
    files.findFile(deps.db, ctx.scope, row.fileId),
    repo.employeesOf(deps.db, ctx.scope),
  ]);
  const plan = row.choices as Plan | null;
  return {
    ...presentImport(row, file),
    pages: (row.pages as ImportPage[] | null) ?? [],
    people,
    published: row.status === 'published' && plan ? plan.decisions : null,
  };
}

/**
 * POST /admin/paycheck/import/{id}/publish: the review's choices, checked against the analysis (every page decided,
 * nobody given a page without their codice fiscale unless a person confirmed it, every slip's fields), stored as the
 * plan; the job then splits and publishes it all at once.
 */
export async function publishImport(deps: AppDeps, ctx: RequestCtx, id: string, input: PublishImport) {
  const people = await repo.employeesOf(deps.db, ctx.scope);
  const fiscalCodeOf = new Map(people.map((p) => [p.id, p.fiscalCode]));
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.findImport(tx, ctx.scope, id, true);
    if (!current) throw notFound(importMsg.notFound);
    if (current.status === 'published' || current.status === 'publishing') throw conflict(importMsg.alreadyPublished);
    if (current.status !== 'ready') throw conflict(importMsg.notReady);
    const checked = planPublication(current.pages as PageAnalysis[], fiscalCodeOf, input);
    if ('errors' in checked) throw validation(checked.errors);
    const next = await repo.setStatus(tx, ctx.scope, id, ['ready'], {
      status: 'publishing',
      choices: checked.plan,
      publishedBy: ctx.actor.userId,
      pagesDone: 0,
      pagesTotal: checked.plan.slips.length * 2 + 1,
      attempts: 0,
      heartbeatAt: null,
      error: null,
    });
    await audit(tx, ctx, {
      action: 'paycheck_import.publish',
      entity: { type: 'paycheck_import', id },
      changes: {
        slips: checked.plan.slips.length,
        manual: checked.plan.decisions.filter((d) => d.how === 'manual').map((d) => d.page),
        excluded: checked.plan.decisions.filter((d) => d.how === 'excluded').map((d) => d.page),
      },
    });
    return next!;
  });
  await deps.triggerJob('payslip-import');
  return { message: importMsg.publishing(row.choices ? (row.choices as Plan).slips.length : 0) };
}

/** DELETE /admin/paycheck/import/{id}: an import not published (nor publishing) goes, with its file. */
export async function deleteImport(deps: AppDeps, ctx: RequestCtx, id: string) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findImport(tx, ctx.scope, id, true);
    if (!row) throw notFound(importMsg.notFound);
    if (row.status === 'published' || row.status === 'publishing') throw conflict(importMsg.notCancellable);
    await repo.deleteImport(tx, ctx.scope, id);
    await files.deleteFiles(tx, ctx.scope, [row.fileId]);
    await audit(tx, ctx, {
      action: 'paycheck_import.delete',
      entity: { type: 'paycheck_import', id },
      changes: { year: row.year, month: row.month, status: row.status, file: row.sha256 },
    });
  });
  await deps.triggerJob('file-sweep');
  return { message: importMsg.deleted };
}

/** GET /admin/paycheck/import/{id}/file: the original PDF (the review's page previews read it). */
export async function downloadOriginal(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
  const row = await importOr404(deps, ctx.scope, id);
  const file = await files.findFile(deps.db, ctx.scope, row.fileId);
  if (!file) throw notFound(importMsg.notFound);
  return files.sendStoredFile(deps, reply, ctx.scope, file);
}
