import { PAGE_SIZES, type FundingType } from '@brokerdesk/contract';
import { SegmentedControl, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  useUrlListState,
  type DataTableColumn,
  type ListDefaults,
  withColumnDefaults,
} from '../../../shared/data-table/index.ts';
import { useMemo } from 'react';
import { SectionCard } from '../../../shared/section-card.tsx';
import {
  DEPOSIT_COLUMNS,
  TRANSFER_COLUMNS,
  WITHDRAWAL_COLUMNS,
  fundingRowStyle,
} from './funding-columns.tsx';
import { IS_KIND, useFundingHistory, type FundingRow, type HistoryView } from './funding-history-query.ts';

function historyDefaults<T>(prefix: string, columns: DataTableColumn<T>[]): ListDefaults {
  return listDefaults(PAGE_SIZES.fundingHistory, {
    prefix,
    sortField: 'timestamp',
    sortOrder: 'desc',
    sortFields: columns.filter((c) => c.sortable).map((c) => c.id),
    filterFields: [],
  });
}

const TABS = [
  {
    type: 'deposit',
    label: 'Deposits',
    columns: DEPOSIT_COLUMNS,
    defaults: historyDefaults('dep', DEPOSIT_COLUMNS),
  },
  {
    type: 'withdrawal',
    label: 'Withdrawals',
    columns: WITHDRAWAL_COLUMNS,
    defaults: historyDefaults('wd', WITHDRAWAL_COLUMNS),
  },
  {
    type: 'transfer',
    label: 'Internal Transfers',
    columns: TRANSFER_COLUMNS,
    defaults: historyDefaults('tr', TRANSFER_COLUMNS),
  },
] as const;

const TAB_KEY = 'funding';
const VIEW_KEY = 'fundingView';

/**
 * Funding History (docs/product.md [screen.profile]): Deposits, Withdrawals and Internal Transfers; tab and
 * view in the URL.
 */
export function FundingHistoryCard({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.type === params.get(TAB_KEY)) ?? TABS[0];
  const view: HistoryView = params.get(VIEW_KEY) === 'approved' ? 'approved' : 'all';

  const update = (key: string, value: string | null, resetPages: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        // Another view of the same rows starts at its first page.
        if (resetPages) TABS.forEach((t) => next.delete(`${t.defaults.prefix}.page`));
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <SectionCard
      title="Funding History"
      action={
        <SegmentedControl
          size="xs"
          aria-label="Which requests"
          value={view}
          onChange={(value) => update(VIEW_KEY, value === 'approved' ? 'approved' : null, true)}
          data={[
            { value: 'all', label: 'All statuses' },
            { value: 'approved', label: 'Approved only' },
          ]}
        />
      }
    >
      <Tabs
        value={tab.type}
        onChange={(value) => update(TAB_KEY, value === TABS[0].type ? null : value, false)}
        keepMounted={false}
      >
        <Tabs.List mb="xs">
          {TABS.map((t) => (
            <Tabs.Tab key={t.type} value={t.type}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.type} value={t.type}>
            <HistoryTable
              userId={userId}
              type={t.type}
              view={view}
              label={t.label}
              columns={t.columns as DataTableColumn<FundingRow>[]}
              defaults={t.defaults}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </SectionCard>
  );
}

type TableProps = {
  userId: string;
  type: FundingType;
  view: HistoryView;
  label: string;
  columns: DataTableColumn<FundingRow>[];
  defaults: ListDefaults;
};

/** What a narrow card leaves out first: how the client paid, not what or when. */
const SPARE = { hidden: ['paymentGatewayService', 'gateway', 'depositPaymentName', 'withdrawalPaymentName'] };

function HistoryTable({ userId, type, view, label, columns, defaults }: TableProps) {
  const fitted = useMemo(() => withColumnDefaults(columns, SPARE), [columns]);
  const list = useUrlListState(defaults);
  const query = useFundingHistory(userId, type, view, list.state);
  return (
    <DataTable
      label={label}
      listId={`profile.${type}`}
      columns={fitted}
      list={list}
      {...queryTableProps(query, (d) => ({
        rows: d.data.transfers.filter(IS_KIND[type]),
        total: d.data.totalSize,
        totalCapped: d.data.totalCapped,
      }))}
      rowStyle={fundingRowStyle}
      emptyText={view === 'approved' ? 'No approved requests.' : 'No requests.'}
      withBorder={false}
      minWidth={760}
    />
  );
}
