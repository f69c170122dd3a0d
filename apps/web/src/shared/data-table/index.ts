/** The shared server-paged list: table, column types and the URL-backed list state. */
export { DataTable, type DataTableProps } from './data-table.tsx';
export { useUrlListState } from './use-url-list-state.ts';
export { pageLocally, type LocalFields } from './local-page.ts';
export { localTableProps, queryTableProps, type QueryTableProps } from './query-props.ts';
export { useLocalList } from './use-local-list.ts';
export {
  listDefaults,
  toPagedRequest,
  type ListDefaults,
  type ListState,
  type SortOrder,
} from './list-state.ts';
export {
  filterTypesOf,
  type ColumnFilter,
  type DataTableColumn,
  type FilterOption,
  type ListController,
} from './types.ts';
export { CellBadge, type CellBadgeProps } from './cell-badge.tsx';
export { RowLink } from './row-link.tsx';
export { withColumnDefaults, type ColumnDefaults } from './column-defaults.ts';
