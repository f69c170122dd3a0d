import { PAGE_SIZES } from '@brokerdesk/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable, listDefaults, pageLocally, useUrlListState } from '../../shared/data-table/index.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { IbRequestModal } from './ib-request-modal.tsx';
import { IB_REQUEST_COLUMNS, IB_REQUEST_FIELDS, toRows, type IbRequestRow } from './ib-request-rows.tsx';
import { useIbRequests } from './ib-requests-queries.ts';

/** No sort by default: the server's order (open requests first, then newest) is the useful one. */
const LIST = listDefaults(PAGE_SIZES.ib, {
  sortFields: Object.keys(IB_REQUEST_FIELDS),
  filterFields: ['clientName', 'email', 'agentCode', 'status'],
});

/** /ib-requests (SPEC 2.12). Click a request to read it and approve or reject it. */
export function IbRequestsPage() {
  usePageTitle('IB Requests');
  const list = useUrlListState(LIST);
  const query = useIbRequests();
  const rows = query.data ? toRows(query.data) : undefined;
  const page = rows ? pageLocally(rows, list.state, IB_REQUEST_FIELDS) : undefined;
  const [openId, setOpenId] = useState<string | null>(null);
  // Look the request up in the latest data, so a background refresh never leaves the modal stale.
  const open = rows?.find((r) => r._id === openId) ?? null;
  const cut = query.data && query.data.totalSize > query.data.requestsData.length;

  return (
    <Stack gap="md">
      <Title order={2}>IB Requests</Title>
      <DataTable
        label="IB Requests"
        columns={IB_REQUEST_COLUMNS}
        list={list}
        rowKey={(r) => r._id}
        rows={page?.rows}
        total={page?.total}
        loading={query.isPending}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        onRowClick={(r: IbRequestRow) => setOpenId(r._id)}
        minWidth={1000}
        emptyText="No IB requests."
      />
      <Text size="xs" c="dimmed">
        Click a request to read the answers and approve or reject it. Open requests come first; the list
        refreshes every 5 minutes.
        {cut && ` Showing the newest ${query.data.requestsData.length} of ${query.data.totalSize}.`}
      </Text>
      {open && <IbRequestModal request={open} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}
