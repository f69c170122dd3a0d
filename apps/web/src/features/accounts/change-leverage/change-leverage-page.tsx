import {
  PAGE_SIZES,
  REQUEST_KIND_WIRES,
  type LeverageChange,
  type LeverageRequestResponse,
} from '@brokerdesk/contract';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { listDefaults } from '../../../shared/data-table/index.ts';
import { formatLeverage } from '../../../shared/formatters.ts';
import { recordKeys } from '../../../shared/invalidate-record.ts';
import { AccountRequestPage, type AccountRequestScreen } from '../account-request-page.tsx';
import { leverageCalls, leverageKeys, type LeveragePage, type LeverageStatus } from './leverage-api.ts';
import { LEVERAGE_FILTER_TYPES, LEVERAGE_SORT_FIELDS, leverageColumns } from './leverage-columns.tsx';
import { useApproveLeverage } from './leverage-queries.ts';
import { LeverageUpdateModal } from './leverage-update-modal.tsx';

/** The statuses this list has (docs/product.md [routes]); any other :status is Not found. */
export const LEVERAGE_STATUSES = REQUEST_KIND_WIRES.leverage.tabs;

const SCREEN: AccountRequestScreen<LeverageChange, LeverageStatus, LeveragePage, LeverageRequestResponse> = {
  title: 'Change leverage requests',
  tableLabel: 'Change leverage requests',
  basePath: '/change-leverage-requests',
  listId: 'leverage',
  statuses: LEVERAGE_STATUSES,
  /** docs/product.md [const.page-sizes]: 50 or 100 rows; newest first. */
  list: listDefaults(PAGE_SIZES.leverage, {
    sortField: 'timestamp',
    sortOrder: 'desc',
    sortFields: LEVERAGE_SORT_FIELDS,
    filterFields: Object.keys(LEVERAGE_FILTER_TYPES),
  }),
  filterTypes: LEVERAGE_FILTER_TYPES,
  exportList: 'leverage-changes',
  exportParams: (status) => ({ status }),
  calls: leverageCalls,
  pageOf: (page) => ({ ...page, rows: page.leverages }),
  useColumns: function useLeverageColumns(status, clients, open) {
    const { approve, approvingId } = useApproveLeverage();
    return useMemo(
      () =>
        leverageColumns({
          status,
          clients,
          actions: {
            onReject: (change) => open(change, 'rejected'),
            onApprove: (change) => void approve(change),
            approvingId,
          },
        }),
      [status, clients, open, approve, approvingId],
    );
  },
  // Bulk Approve / Reject on the pending tab.
  bulk: {
    kind: 'leverage',
    canDecide: (l) => l.status === 'pending',
    describe: (l) => `${l.accountNumber} to ${formatLeverage(l.newLeverage)}`,
    invalidate: recordKeys(leverageKeys),
  },
  openOn: 'doubleClick',
  emptyText: 'No leverage change requests.',
  hint: (
    <Text size="xs" c="dimmed">
      Double-click a row to open the request.
    </Text>
  ),
  Editor: LeverageUpdateModal,
};

/** /change-leverage-requests/:status (docs/product.md [screen.leverage-requests]). */
export function ChangeLeveragePage() {
  return <AccountRequestPage screen={SCREEN} />;
}
