import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailure } from './load-failure';
import { PageLoader } from './page-loader';

interface Props {
  /** The page's record, not loaded (yet): `if (!query.isSuccess) return <QueryFallback query={query} … />`. */
  query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch'>;
  /** Where the failure's back link leads (the list the record belongs to). */
  back?: { to: string; label: string };
  maxWidth?: number;
}

/** A record page before its record is there: the spinner while it loads, the failure with "Riprova" if it did not. */
export function QueryFallback({ query, back, maxWidth }: Props) {
  if (!query.isError) return <PageLoader />;
  return <LoadFailure error={query.error} onRetry={() => void query.refetch()} back={back} maxWidth={maxWidth} />;
}
