import { Checkbox } from '@mantine/core';
import type { MouseEvent } from 'react';
import type { DataTableColumn } from '../data-table/index.ts';
import { headerState } from './bulk-run.ts';

/** A click on a box ticks it and nothing else: the row's own click opens its modal. */
const keepToBox = (event: MouseEvent) => event.stopPropagation();

type Selection<T> = {
  selected: readonly string[];
  /** The ids of this page's rows that can be ticked. */
  selectable: readonly string[];
  rowKey: (row: T) => string;
  /** Names the row for screen readers: 'Select deposit of John Smith'. */
  rowLabel: (row: T) => string;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  disabled: boolean;
};

/**
 * The first column of a list with bulk actions: a box per row and, in the header, one that selects
 * every row of the page that can be ticked (a row that cannot, e.g. one opened by staff, has none).
 */
export function selectionColumn<T>(s: Selection<T>): DataTableColumn<T> {
  const all = headerState(s.selected, s.selectable);
  return {
    id: 'select',
    header: 'Select',
    width: 36,
    // The boxes are the bulk actions' handle: never offered in the column chooser.
    alwaysVisible: true,
    headerContent: () => (
      <Checkbox
        size="xs"
        aria-label="Select all on this page"
        checked={all === 'all'}
        indeterminate={all === 'some'}
        disabled={s.disabled || s.selectable.length === 0}
        onChange={s.onToggleAll}
      />
    ),
    cell: (row) => {
      const id = s.rowKey(row);
      if (!s.selectable.includes(id)) return null;
      return (
        <Checkbox
          size="xs"
          aria-label={`Select ${s.rowLabel(row)}`}
          checked={s.selected.includes(id)}
          disabled={s.disabled}
          onClick={keepToBox}
          onDoubleClick={keepToBox}
          onChange={() => s.onToggle(id)}
        />
      );
    },
  };
}
