import { PAGE_SIZES, type LogEntry } from '@brokerdesk/contract';
import {
  DataTable,
  listDefaults,
  useLocalList,
  type DataTableColumn,
  type LocalFields,
} from '../../../shared/data-table/index.ts';
import { SectionCard } from '../../../shared/section-card.tsx';
import { useClientLogs } from '../client-queries.ts';
import { AddLogButton } from './add-log-modal.tsx';

import { timeColumn } from '../../../shared/column-kinds.tsx';

/**
 * The log comes whole from the server; it is paged here, 10 or 20 lines (docs/product.md [constants]), newest
 * first.
 */
const LOG_LIST = listDefaults(PAGE_SIZES.clientLog, {
  prefix: 'log',
  sortField: 'timestamp',
  sortOrder: 'desc',
  sortFields: ['timestamp', 'event', 'actionedBy'],
  filterFields: [],
});

const actor = (entry: LogEntry) => entry.customName || entry.actionedBy;

const COLUMNS: DataTableColumn<LogEntry>[] = [
  { ...timeColumn<LogEntry>('timestamp', 'Time', (e) => e.timestamp), width: 170 },
  {
    id: 'event',
    header: 'Event',
    cell: (e) => <span style={{ whiteSpace: 'pre-wrap' }}>{e.event}</span>,
    sortable: true,
    wrap: true,
  },
  { id: 'actionedBy', header: 'Actioned by', cell: actor, sortable: true, width: 180 },
];

const FIELDS: LocalFields<LogEntry> = {
  timestamp: (e) => e.timestamp,
  event: (e) => e.event,
  actionedBy: actor,
};

/** Client Log with + ADD (docs/product.md [screen.profile], [screen.application]). */
export function ClientLogCard({ userId }: { userId: string }) {
  const query = useClientLogs(userId);
  const { table } = useLocalList(LOG_LIST, query, query.data, FIELDS);

  return (
    <SectionCard title="Client Log" action={<AddLogButton userId={userId} />}>
      <DataTable
        label="Client Log"
        listId="profile.client-log"
        columns={COLUMNS}
        {...table}
        emptyText="No log entries yet."
        withBorder={false}
        minWidth={520}
      />
    </SectionCard>
  );
}
