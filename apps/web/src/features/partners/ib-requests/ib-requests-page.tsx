import { PAGE_SIZES } from '@brokerdesk/contract';
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../shared/page-header.tsx';
import { useMemo } from 'react';
import { BulkBar, useBulkActions } from '../../../shared/bulk/use-bulk-actions.tsx';
import { clientKeys } from '../../clients/client-keys.ts';
import { ibCodeKeys, ibRequestKeys } from '../partners-keys.ts';
import { ExportButton } from '../../../shared/export-button.tsx';
import { recordKeys } from '../../../shared/invalidate-record.ts';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  useUrlListState,
  toPagedRequest,
  withColumnDefaults,
} from '../../../shared/data-table/index.ts';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import { IbRequestModal } from './ib-request-modal.tsx';
import {
  IB_REQUEST_COLUMNS,
  IB_REQUEST_FILTER_TYPES,
  IB_REQUEST_SORT_FIELDS,
  isOpen,
  toRows,
  type IbRequestRow,
} from './ib-request-rows.tsx';
import { useIbRequests, useLinkedIbRequest } from './ib-requests-queries.ts';

/** No sort by default: the server's order (open requests first, then newest) is the useful one. */
const LIST = listDefaults(PAGE_SIZES.ib, {
  sortFields: IB_REQUEST_SORT_FIELDS,
  filterFields: Object.keys(IB_REQUEST_FILTER_TYPES),
});

const requestId = (r: IbRequestRow) => r._id;
const nameOf = (r: IbRequestRow) => r.clientName || r.client?.email || r.userId;

/**
 * /ib-requests (docs/product.md [screen.ib-requests]). Click a request to read it and approve or reject it.
 */
export function IbRequestsPage() {
  usePageTitle('IB Requests');
  const list = useUrlListState(LIST);
  const query = useIbRequests(list.state, IB_REQUEST_FILTER_TYPES);
  const table = queryTableProps(query, (d) => ({
    rows: toRows(d),
    total: d.totalSize,
    totalCapped: d.totalCapped,
  }));
  // Bulk Approve / Reject of the open requests on the page, with one comment for all.
  const bulk = useBulkActions<IbRequestRow>({
    kind: 'ibRequest',
    enabled: true,
    rows: useMemo(() => query.data && toRows(query.data), [query.data]),
    rowKey: requestId,
    canDecide: isOpen,
    describe: nameOf,
    invalidate: [...recordKeys(ibRequestKeys), ...recordKeys(ibCodeKeys), ...recordKeys(clientKeys)],
  });
  const { withSelection } = bulk;
  const columns = useMemo(
    () =>
      withSelection(withColumnDefaults(IB_REQUEST_COLUMNS, { hidden: ['agentCode'], keep: ['clientName'] })),
    [withSelection],
  );
  // The open request is in the URL (?open=<id>): a link opens it, Back closes it.
  const { opened, open, close } = useLinkedIbRequest(table.rows);

  return (
    <Stack gap="md">
      <PageHeader title="IB Requests">
        <ExportButton list="ib-requests" request={toPagedRequest(list.state, IB_REQUEST_FILTER_TYPES)} />
      </PageHeader>
      <BulkBar bulk={bulk} />
      <DataTable
        label="IB Requests"
        listId="ib-requests"
        columns={columns}
        list={list}
        {...table}
        onRowClick={(r: IbRequestRow) => open(r)}
        minWidth={1000}
        emptyText="No IB requests."
      />
      <Text size="xs" c="dimmed">
        Click a request to read the answers and approve or reject it. Open requests come first; the list
        refreshes every 5 minutes.
      </Text>
      {opened && <IbRequestModal request={opened} onClose={close} />}
    </Stack>
  );
}
