import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { ColumnFilterControl } from './column-filter.tsx';
import classes from './data-table.module.css';
import { nextSort } from './list-state.ts';
import type { DataTableColumn, ListController } from './types.ts';

type Props<T> = {
  list: ListController;
  /** The columns shown, in order (the staff member's choice when the list has settings). */
  columns: readonly DataTableColumn<T>[];
};

/**
 * Header row (click to sort) and, when any column filters, a filter row under it. The server sorts:
 * a click asks the list state for the next sort (nextSort), which the next page request carries.
 */
export function DataTableHead<T>({ list, columns }: Props<T>) {
  const { sortField, sortOrder } = list.state;
  const hasFilters = columns.some((column) => column.filter);

  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          const sorted = column.id === sortField ? sortOrder : undefined;
          const label = column.headerContent ? column.headerContent() : column.header;
          const justify =
            column.align === 'right' ? 'flex-end' : column.align === 'center' ? 'center' : undefined;
          return (
            <Table.Th
              key={column.id}
              className={column.sticky === 'right' ? classes.stickyRight : undefined}
              // Long headers may wrap onto two lines: the cells decide a column's width, not its title.
              style={{ width: column.width, textAlign: column.align, verticalAlign: 'bottom' }}
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
            >
              {column.sortable ? (
                <UnstyledButton
                  onClick={() => {
                    const next = nextSort(list.state, column);
                    list.setSort(next.field, next.order);
                  }}
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
          {columns.map((column) => {
            return (
              <Table.Th
                key={column.id}
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
