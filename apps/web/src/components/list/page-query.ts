import type { ListParams } from '../../lib/use-list-params';

/**
 * A server list's page and order as its API call takes them (the filters and the search each list adds itself):
 * `useDocuments({ ...pageQuery(params), status, search: params.search })`.
 */
export function pageQuery<S extends string>({
  page,
  perPage,
  sort,
  order,
}: Pick<ListParams<S, string>, 'page' | 'perPage' | 'sort' | 'order'>) {
  return { page, perPage, sort, order };
}
