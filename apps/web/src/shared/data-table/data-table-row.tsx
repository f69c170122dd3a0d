import { Center, Table } from '@mantine/core';
import { memo, type CSSProperties, type ReactNode } from 'react';
import classes from './data-table.module.css';
import type { DataTableColumn } from './types.ts';

export type RowHandlers<T> = {
  rowStyle?: (row: T) => CSSProperties | undefined;
  rowClassName?: (row: T) => string | undefined;
  /** A tooltip for the row, e.g. why it is coloured. */
  rowTitle?: (row: T) => string | undefined;
  onRowClick?: (row: T) => void;
  onRowDoubleClick?: (row: T) => void;
};

/** The table's click handlers, the same functions for the table's whole life (they read the latest props). */
export type RowActions<T> = { click: (row: T) => void; doubleClick: (row: T) => void };

type Props<T> = {
  item: T;
  columns: readonly DataTableColumn<T>[];
  /** One class list per column, shared by every row (see cellClassesOf). */
  cellClasses: readonly string[];
  /** The row's place on the page, read by the table's key handling. */
  index: number;
  /** Roving focus: only the active row is in the Tab order; the arrow keys move between rows. */
  active: boolean;
  style: CSSProperties | undefined;
  className: string | undefined;
  title: string | undefined;
  clickable: boolean;
  doubleClickable: boolean;
  actions: RowActions<T>;
};

/** Mantine's own table classes, so plain rows look exactly like Table.Tr / Table.Td. */
const TR_CLASS = `${Table.classes.tr} mantine-Table-tr mantine-focus-auto`;
const TD_CLASS = `${Table.classes.td} mantine-Table-td`;

/** A cell's classes (alignment, wrapping), made once per column rather than once per cell. */
export function cellClassesOf<T>(columns: readonly DataTableColumn<T>[]): string[] {
  return columns.map((column) =>
    [
      TD_CLASS,
      column.fullText ? classes.full : column.wrap ? classes.wrap : classes.cell,
      column.align === 'right' ? classes.right : column.align === 'center' ? classes.center : undefined,
      column.sticky === 'right' ? classes.stickyRight : undefined,
    ]
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * One row: colour, tooltip, click and double-click; the table handles its keys (data-table.tsx).
 * Plain <tr>/<td> with Mantine's classes rather than Table.Tr/Table.Td, cells straight from the column
 * definitions rather than through TanStack's cell objects, and memoised: a 100-row page has over a
 * thousand cells, and rendering them was most of the time from data arrival to paint
 * (tools/bench/paint.ts). Memo keeps a click (which dims the page while the next one loads) from
 * rendering the whole page again.
 */
function DataTableRowOf<T>(p: Props<T>) {
  const { item } = p;
  const clickable = p.clickable || p.doubleClickable;
  return (
    <tr
      // A sticky cell paints its own background: it takes the row's colour through --row-bg.
      style={withRowBackground(p.style)}
      title={p.title}
      // Mantine's focus ring shows which row the keyboard is on.
      className={[TR_CLASS, clickable && classes.pointer, p.className].filter(Boolean).join(' ')}
      data-with-row-border
      data-hover={clickable || undefined}
      tabIndex={p.active ? 0 : -1}
      data-row-index={p.index}
      onClick={p.clickable ? () => p.actions.click(item) : undefined}
      onDoubleClick={p.doubleClickable ? () => p.actions.doubleClick(item) : undefined}
    >
      {p.columns.map((column, i) => (
        <td key={column.id} className={p.cellClasses[i]}>
          {column.cell(item)}
        </td>
      ))}
    </tr>
  );
}

/** The row's colour also as --row-bg, which a sticky cell paints (it hides what scrolls beneath it). */
function withRowBackground(style: CSSProperties | undefined): CSSProperties | undefined {
  const background = style?.background ?? style?.backgroundColor;
  return background ? ({ ...style, '--row-bg': background } as CSSProperties) : style;
}

export const DataTableRow = memo(DataTableRowOf) as typeof DataTableRowOf;

/** A row across all columns for the loading, error and empty states. */
export function MessageRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>
        <Center py="lg">{children}</Center>
      </Table.Td>
    </Table.Tr>
  );
}
