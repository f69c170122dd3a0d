import type { UseQueryResult } from '@tanstack/react-query';
import type { ListState } from './list-state.ts';
import { pageLocally, type LocalFields } from './local-page.ts';

/** The DataTable props that describe a query's progress. */
export type QueryTableProps<T> = {
  rows: readonly T[] | undefined;
  total: number | undefined;
  totalCapped: boolean | undefined;
  loading: boolean;
  refreshing: boolean;
  error: unknown;
  onRetry: () => void;
};

/**
 * Rows, total and loading/error states of a list query, whatever the shape of its reply
 * (`clients`/`totalSize`, `data.transfers`/`data.totalSize`, …). Use with `placeholderData:
 * keepPreviousData` so the old page stays, dimmed, while the next one loads.
 */
export function queryTableProps<D, T>(
  query: UseQueryResult<D>,
  pick: (data: D) => { rows: readonly T[]; total: number; totalCapped?: boolean },
): QueryTableProps<T> {
  const picked = query.data === undefined ? undefined : pick(query.data);
  return {
    rows: picked?.rows,
    total: picked?.total,
    totalCapped: picked?.totalCapped,
    loading: query.isPending,
    refreshing: query.isPlaceholderData && query.isFetching,
    error: query.error ?? undefined,
    onRetry: () => void query.refetch(),
  };
}

/**
 * The same for a list the server sends whole and the table pages and sorts here (local-page.ts):
 * `rows` are the query's rows (by default its data itself), or undefined before they came.
 */
export function localTableProps<D, T>(
  query: UseQueryResult<D>,
  rows: readonly T[] | undefined,
  state: ListState,
  fields: LocalFields<T>,
): Pick<QueryTableProps<T>, 'rows' | 'total' | 'loading' | 'error' | 'onRetry'> {
  const page = rows ? pageLocally(rows, state, fields) : undefined;
  return {
    rows: page?.rows,
    total: page?.total,
    loading: query.isPending,
    error: query.error ?? undefined,
    onRetry: () => void query.refetch(),
  };
}
