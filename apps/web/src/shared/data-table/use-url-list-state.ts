import { useCallback, useMemo } from 'react';
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

  const change = useCallback(
    (listChange: ListChange, replace = false) => {
      // Read the params the router has now, not the ones of this render: two quick changes must not
      // undo each other.
      setParams(
        (current) =>
          writeListState(current, applyListChange(parseListState(current, defaults), listChange), defaults),
        { replace, preventScrollReset: true },
      );
    },
    [setParams, defaults],
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
