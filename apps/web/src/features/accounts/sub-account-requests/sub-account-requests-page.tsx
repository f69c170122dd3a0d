import { PAGE_SIZES, type SubAccountRequest, type SubAccountRequestResponse } from '@brokerdesk/contract';
import { Box, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { listDefaults } from '../../../shared/data-table/index.ts';
import { recordKeys } from '../../../shared/invalidate-record.ts';
import { AccountRequestPage, type AccountRequestScreen } from '../account-request-page.tsx';
import {
  ADMIN_REQUESTED_ROW,
  SUB_ACCOUNT_FILTER_TYPES,
  SUB_ACCOUNT_SORT_FIELDS,
  subAccountColumns,
} from './sub-account-columns.tsx';
import {
  SUB_ACCOUNT_LIST_STATUSES,
  subAccountCalls,
  subAccountKeys,
  type SubAccountPage,
  type SubAccountStatus,
} from './sub-account-queries.ts';
import { SubAccountUpdateModal } from './sub-account-update-modal.tsx';

/** The statuses this list has (docs/product.md [routes]); any other :status is Not found. */
export const SUB_ACCOUNT_STATUSES = SUB_ACCOUNT_LIST_STATUSES;

const SCREEN: AccountRequestScreen<
  SubAccountRequest,
  SubAccountStatus,
  SubAccountPage,
  SubAccountRequestResponse
> = {
  title: 'New Sub Account Requests',
  tableLabel: 'New sub account requests',
  basePath: '/new-sub-account-requests',
  listId: 'sub-accounts',
  statuses: SUB_ACCOUNT_STATUSES,
  /** docs/product.md [const.page-sizes]: 50 or 100 rows; newest first. */
  list: listDefaults(PAGE_SIZES.subAccounts, {
    sortField: 'timeCreated',
    sortOrder: 'desc',
    sortFields: SUB_ACCOUNT_SORT_FIELDS,
    filterFields: Object.keys(SUB_ACCOUNT_FILTER_TYPES),
  }),
  filterTypes: SUB_ACCOUNT_FILTER_TYPES,
  exportList: 'sub-account-requests',
  exportParams: (status) => ({ live: 'all', status }),
  calls: subAccountCalls,
  pageOf: (page) => ({ ...page, rows: page.accounts }),
  useColumns: function useSubAccountColumns(_status, clients) {
    return useMemo(() => subAccountColumns(clients), [clients]);
  },
  // Bulk Approve / Reject on the pending tab; staff-made requests cannot be changed.
  bulk: {
    kind: 'subAccount',
    canDecide: (s) => s.status === 'pending' && !s.adminRequested,
    describe: (s) => `${s.live ? 'live' : 'demo'} ${s.type} ${s.baseCurrency}`,
    invalidate: recordKeys(subAccountKeys),
  },
  openOn: 'click',
  rowStyle: (s) => (s.adminRequested ? ADMIN_REQUESTED_ROW : undefined),
  rowTitle: (s) => (s.adminRequested ? 'Opened by staff' : undefined),
  emptyText: 'No sub account requests.',
  hint: (
    <Group gap="lg">
      <Group gap={6}>
        <Box
          w={14}
          h={14}
          style={{ ...ADMIN_REQUESTED_ROW, border: '1px solid var(--mantine-color-gray-4)' }}
        />
        <Text size="xs" c="dimmed">
          Opened by staff
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Click a row to open the request. The list refreshes every 5 seconds.
      </Text>
    </Group>
  ),
  // A copy of the row as clicked: the 5-second refresh must not pull the modal away mid-decision.
  Editor: SubAccountUpdateModal,
};

/** /new-sub-account-requests/:status (docs/product.md [screen.sub-account-requests]). */
export function SubAccountRequestsPage() {
  return <AccountRequestPage screen={SCREEN} />;
}
