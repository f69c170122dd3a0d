import { Group, Pagination, Select, Text } from '@mantine/core';
import { pageCount } from './list-state.ts';
import type { ListController } from './types.ts';

const count = new Intl.NumberFormat('en');

/** Total, page-size choice and pages. */
export function DataTableFooter({
  list,
  total,
  capped,
  onTurn,
}: {
  list: ListController;
  total: number;
  /** Past its cap (TOTAL_CAP, SEARCH_TOTAL_CAP under a search) the server stops counting: say "10,000+". */
  capped?: boolean;
  /** Told before the pager or the page size asks for another page (the new page starts at its top). */
  onTurn?: () => void;
}) {
  const { page, sizePerPage } = list.state;
  const pages = pageCount(total, sizePerPage);
  const first = total === 0 ? 0 : (page - 1) * sizePerPage + 1;
  const last = Math.min(total, page * sizePerPage);

  return (
    <Group justify="space-between" gap="sm" px="sm" py="xs" wrap="wrap">
      <Group gap="md" wrap="nowrap">
        <Text
          size="sm"
          c="dimmed"
          data-testid="table-total"
          title={capped ? 'More rows than this; use the filters to narrow the list.' : undefined}
        >
          {total === 0
            ? 'No records'
            : `${count.format(first)}–${count.format(last)} of ${count.format(total)}${capped ? '+' : ''}`}
        </Text>
        {list.pageSizes.length > 1 && (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed">
              Rows per page
            </Text>
            <Select
              size="xs"
              w={80}
              aria-label="Rows per page"
              data={list.pageSizes.map(String)}
              value={String(sizePerPage)}
              onChange={(value) => {
                if (!value) return;
                onTurn?.();
                list.setSizePerPage(Number(value));
              }}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        )}
      </Group>
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={Math.min(page, pages)}
          onChange={(next) => {
            onTurn?.();
            list.setPage(next);
          }}
          withEdges
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Group>
  );
}
