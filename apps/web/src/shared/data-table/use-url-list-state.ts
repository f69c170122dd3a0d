import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyListChange,
  pageSizeChoices,
  parseListState,
  writeListState,
  type ListChange,
  type ListDefaults,
} from './list-state.ts';
import type { ListController } from './types.ts';

/**
 * A list's page, page size, sort and filters kept in the URL search params, so reload, back/forward
 * and shared links restore the view. Pass `defaults` as a module-level constant: a new object on
 * every render would re-parse the URL each time.
 */
export function useUrlListState(defaults: ListDefaults): ListController {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, defaults), [params, defaults]);
  const pageSizes = useMemo(() => pageSizeChoices(defaults), [defaults]);

  // The latest address and setter, read when a change is made: React Router's setter applies an updater
  // to the params of the render that made it, and a memoised header keeps its handlers across renders
  // (data-table.tsx), so a change must never start from an older address (it would undo a newer one:
  // another list's page on the same screen, the page size, an open record).
  const latest = useRef({ params, setParams });
  latest.current = { params, setParams };
  const change = useCallback(
    (listChange: ListChange, replace = false) => {
      const { params: current, setParams: set } = latest.current;
      const next = writeListState(
        current,
        applyListChange(parseListState(current, defaults), listChange),
        defaults,
      );
      // Two changes before the next render (a page fixed right after a filter) build on each other.
      latest.current = { params: next, setParams: set };
      set(next, { replace, preventScrollReset: true });
    },
    [defaults],
  );

  return useMemo(
    () => ({
      state,
      pageSizes,
      setPage: (page, options) => change({ type: 'page', page }, options?.replace),
      setSizePerPage: (sizePerPage) => change({ type: 'size', sizePerPage }),
      setSort: (field, order) => change({ type: 'sort', field, order }),
      setFilter: (field, value) => change({ type: 'filter', field, value }),
      defaults,
    }),
    [state, pageSizes, change, defaults],
  );
}
