import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A sort key for names: case- and accent-insensitive, the same on PGlite (C collation) and on PostgreSQL whatever
 * its locale ("de Santis" among the D's, "Élia" among the E's).
 */
export function nameKey(column: AnyPgColumn | SQL): SQL {
  return sql`translate(lower(${column}), 'àáâãäåèéêëìíîïòóôõöùúûüýçñ', 'aaaaaaeeeeiiiiooooouuuuycn')`;
}

/** ORDER BY term with empty values last in both directions (people who never logged in come last). */
export function sortTerm(expr: AnyPgColumn | SQL, direction: 'asc' | 'desc'): SQL {
  return direction === 'desc' ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`;
}

/** `%term%` for ILIKE with the wildcard characters of the user's text escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

/**
 * A PostgreSQL array literal (`{"a","b"}`) bound as ONE parameter (drizzle would spread a JS array into a list):
 * `unnest(${pgArray(ids)}::uuid[])`. Every element is quoted and escaped.
 */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
