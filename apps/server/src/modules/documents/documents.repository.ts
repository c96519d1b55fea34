import { and, asc, desc, eq, gte, ilike, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { documents, userInfos } from '../../db/schema';
import { insertInScope, inScope, joinInScope, type WorkspaceScope } from '../../db/scope';
import { likePattern, nameKey, sortTerm } from '../../db/sql';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentWithPerson = DocumentRow & { person: { id: string; firstName: string; lastName: string } };

const columns = {
  d: documents,
  person: { id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName },
};
const personJoin = joinInScope(documents, userInfos, eq(userInfos.id, documents.userInfoId));

const flatten = (r: { d: DocumentRow; person: DocumentWithPerson['person'] }): DocumentWithPerson => ({
  ...r.d,
  person: r.person,
});

/** The employee record of this workspace with its name, or null (another workspace's id answers null too). */
export async function findEmployee(q: Queryable, scope: WorkspaceScope, userInfoId: string) {
  const [row] = await q
    .select({ id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName })
    .from(userInfos)
    .where(inScope(userInfos, scope, eq(userInfos.id, userInfoId)));
  return row ?? null;
}

export interface DocumentFilter {
  userInfoId?: string;
  /** valid: no expiry or not before `today`; expiring: between `today` and `soon`; expired: before `today`. */
  status?: 'valid' | 'expiring' | 'expired';
  search?: string;
  today: string;
  soon: string;
}

function where(scope: WorkspaceScope, f: DocumentFilter): SQL {
  const like = f.search ? likePattern(f.search) : null;
  const status =
    f.status === 'valid'
      ? or(isNull(documents.expiresAt), gte(documents.expiresAt, f.today))
      : f.status === 'expiring'
        ? and(gte(documents.expiresAt, f.today), lte(documents.expiresAt, f.soon))
        : f.status === 'expired'
          ? lt(documents.expiresAt, f.today)
          : undefined;
  return inScope(
    documents,
    scope,
    f.userInfoId ? eq(documents.userInfoId, f.userInfoId) : undefined,
    status,
    like
      ? or(
          ilike(documents.label, like),
          ilike(userInfos.firstName, like),
          ilike(userInfos.lastName, like),
          ilike(sql`${userInfos.lastName} || ' ' || ${userInfos.firstName}`, like),
          ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, like),
        )
      : undefined,
  );
}

/** One page of documents with their employee, in SQL order, and the total: two statements. */
export async function listDocuments(
  q: Queryable,
  scope: WorkspaceScope,
  f: DocumentFilter,
  page: { sort: 'label' | 'name' | 'expiresAt' | 'createdAt'; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  const order =
    page.sort === 'label'
      ? [sortTerm(nameKey(documents.label), page.order)]
      : page.sort === 'name'
        ? [sortTerm(nameKey(userInfos.lastName), page.order), sortTerm(nameKey(userInfos.firstName), page.order)]
        : page.sort === 'expiresAt'
          ? [sortTerm(documents.expiresAt, page.order)]
          : [(page.order === 'asc' ? asc : desc)(documents.createdAt)];
  const w = where(scope, f);
  const rows = await q
    .select(columns)
    .from(documents)
    .innerJoin(userInfos, personJoin)
    .where(w)
    .orderBy(...order, asc(documents.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .innerJoin(userInfos, personJoin)
    .where(w);
  return { rows: rows.map(flatten), total: count?.n ?? 0 };
}

export async function findDocument(q: Queryable, scope: WorkspaceScope, id: string, forUpdate = false) {
  const base = q
    .select(columns)
    .from(documents)
    .innerJoin(userInfos, personJoin)
    .where(inScope(documents, scope, eq(documents.id, id)));
  const [row] = forUpdate ? await base.for('update', { of: documents }) : await base;
  return row ? flatten(row) : null;
}

export async function insertDocument(
  q: Queryable,
  scope: WorkspaceScope,
  values: Omit<typeof documents.$inferInsert, 'workspaceId'>,
): Promise<DocumentRow> {
  const [row] = await insertInScope(q, scope, documents, values).returning();
  return row!;
}

export async function updateDocument(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  values: Partial<Omit<typeof documents.$inferInsert, 'workspaceId' | 'id' | 'userInfoId'>>,
) {
  const [row] = await q
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(inScope(documents, scope, eq(documents.id, id)))
    .returning();
  return row ?? null;
}

/** Sets the employee's first open, only if it is not set yet; true when this call set it. */
export async function markFirstOpen(q: Queryable, scope: WorkspaceScope, id: string, at: Date) {
  const rows = await q
    .update(documents)
    .set({ attachmentFirstOpenAt: at })
    .where(inScope(documents, scope, eq(documents.id, id), isNull(documents.attachmentFirstOpenAt)))
    .returning({ id: documents.id });
  return rows.length > 0;
}

export async function deleteDocument(q: Queryable, scope: WorkspaceScope, id: string) {
  const [row] = await q
    .delete(documents)
    .where(inScope(documents, scope, eq(documents.id, id)))
    .returning();
  return row ?? null;
}
