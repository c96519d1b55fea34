import type { RequestCtx } from '../../plugins/request-context';
import type { AppDeps } from '../../deps';
import * as repo from './audit.repository';

export async function listAudit(
  deps: AppDeps,
  { scope }: RequestCtx,
  query: { entity_type?: string; entity_id?: string; page: number; per_page: number },
) {
  const { rows, total } = await repo.listAudit(deps.db, scope, {
    entityType: query.entity_type,
    entityId: query.entity_id,
    page: query.page,
    perPage: query.per_page,
  });
  return {
    items: rows.map((r) => ({
      id: r.entry.id,
      action: r.entry.action,
      entityType: r.entry.entityType,
      entityId: r.entry.entityId,
      actor: r.entry.actorUserId
        ? { id: r.entry.actorUserId, name: r.actorFirst ? `${r.actorFirst} ${r.actorLast}` : '—' }
        : null,
      changes: r.entry.changes as Record<string, unknown>,
      createdAt: r.entry.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    perPage: query.per_page,
  };
}
