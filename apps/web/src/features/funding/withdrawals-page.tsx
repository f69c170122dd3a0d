import { FUNDING_TABS } from '@brokerdesk/contract';
import { Stack, Title } from '@mantine/core';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useRouteStatus } from '../../shared/use-route-status.ts';
import { WITHDRAWAL_TABS } from './shared/funding-tabs.ts';
import { StatusTabs } from './shared/status-tabs.tsx';
import { WithdrawalList } from './withdrawals/withdrawal-list.tsx';

/** The statuses this list has (docs/product.md [routes]); any other :status is Not found. */
export const WITHDRAWAL_STATUSES = FUNDING_TABS.withdrawal;
type Status = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * /withdrawal-requests/:status (docs/product.md [screen.withdrawals]): the requests, then the 'Orders' table.
 */
export function WithdrawalsPage() {
  const status = useRouteStatus(WITHDRAWAL_STATUSES);
  if (!status) return <NotFoundPage />;
  return <WithdrawalsScreen key={status} status={status} />;
}

function WithdrawalsScreen({ status }: { status: Status }) {
  usePageTitle('Withdrawal requests');
  return (
    <Stack gap="md">
      <Title order={2}>Withdrawal requests</Title>
      <StatusTabs tabs={WITHDRAWAL_TABS} value={status} basePath="/withdrawal-requests" />
      <WithdrawalList status={status} withOrders />
    </Stack>
  );
}
