import type { UseQueryResult } from '@tanstack/react-query';
import type { ListDefaults } from './list-state.ts';
import type { LocalFields } from './local-page.ts';
import { localTableProps } from './query-props.ts';
import { useUrlListState } from './use-url-list-state.ts';

/**
 * A list that comes whole from the server and is sorted and paged here: its view in the address, and
 * the DataTable props of the page shown (`table`: list, rows, total, loading, error and retry).
 */
export function useLocalList<D, T>(
  defaults: ListDefaults,
  query: UseQueryResult<D>,
  rows: readonly T[] | undefined,
  fields: LocalFields<T>,
) {
  const list = useUrlListState(defaults);
  return { list, table: { list, ...localTableProps(query, rows, list.state, fields) } };
}
