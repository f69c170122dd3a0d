import type { IbCode } from '@brokerdesk/contract';
import { ActionIcon, Button, Center, Group, Loader, Paper, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import type { ListController } from '../../../shared/data-table/index.ts';
// The shared footer (total, rows per page, pages) is reused as is; only the body here is different.
import { DataTableFooter } from '../../../shared/data-table/data-table-footer.tsx';
import { GeneratedLinks } from './generated-links.tsx';
import { IB_CODE_COLUMNS } from './ib-code-columns.tsx';

type Props = {
  rows: readonly IbCode[] | undefined;
  total: number;
  /** The total stopped counting at the cap (the footer says 'more than'). */
  totalCapped?: boolean;
  list: ListController;
  expanded: ReadonlySet<number>;
  onToggle: (agentCode: number) => void;
  loading: boolean;
  /** The previous page is on screen while the requested one loads. */
  refreshing?: boolean;
  error: unknown;
  onRetry: () => void;
};

const SPAN = IB_CODE_COLUMNS.length + 1;

/**
 * The introducers table, paged by the server. It is not the shared DataTable because its rows expand to
 * their generated links (docs/product.md [screen.ib-codes]), which that table does not do; the footer,
 * paging, sorting and the URL state are the shared ones.
 */
export function IbCodesTable(props: Props) {
  const { rows, total, list, expanded, onToggle, loading, refreshing, error, onRetry } = props;
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={900} type="native">
        <Table
          aria-label="Introducers"
          aria-busy={loading || refreshing ? true : undefined}
          highlightOnHover
          verticalSpacing={6}
          horizontalSpacing={8}
          fz="sm"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              {IB_CODE_COLUMNS.map((column) => (
                <Table.Th key={column.id} fz="xs" aria-sort={ariaSort(list, column.id)}>
                  {column.sortable ? <SortButton column={column} list={list} /> : column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: refreshing ? 0.55 : 1, transition: 'opacity 120ms' }}>
            {rows === undefined ? (
              <MessageRow>
                {loading ? (
                  <Loader size="sm" aria-label="Loading" />
                ) : (
                  <Group gap="sm">
                    <Text c="red" size="sm">
                      The list could not be loaded.
                    </Text>
                    {error !== undefined && (
                      <Button size="compact-sm" variant="light" onClick={onRetry}>
                        Retry
                      </Button>
                    )}
                  </Group>
                )}
              </MessageRow>
            ) : rows.length === 0 ? (
              <MessageRow>
                <Text c="dimmed" size="sm">
                  No introducers.
                </Text>
              </MessageRow>
            ) : (
              rows.map((ib) => {
                const open = expanded.has(ib.agentCode);
                return (
                  <Fragment key={ib._id}>
                    <Table.Tr style={{ cursor: 'pointer' }} onClick={() => onToggle(ib.agentCode)}>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={open ? 'Hide links' : 'Show links'}
                          aria-expanded={open}
                          onClick={(e) => {
                            e.stopPropagation();
                            onToggle(ib.agentCode);
                          }}
                        >
                          {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                        </ActionIcon>
                      </Table.Td>
                      {IB_CODE_COLUMNS.map((column) => (
                        <Table.Td key={column.id}>{column.cell(ib)}</Table.Td>
                      ))}
                    </Table.Tr>
                    {open && (
                      <Table.Tr bg="var(--mantine-color-gray-0)">
                        <Table.Td />
                        <Table.Td colSpan={SPAN - 1} py="xs">
                          <GeneratedLinks agentCode={ib.agentCode} />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DataTableFooter list={list} total={total} capped={props.totalCapped} />
    </Paper>
  );
}

function SortButton({ column, list }: { column: (typeof IB_CODE_COLUMNS)[number]; list: ListController }) {
  const active = list.state.sortField === column.id;
  const order = active ? list.state.sortOrder : undefined;
  const next = active ? (order === 'asc' ? 'desc' : 'asc') : column.sortDescFirst ? 'desc' : 'asc';
  return (
    <UnstyledButton
      fz="xs"
      fw={700}
      title={`Sort by ${column.header}`}
      onClick={() => list.setSort(column.id, next)}
    >
      <Group gap={4} wrap="nowrap">
        {column.header}
        {order === 'asc' ? (
          <IconChevronUp size={14} />
        ) : order === 'desc' ? (
          <IconChevronDown size={14} />
        ) : (
          <IconSelector size={14} opacity={0.4} />
        )}
      </Group>
    </UnstyledButton>
  );
}

function ariaSort(list: ListController, id: string) {
  if (list.state.sortField !== id) return undefined;
  return list.state.sortOrder === 'asc' ? 'ascending' : 'descending';
}

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={SPAN}>
        <Center py="lg">{children}</Center>
      </Table.Td>
    </Table.Tr>
  );
}
