import { Box, Pagination, Paper, Skeleton, Stack } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../lib/use-list-params';
import { GridMessage } from '../data/grid-overlay';
import { LoadFailure } from '../load-failure';
import { PageHeader } from '../page-header';

interface Paged<T> {
  items: T[];
  total: number;
  perPage: number;
}

interface MyItemsPageProps<T> {
  title: string;
  subtitle: string;
  query: UseQueryResult<Paged<T>>;
  /** The page shown (1-based) and the way to another. */
  page: number;
  onPage(page: number): void;
  /** The list's test id; the empty state's is `<testId>-empty`, the pages' `<testId>-pages`. */
  testId: string;
  /** One placeholder card's height while loading. */
  skeletonHeight: number;
  /** The empty state: its icon, what it says and what comes here. */
  empty: { icon: ReactNode; title: string; body: string };
  /** One item's card: an `<li>` (MyItemCard, or a card with `component="li"`). */
  renderItem(item: T): ReactNode;
  itemKey(item: T): string;
}

/**
 * The employee's "my …" page (pay slips, documents, announcements): the title, then placeholder cards while loading,
 * the failure with "Riprova", the empty state, or the cards one under the other and the pages under them.
 */
export function MyItemsPage<T>({
  title,
  subtitle,
  query,
  page,
  onPage,
  testId,
  skeletonHeight,
  empty,
  renderItem,
  itemKey,
}: MyItemsPageProps<T>) {
  const { t } = useTranslation();
  const pages = query.data ? Math.ceil(query.data.total / query.data.perPage) : 0;
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      {query.isPending ? (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={skeletonHeight} />
          ))}
        </Stack>
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 4 }} data-testid={`${testId}-empty`}>
          <GridMessage icon={empty.icon} title={empty.title} body={empty.body} />
        </Paper>
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={testId}>
            {query.data.items.map((item) => (
              <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
            ))}
          </Stack>
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination
                count={pages}
                page={Math.min(page, pages)}
                onChange={(_e, n) => onPage(n)}
                color="primary"
                data-testid={`${testId}-pages`}
              />
            </Box>
          )}
        </>
      )}
    </>
  );
}

const PAGE_ONLY = ['page'] as const;
const NO_FILTERS = [] as const;

/** The page of a "my …" list, in the URL (`?page=`), so that going back returns to it. */
export function usePageInUrl(perPage: number) {
  const { params, update } = useListParams({
    sortFields: PAGE_ONLY,
    defaultSort: 'page',
    defaultOrder: 'desc',
    filterKeys: NO_FILTERS,
    defaultPerPage: perPage,
  });
  return { page: params.page, perPage: params.perPage, setPage: (page: number) => update({ page }) };
}
