import { Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props<T> = {
  /** The table's accessible name. */
  label: string;
  headers: string[];
  rows: T[];
  row: (item: T) => ReactNode;
  rowKey: (item: T) => string;
  loading: boolean;
  /** What the table says when it has no row. */
  empty: string;
};

/** A short list in a bordered table (the Reports screen's two): its headers, its rows or one line saying why none. */
export function PlainTable<T>({ label, headers, rows, row, rowKey, loading, empty }: Props<T>) {
  return (
    <Paper withBorder radius="md">
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h, i) => (
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={headers.length}>
                <Text size="sm" c="dimmed">
                  {loading ? 'Loading…' : empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((item) => (
            <Table.Tr key={rowKey(item)}>{row(item)}</Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
