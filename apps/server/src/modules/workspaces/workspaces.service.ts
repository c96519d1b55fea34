import { apiMsg } from '@timbro/shared';
import type { UpdateWorkspaceInput, Workspace, WorkspaceSummary } from '@timbro/shared';
import type { FastifyReply } from 'fastify';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { diff, audit } from '../../lib/audit';
import { notFound, validation } from '../../lib/errors';
import { deleteFiles, findFile, findFiles, readStoredFile, sendStoredImage } from '../files';
import type { Queryable } from '../../db/client';
import type { Actor, RequestCtx } from '../../plugins/request-context';
import { presentWorkspaceList } from '../../plugins/current-user.presenter';

/** The workspace of a scope (its row), or null: users' enrolment mails name the company. */
export const findWorkspace = (...args: Parameters<typeof repo.findWorkspace>) => repo.findWorkspace(...args);
/** Claims the one-time seeding of the national holidays (true once in a workspace's life): holidays asks it. */
export const claimHolidaysSeeding = (...args: Parameters<typeof repo.claimHolidaysSeeding>) =>
  repo.claimHolidaysSeeding(...args);

/** The ids of the enabled workspaces (the daily jobs serve these only). */
export const enabledWorkspaceIds = (q: Queryable) => repo.enabledWorkspaceIds(q);
import * as repo from './workspaces.repository';

export function presentWorkspace(w: repo.WorkspaceRow): Workspace {
  return {
    id: w.id,
    attendance_auto_approve_request: w.attendanceAutoApproveRequest,
    time_zone: w.timeZone,
    workspace_company: {
      name: w.name,
      email: w.email,
      vatNumber: w.vatNumber,
      fiscalCode: w.fiscalCode,
      website: w.website,
      phoneNumber: w.phoneNumber,
      mobileNumber: w.mobileNumber,
      addressStreet: w.addressStreet,
      addressCity: w.addressCity,
      addressPostCode: w.addressPostCode,
      addressProvince: w.addressProvince,
      addressCountry: w.addressCountry,
      addressNote: w.addressNote,
      logo: w.logoFileId,
      squareLogo: w.squareLogoFileId,
    },
  };
}

/** Logo ids must name logo files of this workspace (ADR 0019): another workspace's file, or none, is a 400. */
async function checkLogos(
  q: Queryable,
  scope: WorkspaceScope,
  ids: { logo: string | null; squareLogo: string | null },
) {
  const wanted = Object.entries(ids).filter((e): e is [string, string] => e[1] !== null);
  if (wanted.length === 0) return;
  const found = await findFiles(
    q,
    scope,
    wanted.map(([, id]) => id),
  );
  const bad = wanted.filter(([, id]) => !found.some((f) => f.id === id && f.kind === 'logo'));
  if (bad.length > 0)
    throw validation(
      bad.map(([field]) => ({ path: `workspace_company.${field}`, message: apiMsg.upload.fileNotFound })),
    );
}

/** The path id must be the active workspace: another company's id reads as not found. */
function checkPathId(scope: WorkspaceScope, id: string) {
  if (id !== scope.workspaceId) throw notFound(apiMsg.workspace.notFound);
}

export async function getWorkspace(deps: AppDeps, ctx: RequestCtx, id: string): Promise<Workspace> {
  checkPathId(ctx.scope, id);
  const w = await repo.findWorkspace(deps.db, ctx.scope);
  if (!w) throw notFound(apiMsg.workspace.notFound);
  return presentWorkspace(w);
}

/** POST /admin/workspace/{id}: company details (admins only), audited. */
export async function updateWorkspace(
  deps: AppDeps,
  ctx: RequestCtx,
  id: string,
  input: UpdateWorkspaceInput,
): Promise<Workspace> {
  const { scope } = ctx;
  checkPathId(scope, id);
  return deps.db.transaction(async (tx) => {
    const before = await repo.findWorkspace(tx, scope);
    if (!before) throw notFound(apiMsg.workspace.notFound);
    const c = input.workspace_company;
    await checkLogos(tx, scope, { logo: c.logo, squareLogo: c.squareLogo });
    const after = await repo.updateWorkspace(tx, scope, {
      name: c.name,
      email: c.email,
      vatNumber: c.vatNumber,
      fiscalCode: c.fiscalCode,
      website: c.website,
      phoneNumber: c.phoneNumber,
      mobileNumber: c.mobileNumber,
      addressStreet: c.addressStreet,
      addressCity: c.addressCity,
      addressPostCode: c.addressPostCode,
      addressProvince: c.addressProvince,
      addressCountry: c.addressCountry,
      addressNote: c.addressNote,
      logoFileId: c.logo,
      squareLogoFileId: c.squareLogo,
      ...(input.attendance_auto_approve_request !== undefined
        ? { attendanceAutoApproveRequest: input.attendance_auto_approve_request }
        : {}),
      // ADR 0024: only what is read from now on changes; punches keep their zone, shifts their instants.
      ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    });
    if (!after) throw notFound(apiMsg.workspace.notFound);
    // A logo replaced or removed is no one's any more: its record goes now, its bytes with the sweeper (ADR 0019).
    const kept = new Set([after.logoFileId, after.squareLogoFileId]);
    const dropped = [...new Set([before.logoFileId, before.squareLogoFileId])].filter(
      (f): f is string => f !== null && !kept.has(f),
    );
    if (dropped.length > 0) await deleteFiles(tx, scope, dropped);
    await audit(tx, ctx, {
      action: 'workspace.update',
      entity: { type: 'workspace', id: after.id },
      changes: diff(before, after),
    });
    return presentWorkspace(after);
  });
}

/**
 * GET /workspace/logo/{id}: one of the active workspace's two logos, for everyone working in it (the header shows the
 * square one). Any other file id, this workspace's or another's, is not found.
 */
export async function sendLogo(deps: AppDeps, ctx: RequestCtx, reply: FastifyReply, fileId: string) {
  const w = await repo.findWorkspace(deps.db, ctx.scope);
  if (!w || (fileId !== w.logoFileId && fileId !== w.squareLogoFileId)) throw notFound(apiMsg.upload.fileNotFound);
  const file = await findFile(deps.db, ctx.scope, fileId);
  if (!file) throw notFound(apiMsg.upload.fileNotFound);
  return sendStoredImage(deps, reply, ctx.scope, file);
}

/** The company as printed at the top of an exported PDF: its name and its logo when one can be drawn. */
export interface Letterhead {
  name: string;
  /** PNG or JPEG bytes (what PDF embeds); null without a logo, or with a WebP one. */
  logo: Buffer | null;
}

/** Logo types a PDF can embed (WebP cannot be: such a logo is left out of PDFs, ADR 0024). */
const PDF_IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

/**
 * The letterhead of the workspace's PDFs: the wide logo, else the square one, when it is a PNG or a JPEG. A logo that
 * cannot be read never fails the export: the PDF goes out with the name alone, and the failure is logged.
 */
export async function letterhead(deps: AppDeps, ctx: Pick<RequestCtx, 'scope' | 'log'>): Promise<Letterhead> {
  const w = await repo.findWorkspace(deps.db, ctx.scope);
  if (!w) throw notFound(apiMsg.workspace.notFound);
  const ids = [w.logoFileId, w.squareLogoFileId].filter((id): id is string => id !== null);
  if (ids.length === 0) return { name: w.name, logo: null };
  const found = await findFiles(deps.db, ctx.scope, ids);
  const file = ids.map((id) => found.find((f) => f.id === id)).find((f) => f && PDF_IMAGE_TYPES.has(f.contentType));
  if (!file) return { name: w.name, logo: null };
  try {
    return { name: w.name, logo: await readStoredFile(deps, ctx.scope, file) };
  } catch (err) {
    ctx.log.warn({ err, fileId: file.id }, 'company logo unreadable: PDF without it');
    return { name: w.name, logo: null };
  }
}

/** GET /workspace/list: the workspaces the actor may enter (their memberships; all for the operator). */
export async function listWorkspaces(deps: AppDeps, actor: Actor): Promise<WorkspaceSummary[]> {
  const logos = await repo.squareLogos(
    deps.db,
    actor.memberships.map((m) => m.workspaceId),
  );
  return presentWorkspaceList(actor, logos);
}
