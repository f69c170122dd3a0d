import { PAGE_SIZES, type LogEntry } from '@brokerdesk/contract';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  DataTable,
  listDefaults,
  localTableProps,
  useUrlListState,
  type DataTableColumn,
  type LocalFields,
} from '../../../shared/data-table/index.ts';
import { SectionCard } from '../../../shared/section-card.tsx';
import { useClientLogs } from '../client-queries.ts';
import { AddLogModal } from './add-log-modal.tsx';
import { EpochTime } from '../../../shared/time-zone/index.ts';

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
  {
    id: 'timestamp',
    header: 'Time',
    cell: (e) => <EpochTime seconds={e.timestamp} />,
    sortable: true,
    sortDescFirst: true,
    width: 170,
  },
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
  const list = useUrlListState(LOG_LIST);
  const query = useClientLogs(userId);
  const [adding, setAdding] = useState(false);

  return (
    <SectionCard
      title="Client Log"
      action={
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setAdding(true)}
        >
          ADD
        </Button>
      }
    >
      <DataTable
        label="Client Log"
        listId="profile.client-log"
        columns={COLUMNS}
        list={list}
        rowKey={(e) => e._id}
        {...localTableProps(query, query.data, list.state, FIELDS)}
        emptyText="No log entries yet."
        withBorder={false}
        minWidth={520}
      />
      {adding && <AddLogModal userId={userId} onClose={() => setAdding(false)} />}
    </SectionCard>
  );
}
