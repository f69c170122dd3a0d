import { FUNDING_TABS, type FundingTab, type FundingType } from '@brokerdesk/contract';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { NotFoundPage } from '../../../shared/not-found-page.tsx';
import { PageHeader } from '../../../shared/page-header.tsx';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import { useRouteStatus } from '../../../shared/use-route-status.ts';
import { DEPOSIT_TABS, TRANSFER_TABS, WITHDRAWAL_TABS } from './funding-tabs.ts';
import { StatusTabs } from './status-tabs.tsx';

const TABS = { deposit: DEPOSIT_TABS, withdrawal: WITHDRAWAL_TABS, transfer: TRANSFER_TABS };

type Props = {
  /** The route is /<type>-requests/:status; its tabs are the type's (docs/product.md [routes]). */
  type: FundingType;
  title: string;
  /** The list of one status tab. */
  list: (status: FundingTab) => ReactNode;
};

/**
 * A request screen at /<type>-requests/:status: its title, the status tabs and the list of the open tab,
 * keyed by the status so each tab opens with a fresh list. Any other :status is Not found.
 */
export function RequestListPage({ type, ...screen }: Props) {
  const status = useRouteStatus<FundingTab>(FUNDING_TABS[type]);
  if (!status) return <NotFoundPage />;
  return <RequestListScreen key={status} type={type} status={status} {...screen} />;
}

function RequestListScreen({ type, title, list, status }: Props & { status: FundingTab }) {
  usePageTitle(title);
  return (
    <Stack gap="md">
      <PageHeader title={title} />
      <StatusTabs<FundingTab> tabs={TABS[type]} value={status} basePath={`/${type}-requests`} />
      {list(status)}
    </Stack>
  );
}
