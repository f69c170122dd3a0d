import { FUNDING_TABS } from '@brokerdesk/contract';
import { Stack, Title } from '@mantine/core';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useRouteStatus } from '../../shared/use-route-status.ts';
import { DepositList } from './deposits/deposit-list.tsx';
import { DEPOSIT_TABS } from './shared/funding-tabs.ts';
import { StatusTabs } from './shared/status-tabs.tsx';

/** The statuses this list has (docs/product.md [routes]); any other :status is Not found. */
export const DEPOSIT_STATUSES = FUNDING_TABS.deposit;

/** /deposit-requests/:status (docs/product.md [screen.deposits]). */
export function DepositsPage() {
  const status = useRouteStatus(DEPOSIT_STATUSES);
  if (!status) return <NotFoundPage />;
  return <DepositsScreen key={status} status={status} />;
}

function DepositsScreen({ status }: { status: (typeof DEPOSIT_STATUSES)[number] }) {
  usePageTitle('Deposit requests');
  return (
    <Stack gap="md">
      <Title order={2}>Deposit requests</Title>
      <StatusTabs tabs={DEPOSIT_TABS} value={status} basePath="/deposit-requests" />
      <DepositList status={status} />
    </Stack>
  );
}
