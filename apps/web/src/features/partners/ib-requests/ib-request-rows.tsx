import type { IbRequest, IbRequestsResponse } from '@brokerdesk/contract';
import { Text } from '@mantine/core';
import { filterTypesOf, type DataTableColumn } from '../../../shared/data-table/index.ts';
import { fullName } from '../../../shared/formatters.ts';
import { optionsOf, sortedColumn, timeColumn } from '../../../shared/column-kinds.tsx';
import { StatusBadge } from '../../../shared/status-badge.tsx';

export type IbRequestUser = IbRequestsResponse['usersData'][string];
/** A request with the client it belongs to (from the reply's usersData). */
export type IbRequestRow = IbRequest & { client: IbRequestUser | undefined; clientName: string };

export function toRows(reply: IbRequestsResponse): IbRequestRow[] {
  return reply.requestsData.map((r) => toRow(r, reply.usersData));
}

/** One request with its client, from a reply's usersData. */
export function toRow(request: IbRequest, users: IbRequestsResponse['usersData']): IbRequestRow {
  const client = users[request.userId];
  return { ...request, client, clientName: fullName(client?.name, client?.surname) };
}

/** Requests staff can still decide: pending, or error (an earlier attempt failed and may be retried). */
export function isOpen(request: Pick<IbRequest, 'status'>): boolean {
  return request.status === 'pending' || request.status === 'error';
}

const STATUS_OPTIONS = optionsOf(['pending', 'error', 'approved', 'rejected']);

export const IB_REQUEST_COLUMNS: DataTableColumn<IbRequestRow>[] = [
  timeColumn('timestamp', 'Requested', (r) => r.timestamp),
  sortedColumn('clientName', 'Client', (r) => r.clientName, { kind: 'text', placeholder: 'Name or email' }),
  { ...sortedColumn('email', 'Email', (r) => r.client?.email ?? '', { kind: 'text' }), wrap: true },
  sortedColumn('agentCode', 'Agent code', (r) => r.client?.agentCode ?? '', { kind: 'number' }),
  sortedColumn('status', 'Status', (r) => <StatusBadge status={r.status} />, {
    kind: 'select',
    options: STATUS_OPTIONS,
  }),
  {
    id: 'comment',
    header: 'Comment',
    // An error row shows why the last attempt failed: that is what the admin needs before retrying.
    cell: (r) =>
      r.status === 'error' ? (
        <Text size="sm" c="red">
          {r.errorMessage}
        </Text>
      ) : (
        r.comment
      ),
    wrap: true,
    width: 320,
  },
];

/** How the server reads each filter, and the fields it sorts by. */
export const IB_REQUEST_FILTER_TYPES = filterTypesOf(IB_REQUEST_COLUMNS);
export const IB_REQUEST_SORT_FIELDS = IB_REQUEST_COLUMNS.filter((c) => c.sortable).map((c) => c.id);
