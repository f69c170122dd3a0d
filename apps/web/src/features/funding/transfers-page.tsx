import { FUNDING_TABS } from '@brokerdesk/contract';
import { Stack, Title } from '@mantine/core';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useRouteStatus } from '../../shared/use-route-status.ts';
import { TRANSFER_TABS } from './shared/funding-tabs.ts';
import { StatusTabs } from './shared/status-tabs.tsx';
import { TransferList } from './transfers/transfer-list.tsx';

/** The statuses this list has (docs/product.md [routes]); any other :status is Not found. */
export const TRANSFER_STATUSES = FUNDING_TABS.transfer;
type Status = (typeof TRANSFER_STATUSES)[number];

/** /transfer-requests/:status (docs/product.md [screen.transfers]). */
export function TransfersPage() {
  const status = useRouteStatus(TRANSFER_STATUSES);
  if (!status) return <NotFoundPage />;
  return <TransfersScreen key={status} status={status} />;
}

function TransfersScreen({ status }: { status: Status }) {
  usePageTitle('Internal Transfers');
  return (
    <Stack gap="md">
      <Title order={2}>Internal Transfers</Title>
      <StatusTabs tabs={TRANSFER_TABS} value={status} basePath="/transfer-requests" />
      <TransferList status={status} />
    </Stack>
  );
}
