import { RECONCILIATION_PAGE_SIZES, type ReconciliationReport } from '@brokerdesk/contract';
import { Badge } from '@mantine/core';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  useUrlListState,
  type DataTableColumn,
} from '../../shared/data-table/index.ts';
import { useReconciliationReports } from './reconciliation-queries.ts';
import { STATUS_LABELS, formatPeriod, runBy, scopeOf } from './report-labels.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';

const LIST = listDefaults(RECONCILIATION_PAGE_SIZES, { prefix: 'rep', sortFields: [], filterFields: [] });

const COLUMNS: DataTableColumn<ReconciliationReport>[] = [
  { id: 'startedAt', header: 'Run at', cell: (r) => <EpochTime seconds={r.startedAt} />, width: 165 },
  { id: 'scope', header: 'Accounts', cell: scopeOf, width: 160 },
  { id: 'period', header: 'Period', cell: (r) => formatPeriod(r.from, r.to) },
  { id: 'runBy', header: 'Run by', cell: runBy, width: 160 },
  {
    id: 'status',
    header: 'Result',
    cell: (r) => (
      <Badge color={STATUS_LABELS[r.status].color} variant="light">
        {STATUS_LABELS[r.status].label}
      </Badge>
    ),
    width: 150,
  },
  { id: 'mismatchCount', header: 'Mismatches', cell: (r) => r.mismatchCount, align: 'right', width: 110 },
];

const SELECTED = { background: 'var(--mantine-color-blue-0)' };

/** Every kept report, newest first (manual and daily runs); a click opens one. */
export function ReportsTable({
  selected,
  onOpen,
}: {
  selected: string | null;
  onOpen: (id: string) => void;
}) {
  const list = useUrlListState(LIST);
  const query = useReconciliationReports({ page: list.state.page, sizePerPage: list.state.sizePerPage });
  return (
    <DataTable
      label="Kept reports"
      listId="reconciliation.reports"
      columns={COLUMNS}
      list={list}
      {...queryTableProps(query, (data) => ({ rows: data.reports, total: data.totalSize }))}
      onRowClick={(r) => onOpen(r._id)}
      rowStyle={(r) => (r._id === selected ? SELECTED : undefined)}
      rowTitle={() => 'Open this report'}
      minWidth={900}
      emptyText="No reconciliation has run yet."
    />
  );
}
