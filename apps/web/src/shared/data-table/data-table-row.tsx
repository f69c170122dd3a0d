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

type Props<T> = RowHandlers<T> & { row: Row<T>; columns: readonly DataTableColumn<T>[] };

/** One row: colour, tooltip, click and double-click, and Enter for keyboard users. */
export function DataTableRow<T>({ row, columns, ...handlers }: Props<T>) {
  const item = row.original;
  const { onRowClick, onRowDoubleClick } = handlers;
  const clickable = Boolean(onRowClick || onRowDoubleClick);
  const open = onRowDoubleClick ?? onRowClick;
  return (
    <Table.Tr
      style={{ cursor: clickable ? 'pointer' : undefined, ...handlers.rowStyle?.(item) }}
      title={handlers.rowTitle?.(item)}
      className={handlers.rowClassName?.(item)}
      tabIndex={clickable ? 0 : undefined}
      onClick={onRowClick ? () => onRowClick(item) : undefined}
      onDoubleClick={onRowDoubleClick ? () => onRowDoubleClick(item) : undefined}
      onKeyDown={
        open
          ? (event) => {
              // Enter opens a focused row, as a double-click would.
              if (event.key === 'Enter' && event.target === event.currentTarget) open(item);
            }
          : undefined
      }
    >
      {row.getVisibleCells().map((cell) => {
        const column = columns[cell.column.getIndex()];
        return (
          <Table.Td
            key={cell.id}
            style={{
              textAlign: column?.align,
              fontVariantNumeric: column?.align === 'right' ? 'tabular-nums' : undefined,
              whiteSpace: column?.wrap ? 'normal' : 'nowrap',
            }}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </Table.Td>
        );
      })}
    </Table.Tr>
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
