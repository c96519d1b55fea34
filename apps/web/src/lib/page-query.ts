/** A server-side list's page, order and search. */
export interface PageParams<S extends string = string> {
  page: number;
  perPage: number;
  sort: S;
  order: 'asc' | 'desc';
  search?: string;
}

/** A list's page, order and search as the API names them (`per_page`; no empty search). */
export function pageQuery({ page, perPage, sort, order, search }: PageParams) {
  return { page, per_page: perPage, sort, order, search: search || undefined };
}
