/**
 * The API's side of a server list: the page, order and search its call sends (components/list/page-query.ts is the
 * URL's side, the list's state turned into a hook's params).
 */
export interface PageParams<S extends string = string> {
  page: number;
  perPage: number;
  sort: S;
  order: 'asc' | 'desc';
  search?: string;
}

/** A list's page, order and search as the API names them (`per_page`; no empty search). */
export function apiPageQuery({ page, perPage, sort, order, search }: PageParams) {
  return { page, per_page: perPage, sort, order, search: search || undefined };
}
