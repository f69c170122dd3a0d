import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { flexRender, type Header, type Table as TanTable } from '@tanstack/react-table';
import { ColumnFilterControl } from './column-filter.tsx';
import classes from './data-table.module.css';
import type { DataTableColumn, ListController } from './types.ts';

type Props<T> = {
  table: TanTable<T>;
  list: ListController;
  /** The table's columns: the table object stays the same when they change, so the memo needs them. */
  columns: readonly DataTableColumn<T>[];
};

function columnOf<T>(header: Header<T, unknown>): DataTableColumn<T> {
  return (header.column.columnDef.meta as { column: DataTableColumn<T> }).column;
}

/** Header row (click to sort) and, when any column filters, a filter row under it. */
export function DataTableHead<T>({ table, list, columns }: Props<T>) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const hasFilters = columns.some((column) => column.filter);

  return (
    <Table.Thead>
      <Table.Tr>
        {headers.map((header) => {
          const column = columnOf(header);
          const sorted = header.column.getIsSorted();
          const label = column.headerContent
            ? column.headerContent()
            : flexRender(header.column.columnDef.header, header.getContext());
          const justify =
            column.align === 'right' ? 'flex-end' : column.align === 'center' ? 'center' : undefined;
          return (
            <Table.Th
              key={header.id}
              className={column.sticky === 'right' ? classes.stickyRight : undefined}
              // Long headers may wrap onto two lines: the cells decide a column's width, not its title.
              style={{ width: column.width, textAlign: column.align, verticalAlign: 'bottom' }}
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
            >
              {header.column.getCanSort() ? (
                <UnstyledButton
                  onClick={header.column.getToggleSortingHandler()}
                  fz="xs"
                  fw={700}
                  title={`Sort by ${column.header}`}
                >
                  <Group gap={4} wrap="nowrap" justify={justify}>
                    {label}
                    {sorted === 'asc' ? (
                      <IconChevronUp size={14} />
                    ) : sorted === 'desc' ? (
                      <IconChevronDown size={14} />
                    ) : (
                      <IconSelector size={14} opacity={0.4} />
                    )}
                  </Group>
                </UnstyledButton>
              ) : (
                <span style={{ fontSize: 'var(--mantine-font-size-xs)' }}>{label}</span>
              )}
            </Table.Th>
          );
        })}
      </Table.Tr>
      {hasFilters && (
        <Table.Tr>
          {headers.map((header) => {
            const column = columnOf(header);
            return (
              <Table.Th
                key={header.id}
                py={4}
                fw={400}
                className={column.sticky === 'right' ? classes.stickyRight : undefined}
              >
                {column.filter && (
                  <ColumnFilterControl
                    filter={column.filter}
                    label={column.header}
                    value={list.state.filters[column.id]}
                    onChange={(value) => list.setFilter(column.id, value)}
                  />
                )}
              </Table.Th>
            );
          })}
        </Table.Tr>
      )}
    </Table.Thead>
  );
}
