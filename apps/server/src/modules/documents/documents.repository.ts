import { and, asc, desc, eq, gte, ilike, isNull, lt, lte, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { documents } from '../../db/schema';
import { byPerson, employeeFileRepository, personMatches, type EmployeeFileWithPerson } from '../../db/employee-files';
import type { WorkspaceScope } from '../../db/scope';
import { likePattern, nameKey, sortTerm } from '../../db/sql';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentWithPerson = EmployeeFileWithPerson<typeof documents>;

/** Documents are employee file records (db/employee-files.ts): one employee's file, found, filed, changed, deleted. */
export const records = employeeFileRepository(documents);

export interface DocumentFilter {
  userInfoId?: string;
  /** valid: no expiry or not before `today`; expiring: between `today` and `soon`; expired: before `today`. */
  status?: 'valid' | 'expiring' | 'expired';
  search?: string;
  today: string;
  soon: string;
}

function filters(f: DocumentFilter) {
  const like = f.search ? likePattern(f.search) : null;
  const status =
    f.status === 'valid'
      ? or(isNull(documents.expiresAt), gte(documents.expiresAt, f.today))
      : f.status === 'expiring'
        ? and(gte(documents.expiresAt, f.today), lte(documents.expiresAt, f.soon))
        : f.status === 'expired'
          ? lt(documents.expiresAt, f.today)
          : undefined;
  return [
    f.userInfoId ? eq(documents.userInfoId, f.userInfoId) : undefined,
    status,
    like ? or(ilike(documents.label, like), personMatches(like)) : undefined,
  ];
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
        ? byPerson(page.order)
        : page.sort === 'expiresAt'
          ? [sortTerm(documents.expiresAt, page.order)]
          : [(page.order === 'asc' ? asc : desc)(documents.createdAt)];
  return records.page(q, scope, filters(f), order, page);
}
