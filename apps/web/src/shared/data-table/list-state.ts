import type { Filter, PagedRequest } from '@brokerdesk/contract';

/**
 * The view of a server-paged list: page, page size, sort and filters. It lives in the URL search params
 * (STYLE.md) so a reload, the back button or a pasted link restores exactly what the staff member saw.
 * Everything here is pure; `use-url-list-state.ts` binds it to the router.
 */

export type SortOrder = 'asc' | 'desc';

export type ListState = {
  /** From 1, as the server counts. */
  page: number;
  sizePerPage: number;
  sortField: string | undefined;
  sortOrder: SortOrder;
  /** The raw value of each active filter as typed or picked; a missing key means no filter. */
  filters: Readonly<Record<string, string>>;
};

export type ListDefaults = {
  /** The page-size choices of the list (PAGE_SIZES in the contract). */
  sizes: readonly number[];
  /** The first page size; PAGE_SIZES' `initial`, which may lie outside `sizes` (live accounts: 10). */
  sizePerPage: number;
  sortField?: string;
  sortOrder?: SortOrder;
  /** Fields the server can sort by; anything else in the URL is ignored rather than sent and refused. */
  sortFields?: readonly string[];
  /** Fields the list can filter by; others in the URL are ignored. */
  filterFields?: readonly string[];
  /** Prefix of the URL keys, for several lists on one screen (the profile's funding tabs and log). */
  prefix?: string;
};

/** How the server reads a filter value (docs/product.md [api.paged]). */
export type FilterType = Filter['filterType'];

/** The page sizes to offer: the list's choices plus its initial size when that is not among them. */
export function pageSizeChoices(defaults: ListDefaults): number[] {
  return [...new Set([...defaults.sizes, defaults.sizePerPage])].sort((a, b) => a - b);
}

/** URL keys of one list. Filters get their own namespace so a column named `page` cannot clash. */
export function listKeys(prefix?: string) {
  const p = prefix ? `${prefix}.` : '';
  return { page: `${p}page`, size: `${p}size`, sort: `${p}sort`, order: `${p}order`, filter: `${p}f.` };
}

export function defaultListState(defaults: ListDefaults): ListState {
  return {
    page: 1,
    sizePerPage: defaults.sizePerPage,
    sortField: defaults.sortField,
    sortOrder: defaults.sortOrder ?? 'desc',
    filters: {},
  };
}

/** Reads the list state from search params; anything malformed or not allowed falls back to the default. */
export function parseListState(params: URLSearchParams, defaults: ListDefaults): ListState {
  const keys = listKeys(defaults.prefix);
  const base = defaultListState(defaults);

  const page = Number(params.get(keys.page));
  const size = Number(params.get(keys.size));
  const sort = params.get(keys.sort);
  const order = params.get(keys.order);
  const sortAllowed = sort !== null && (!defaults.sortFields || defaults.sortFields.includes(sort));

  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(keys.filter)) continue;
    const field = key.slice(keys.filter.length);
    if (!field || value.trim() === '') continue;
    if (defaults.filterFields && !defaults.filterFields.includes(field)) continue;
    filters[field] = value;
  }

  return {
    page: Number.isInteger(page) && page >= 1 ? page : base.page,
    sizePerPage: pageSizeChoices(defaults).includes(size) ? size : base.sizePerPage,
    sortField: sortAllowed ? sort : base.sortField,
    sortOrder: order === 'asc' || order === 'desc' ? order : base.sortOrder,
    filters,
  };
}

/**
 * Writes the list state into a copy of `params`, keeping keys that belong to other lists or to the
 * screen (a tab, say). Default values are left out so a fresh list has a clean address.
 */
export function writeListState(
  params: URLSearchParams,
  state: ListState,
  defaults: ListDefaults,
): URLSearchParams {
  const keys = listKeys(defaults.prefix);
  const base = defaultListState(defaults);
  const next = new URLSearchParams(params);
  for (const key of [...next.keys()]) {
    if (key.startsWith(keys.filter)) next.delete(key);
  }
  const put = (key: string, value: string | undefined, fallback: string | undefined) => {
    if (value === undefined || value === fallback) next.delete(key);
    else next.set(key, value);
  };
  put(keys.page, String(state.page), String(base.page));
  put(keys.size, String(state.sizePerPage), String(base.sizePerPage));
  put(keys.sort, state.sortField, base.sortField);
  put(keys.order, state.sortOrder, base.sortOrder);
  for (const [field, value] of Object.entries(state.filters)) {
    if (value.trim() !== '') next.set(`${keys.filter}${field}`, value);
  }
  return next;
}

/** A change the table asks for. Sorting, filtering and a new page size go back to page 1. */
export type ListChange =
  | { type: 'page'; page: number }
  | { type: 'size'; sizePerPage: number }
  | { type: 'sort'; field: string; order: SortOrder }
  | { type: 'filter'; field: string; value: string | null };

export function applyListChange(state: ListState, change: ListChange): ListState {
  switch (change.type) {
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(change.page)) };
    case 'size':
      return { ...state, page: 1, sizePerPage: change.sizePerPage };
    case 'sort':
      return { ...state, page: 1, sortField: change.field, sortOrder: change.order };
    case 'filter': {
      const { [change.field]: _old, ...rest } = state.filters;
      const value = change.value?.trim() ? change.value : null;
      return { ...state, page: 1, filters: value === null ? rest : { ...rest, [change.field]: value } };
    }
  }
}

/**
 * The body of a paged call (docs/product.md [api.paged]). `filterTypes` says how the server reads each field;
 * a number filter that is not a number is left out instead of being refused by the server.
 */
export function toPagedRequest(
  state: ListState,
  filterTypes: Readonly<Record<string, FilterType>>,
): PagedRequest {
  const filters: Record<string, Filter> = {};
  for (const [field, raw] of Object.entries(state.filters)) {
    const filterType = filterTypes[field];
    if (!filterType) continue;
    const text = raw.trim();
    if (filterType === 'NUMBER') {
      const number = Number(text);
      if (text === '' || !Number.isFinite(number)) continue;
      filters[field] = { filterType, filterVal: number };
    } else {
      filters[field] = { filterType, filterVal: text };
    }
  }
  return {
    page: state.page,
    sizePerPage: state.sizePerPage,
    ...(state.sortField ? { sortField: state.sortField } : {}),
    sortOrder: state.sortOrder,
    filters,
  };
}

/** The last page for a total; at least 1 so an empty list still has a page to be on. */
/** The same sort and the same filters (page and page size aside). */
export function sameSortAndFilters(a: ListState, b: ListState): boolean {
  if (a.sortField !== b.sortField || a.sortOrder !== b.sortOrder) return false;
  const keys = Object.keys(a.filters);
  return (
    keys.length === Object.keys(b.filters).length && keys.every((key) => a.filters[key] === b.filters[key])
  );
}

export function pageCount(total: number, sizePerPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, sizePerPage)));
}

/** ListDefaults from a PAGE_SIZES entry of the contract plus the list's sort and fields. */
export function listDefaults(
  pageSizes: { readonly sizes: readonly number[]; readonly initial: number },
  rest: Omit<ListDefaults, 'sizes' | 'sizePerPage'> = {},
): ListDefaults {
  return { sizes: pageSizes.sizes, sizePerPage: pageSizes.initial, ...rest };
}

/**
 * The sort a click on a sortable column's header asks for: on the sorted column, the other order;
 * on another, the column's first order (descending when it sorts newest or largest first). A sort is
 * never removed: the server always sorts by something.
 */
export function nextSort(
  state: Pick<ListState, 'sortField' | 'sortOrder'>,
  column: { id: string; sortDescFirst?: boolean },
): { field: string; order: SortOrder } {
  if (state.sortField === column.id) {
    return { field: column.id, order: state.sortOrder === 'desc' ? 'asc' : 'desc' };
  }
  return { field: column.id, order: column.sortDescFirst ? 'desc' : 'asc' };
}
