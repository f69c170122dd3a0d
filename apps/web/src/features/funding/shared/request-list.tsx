import {
  FOUR_EYES_MESSAGES,
  type FundingApproval,
  type FundingTab,
  type FundingType,
} from '@brokerdesk/contract';
import { Group, Stack } from '@mantine/core';
import { ExportButton } from '../../../shared/export-button.tsx';
import { useCallback, useMemo, type ComponentType } from 'react';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  useUrlListState,
  type DataTableColumn,
  type ColumnDefaults,
  type ListDefaults,
  toPagedRequest,
  withColumnDefaults,
} from '../../../shared/data-table/index.ts';
import type { FilterType } from '../../../shared/data-table/list-state.ts';
import type { RowTone } from '../../../shared/status-colors.ts';
import { useMe } from '../../../app/shell/system-queries.ts';
import { useAdmins } from '../../accounts/accounts-queries.ts';
import { ApprovalCell } from '../../approvals/approval-summary.tsx';
import { isFirstApprover } from '../../approvals/four-eyes-rules.ts';
import type { FundingActionReply } from './funding-api.ts';
import { useBulkActions } from '../../../shared/bulk/use-bulk-actions.tsx';
import { fundingHistoryKeys } from '../../clients/client-keys.ts';
import { fundingKeys } from './funding-keys.ts';
import { describeFundingRow, fundingRowStyle, fundingRowTitle, type FundingRow } from './funding-rows.ts';
import { RowLegend } from './row-legend.tsx';
import { useFundingList } from './use-funding-list.ts';
import { isOpenRequest } from './request-state.ts';
import { useRowApproval } from './use-row-approval.ts';
import { useLinkedRowEditor } from './use-row-editor.ts';
import type { AlertFlags, Clients, RowActions } from './column-builders.tsx';
import type { RequestModalProps } from './funding-mutations.ts';

const rowId = (row: { _id: string }) => row._id;

/** The URL defaults of a request list: newest first; on a screen with several lists, prefixed keys. */
export function requestListDefaults(
  sizes: { sizes: readonly number[]; initial: number },
  sortFields: readonly string[],
  filterTypes: Readonly<Record<string, FilterType>>,
  prefix?: string,
): ListDefaults {
  return listDefaults(sizes, {
    sortField: 'timestamp',
    sortOrder: 'desc',
    sortFields,
    filterFields: Object.keys(filterTypes),
    prefix,
  });
}

export type ColumnContext<T> = {
  clients: Clients | undefined;
  /** The rows with open or confirmed alerts (their flag). */
  alerts: AlertFlags | undefined;
  /** Admin names, when the tab shows who approved. */
  admins: Readonly<Record<string, string>> | undefined;
  actions: RowActions<T>;
};

export type RequestListConfig<T extends FundingRow> = {
  type: FundingType;
  /** Names the table for screen readers and tests. */
  label: string;
  emptyText: string;
  /** What each tab leaves out first when the screen is too narrow for all; the rest is in the column chooser. */
  columnDefaults: (tab: FundingTab) => ColumnDefaults;
  /** The list's URL defaults on its own screen and, prefixed, on Historical requests. */
  defaults: { own: ListDefaults; inTabs: ListDefaults };
  /**
   * What the tabs of decided requests sort by at first: the decision's time, newest first (a decision
   * made today on a request of last month belongs at the top of the history).
   */
  decidedSort: string;
  filterTypes: Readonly<Record<string, FilterType>>;
  /** The rows of this kind in the list reply. */
  pick: (row: FundingRow) => row is T;
  /** Whether the tab shows 'Approved by' (the admins list is loaded only then). */
  showsApprovers: (tab: FundingTab) => boolean;
  columns: (tab: FundingTab, ctx: ColumnContext<T>) => DataTableColumn<T>[];
  /** The Approve button: docs/product.md [rules] confirmation, then the list's approve call. */
  approval: { call: (row: T) => Promise<FundingActionReply>; question: string; fallbackMessage: string };
  legend: { tones: readonly RowTone[]; hint: string };
  /** The update modal of one row. */
  editor: ComponentType<RequestModalProps<T>>;
};

type Props<T extends FundingRow> = {
  config: RequestListConfig<T>;
  status: FundingTab;
  /** On a screen with several lists (Historical requests), the URL keys get the list's prefix. */
  inTabs?: boolean;
};

/**
 * One status tab of deposits, withdrawals or transfers (docs/product.md [screen.transfers],
 * [screen.withdrawals], [screen.deposits]): the server-paged table with its row colours, the Reject/Approve
 * buttons, the legend and the update modal on double-click.
 */
export function RequestList<T extends FundingRow>({ config, status, inTabs = false }: Props<T>) {
  const base = inTabs ? config.defaults.inTabs : config.defaults.own;
  const decided = DECIDED_TABS.has(status);
  const defaults = useMemo(
    () => (decided ? { ...base, sortField: config.decidedSort, sortOrder: 'desc' as const } : base),
    [base, decided, config.decidedSort],
  );
  const list = useUrlListState(defaults);
  const query = useFundingList(config.type, status, list.state, config.filterTypes);
  const admins = useAdmins();
  const { approve, approvingId } = useRowApproval({ type: config.type, ...config.approval });
  const me = useMe().data?._id;
  const clients = query.data?.data.clients;
  const approvals = query.data?.data.approvals;
  const alerts = query.data?.data.alerts;
  const { editing, open, close } = useLinkedRowEditor<T>(config.type, config.pick, query.data?.data);
  const admin = config.showsApprovers(status) ? admins.data : undefined;
  const { columns: columnsOf, pick, columnDefaults, editor: Editor } = config;
  const rows = useMemo(() => query.data?.data.transfers.filter(pick), [query.data, pick]);
  // Bulk Approve / Reject on the tabs whose requests can still be decided.
  const bulk = useBulkActions<T>({
    kind: config.type,
    enabled: isOpenRequest(config.type, status),
    rows,
    rowKey: rowId,
    canDecide: useCallback((row: T) => isOpenRequest(config.type, row.status), [config.type]),
    describe: useCallback((row: T) => describeFundingRow(row, clients), [clients]),
    invalidate: [fundingKeys[config.type].lists(), fundingHistoryKeys.all],
  });
  const { withSelection } = bulk;
  const columns = useMemo(
    () =>
      withFourEyes(
        withColumnDefaults(
          columnsOf(status, {
            clients,
            alerts,
            admins: admin,
            actions: {
              onReject: (row) => open(row, 'rejected'),
              // A flagged row is approved in its update modal, where its alerts are and the note is asked.
              onApprove: (row) => (alerts?.[row._id] ? open(row) : void approve(row)),
              approvingId,
              approveBlocked: (row) =>
                isFirstApprover(approvals?.[row._id], me) ? FOUR_EYES_MESSAGES.sameApprover : undefined,
            },
          }),
          columnDefaults(status),
        ),
        approvals,
        admins.data,
        DECIDED_TABS.has(status),
      ),
    [
      columnsOf,
      status,
      clients,
      alerts,
      admin,
      open,
      approve,
      approvingId,
      approvals,
      me,
      admins.data,
      columnDefaults,
    ],
  );
  const shown = useMemo(() => withSelection(columns), [withSelection, columns]);

  return (
    <Stack gap="xs">
      <Group justify={bulk.buttons ? 'space-between' : 'flex-end'} wrap="nowrap">
        {bulk.buttons}
        <ExportButton
          list="funding"
          params={{ type: config.type, status }}
          request={toPagedRequest(list.state, config.filterTypes)}
        />
      </Group>
      {bulk.feedback}
      <DataTable
        label={config.label}
        listId={`${config.type}.${status}`}
        columns={shown}
        list={list}
        rowKey={rowId}
        {...queryTableProps(query, (r) => ({
          rows: r.data.transfers.filter(pick),
          total: r.data.totalSize,
          totalCapped: r.data.totalCapped,
        }))}
        rowStyle={fundingRowStyle}
        rowTitle={fundingRowTitle}
        onRowDoubleClick={(row) => open(row)}
        // 'r' on an open request without a Reject button (pending deposits): its update modal set to Reject.
        onReject={(row) => (isOpenRequest(config.type, row.status) ? open(row, 'rejected') : undefined)}
        emptyText={config.emptyText}
      />
      <RowLegend tones={config.legend.tones} hint={config.legend.hint} />
      {editing && <Editor {...editing} onClose={close} />}
    </Stack>
  );
}

/** Tabs of decided requests, where the four-eyes column starts hidden. */
const DECIDED_TABS: ReadonlySet<FundingTab> = new Set(['historical', 'approved', 'rejected', 'error']);

/**
 * The four-eyes column, on a page that holds approvals: awaiting a second approval with the
 * first approver, or both approvers. It goes before the Reject/Approve buttons.
 */
function withFourEyes<T extends FundingRow>(
  columns: DataTableColumn<T>[],
  approvals: Readonly<Record<string, FundingApproval>> | undefined,
  admins: Readonly<Record<string, string>> | undefined,
  decided: boolean,
): DataTableColumn<T>[] {
  if (!approvals || Object.keys(approvals).length === 0) return columns;
  const column: DataTableColumn<T> = {
    id: 'fourEyes',
    header: 'Four-eyes',
    cell: (row) => <ApprovalCell approval={approvals[row._id]} admins={admins} />,
    // On a decided tab the approvers are history: the first column a narrow screen leaves out.
    defaultHidden: decided || undefined,
    spareRank: decided ? -1 : undefined,
  };
  const at = columns.findIndex((c) => c.id === 'actions');
  return at < 0 ? [...columns, column] : [...columns.slice(0, at), column, ...columns.slice(at)];
}
