import { calls, type SearchResponse } from '@brokerdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api.ts';

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => [...searchKeys.all, q] as const,
};

/**
 * The global search for what is typed (already debounced). The previous answer stays while the next
 * loads, so the list does not flash empty between keystrokes.
 */
export function useGlobalSearch(q: string) {
  const text = q.trim();
  return useQuery<SearchResponse>({
    queryKey: searchKeys.query(text),
    queryFn: ({ signal }) => call(calls.search.searchRecords, { body: { q: text } }, { signal }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
