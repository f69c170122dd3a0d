import { PAGE_SIZES, type Withdrawal } from '@brokerdesk/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { ExportButton } from '../../../shared/export-button.tsx';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isRefetch } from '../../../shared/background-fetch.ts';
import {
  DataTable,
  withColumnDefaults,
  listDefaults,
  queryTableProps,
  useUrlListState,
  toPagedRequest,
} from '../../../shared/data-table/index.ts';
import { fundingApi } from '../shared/funding-api.ts';
import { fundingKeys } from '../shared/funding-keys.ts';
import { fundingRowStyle, fundingRowTitle } from '../shared/funding-rows.ts';
import { useRowEditor } from '../shared/use-row-editor.ts';
import { ORDER_FILTER_TYPES, ORDER_SORT_FIELDS, orderColumns, toOrdersQuery } from './orders-columns.tsx';
import { WithdrawalUpdateModal } from './withdrawal-update-modal.tsx';

/** Its own URL keys ('ord.'), so it pages and filters apart from the requests above it. */
const DEFAULTS = listDefaults(PAGE_SIZES.withdrawals, {
  prefix: 'ord',
  sortField: 'timestamp',
  sortOrder: 'desc',
  sortFields: ORDER_SORT_FIELDS,
  filterFields: Object.keys(ORDER_FILTER_TYPES),
});

/**
 * The second table 'Orders' of /withdrawal-requests (docs/product.md [screen.withdrawals]), from its own call
 * (GET adminGetWithdrawalOrders, paged by the server). It lists orders the provider has not processed yet
 * too (they are hidden from the pending list), so staff can approve one ahead of the provider.
 */
export function OrdersTable() {
  const list = useUrlListState(DEFAULTS);
  const request = toOrdersQuery(list.state);
  const query = useQuery({
    queryKey: fundingKeys.withdrawal.list({ orders: request }),
    queryFn: (ctx) =>
      fundingApi.withdrawalOrders(request, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
  });
  const clients = query.data?.clients;
  const { editing, open, close } = useRowEditor<Withdrawal>(clients, query.data?.approvals);
  // What a narrow screen cannot fit waits in the column chooser, least needed first.
  const columns = useMemo(
    () =>
      withColumnDefaults(orderColumns(clients), {
        hidden: ['accountNumber', 'providerPayoutStatus', 'timestamp'],
        keep: ['providerOrderId', 'client'],
      }),
    [clients],
  );

  return (
    <Stack gap="xs" component="section" aria-label="Orders">
      <Group justify="space-between">
        <Title order={3}>Orders</Title>
        <ExportButton list="withdrawal-orders" request={toPagedRequest(list.state, ORDER_FILTER_TYPES)} />
      </Group>
      <Text size="xs" c="dimmed">
        Card-provider withdrawal orders, those the provider has not processed yet included. Double-click an
        order to update its withdrawal.
      </Text>
      <DataTable
        label="Orders"
        listId="withdrawal-orders"
        columns={columns}
        list={list}
        {...queryTableProps(query, (r) => ({
          rows: r.transfers,
          total: r.totalSize,
          totalCapped: r.totalCapped,
        }))}
        rowStyle={fundingRowStyle}
        rowTitle={fundingRowTitle}
        onRowDoubleClick={(w) => open(w)}
        emptyText="No provider orders."
      />
      {editing && (
        <WithdrawalUpdateModal
          row={editing.row}
          client={editing.client}
          approval={editing.approval}
          onClose={close}
        />
      )}
    </Stack>
  );
}
