import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ListParams<S extends string, F extends string> {
  /** 1-based, as the API counts. */
  page: number;
  perPage: number;
  sort: S;
  order: 'asc' | 'desc';
  search: string;
  filters: Record<F, string>;
}

interface Options<S extends string, F extends string> {
  sortFields: readonly S[];
  defaultSort: S;
  filterKeys: readonly F[];
  defaultPerPage?: number;
  /** The order without `order` in the URL: ascending unless told (newest-first lists say 'desc'). */
  defaultOrder?: 'asc' | 'desc';
}

const int = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : NaN);

/**
 * A server-side list's state in the URL query string (page, per_page, sort, order, search and filters), so a
 * list can be bookmarked, shared and restored with the back button. Unknown values fall back to the defaults.
 */
export function useListParams<S extends string, F extends string>({
  sortFields,
  defaultSort,
  filterKeys,
  defaultPerPage = 25,
  defaultOrder = 'asc',
}: Options<S, F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo<ListParams<S, F>>(() => {
    const page = int(searchParams.get('page'));
    const perPage = int(searchParams.get('per_page'));
    const sort = searchParams.get('sort') as S | null;
    return {
      page: page >= 1 ? page : 1,
      perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : defaultPerPage,
      sort: sort && sortFields.includes(sort) ? sort : defaultSort,
      order: ((o) => (o === 'asc' || o === 'desc' ? o : defaultOrder))(searchParams.get('order')),
      search: searchParams.get('search') ?? '',
      filters: Object.fromEntries(filterKeys.map((k) => [k, searchParams.get(k) ?? ''])) as Record<F, string>,
    };
  }, [searchParams, sortFields, defaultSort, filterKeys, defaultPerPage, defaultOrder]);

  /** Changes some values; any change other than the page itself goes back to the first page. */
  const update = useCallback(
    (patch: Partial<Omit<ListParams<S, F>, 'filters'>> & { filters?: Partial<Record<F, string>> }) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const set = (key: string, value: string | number | undefined, fallback?: string | number) => {
            if (value === undefined) return;
            if (value === '' || value === fallback) next.delete(key);
            else next.set(key, String(value));
          };
          set('page', patch.page, 1);
          set('per_page', patch.perPage, defaultPerPage);
          set('sort', patch.sort, defaultSort);
          set('order', patch.order, defaultOrder);
          set('search', patch.search);
          for (const [k, v] of Object.entries(patch.filters ?? {})) set(k, v as string);
          if (patch.page === undefined) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams, defaultSort, defaultPerPage, defaultOrder],
  );

  const hasFilters = params.search !== '' || Object.values<string>(params.filters).some((v) => v !== '');
  const clear = useCallback(
    () => update({ search: '', filters: Object.fromEntries(filterKeys.map((k) => [k, ''])) as Record<F, string> }),
    [update, filterKeys],
  );
  return { params, update, hasFilters, clear };
}

/** A search box's text, sent on after a pause in typing; follows the URL when it changes from outside. */
export function useDebouncedSearch(value: string, onChange: (v: string) => void, delay = 350) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === last.current) return;
    const id = setTimeout(() => {
      last.current = trimmed;
      onChange(trimmed);
    }, delay);
    return () => clearTimeout(id);
  }, [text, delay, onChange]);
  return [text, setText] as const;
}
