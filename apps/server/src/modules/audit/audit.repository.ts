import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { inScope, type WorkspaceScope } from '../../db/scope';

export async function listAudit(
  q: Queryable,
  scope: WorkspaceScope,
  opts: { entityType?: string; entityId?: string; page: number; perPage: number },
) {
  const where = inScope(
    auditLog,
    scope,
    opts.entityType ? eq(auditLog.entityType, opts.entityType) : undefined,
    opts.entityId ? eq(auditLog.entityId, opts.entityId) : undefined,
  );
  const rows = await q
    .select({ entry: auditLog, actorFirst: users.firstName, actorLast: users.lastName })
    .from(auditLog)
    .leftJoin(users, and(eq(users.id, auditLog.actorUserId)))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}
