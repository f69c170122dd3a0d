import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';

type Props<T> = {
  /** The section's heading. */
  title: string;
  /** The table's accessible name. */
  label: string;
  /** Why the rows could not be read, shown above the table. */
  error: unknown;
  headers: string[];
  rows: T[];
  row: (item: T) => ReactNode;
  rowKey: (item: T) => string;
  loading: boolean;
  /** What the table says when it has no row. */
  empty: string;
  /** Below the table (its pages). */
  children?: ReactNode;
};

/**
 * A section of the Reports screen (its subscriptions, its history): a heading, the error of reading it,
 * and a short list in a bordered table: its headers, its rows or one line saying why none.
 */
export function PlainTable<T>({
  title,
  label,
  error,
  headers,
  rows,
  row,
  rowKey,
  loading,
  empty,
  children,
}: Props<T>) {
  return (
    <Stack gap="xs">
      <Title order={4}>{title}</Title>
      {error ? <ErrorAlert errors={errorsOf(error)} /> : null}
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
      {children}
    </Stack>
  );
}

/** A cell of a name over a dimmed second line (a staff member's email, a period's time zone). */
export function TwoLineCell({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <Table.Td>
      <Text size="sm">{main}</Text>
      <Text size="xs" c="dimmed">
        {sub}
      </Text>
    </Table.Td>
  );
}
