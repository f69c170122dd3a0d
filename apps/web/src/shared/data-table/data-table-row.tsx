import { Center, Table } from '@mantine/core';
import { flexRender, type Row } from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import type { DataTableColumn } from './types.ts';

export type RowHandlers<T> = {
  rowStyle?: (row: T) => CSSProperties | undefined;
  rowClassName?: (row: T) => string | undefined;
  /** A tooltip for the row, e.g. why it is coloured. */
  rowTitle?: (row: T) => string | undefined;
  onRowClick?: (row: T) => void;
  onRowDoubleClick?: (row: T) => void;
};

type Props<T> = RowHandlers<T> & {
  row: Row<T>;
  columns: readonly DataTableColumn<T>[];
  /** The row's place on the page, read by the table's key handling. */
  index: number;
  /** Roving focus: only the active row is in the Tab order; the arrow keys move between rows. */
  active: boolean;
};

/** Mantine's own table classes, so plain rows look exactly like Table.Tr / Table.Td. */
const TR_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const TD_CLASS = `${Table.classes.td} mantine-Table-td`;

/**
 * One row: colour, tooltip, click and double-click; the table handles its keys (data-table.tsx).
 * Plain <tr>/<td> with Mantine's classes rather than Table.Tr/Table.Td: a 100-row page has over a
 * thousand cells, and each Mantine element resolves props, styles and context on every render, which
 * was most of the time from data arrival to paint (tools/bench/paint.ts).
 */
export function DataTableRow<T>({ row, columns, index, active, ...handlers }: Props<T>) {
  const item = row.original;
  const { onRowClick, onRowDoubleClick } = handlers;
  const clickable = Boolean(onRowClick || onRowDoubleClick);
  return (
    <tr
      style={{ cursor: clickable ? 'pointer' : undefined, ...handlers.rowStyle?.(item) }}
      title={handlers.rowTitle?.(item)}
      // Mantine's focus ring shows which row the keyboard is on.
      className={[TR_CLASS, 'mantine-focus-auto', handlers.rowClassName?.(item)].filter(Boolean).join(' ')}
      data-with-row-border
      data-hover={clickable || undefined}
      tabIndex={active ? 0 : -1}
      data-row-index={index}
      onClick={onRowClick ? () => onRowClick(item) : undefined}
      onDoubleClick={onRowDoubleClick ? () => onRowDoubleClick(item) : undefined}
    >
      {row.getVisibleCells().map((cell) => {
        const column = columns[cell.column.getIndex()];
        return (
          <td
            key={cell.id}
            className={TD_CLASS}
            style={{
              textAlign: column?.align,
              fontVariantNumeric: column?.align === 'right' ? 'tabular-nums' : undefined,
              whiteSpace: column?.wrap ? 'normal' : 'nowrap',
            }}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  );
}

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
