import { apiMsg } from '@timbro/shared';
import type { UpdateWorkspaceInput, Workspace, WorkspaceSummary } from '@timbro/shared';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { diff, recordAudit } from '../../lib/audit';
import { notFound, validation } from '../../lib/errors';
import { findFiles } from '../files/files.service';
import type { Queryable } from '../../db/client';
import type { Actor, RequestCtx } from '../../plugins/request-context';
import { presentWorkspaceList } from '../auth/current-user.presenter';

/** Used by users (enrolment mails name the company). */
export { findWorkspace } from './workspaces.repository';
/** Used by holidays (the national holidays are added once in a workspace's life). */
export { claimHolidaysSeeding } from './workspaces.repository';
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

/** The path id must be the active workspace: another company's id reads as not found. */
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
  const { scope, actor } = ctx;
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
    });
    if (!after) throw notFound(apiMsg.workspace.notFound);
    await recordAudit(tx, scope, {
      actorUserId: actor.userId,
      action: 'workspace.update',
      entityType: 'workspace',
      entityId: after.id,
      changes: diff(before, after),
      requestId: actor.requestId,
    });
    return presentWorkspace(after);
  });
}

/** GET /workspace/list: the workspaces the actor may enter (their memberships; all for the operator). */
export async function listWorkspaces(deps: AppDeps, actor: Actor): Promise<WorkspaceSummary[]> {
  const logos = await repo.squareLogos(
    deps.db,
    actor.memberships.map((m) => m.workspaceId),
  );
  return presentWorkspaceList(actor, logos);
}
