import type { IbCode } from '@brokerdesk/contract';
import { ActionIcon, Button, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment } from 'react';
import type { DataTableColumn, ListController } from '../../../shared/data-table/index.ts';
// The shared header (click to sort), footer (total, rows per page, pages) and message row are reused as
// they are; only the body here is different.
import { DataTableFooter } from '../../../shared/data-table/data-table-footer.tsx';
import { DataTableHead } from '../../../shared/data-table/data-table-head.tsx';
import { MessageRow } from '../../../shared/data-table/data-table-row.tsx';
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

/** The columns under the header, after the narrow one of the expand buttons. */
const HEAD_COLUMNS: DataTableColumn<IbCode>[] = [
  { id: 'expand', header: '', cell: () => null, width: 36 },
  ...IB_CODE_COLUMNS,
];
const SPAN = HEAD_COLUMNS.length;

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
          <DataTableHead list={list} columns={HEAD_COLUMNS} />
          <Table.Tbody style={{ opacity: refreshing ? 0.55 : 1, transition: 'opacity 120ms' }}>
            {rows === undefined ? (
              <MessageRow span={SPAN}>
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
              <MessageRow span={SPAN}>
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
