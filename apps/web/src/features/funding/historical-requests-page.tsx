import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { DepositList } from './deposits/deposit-list.tsx';
import { HISTORICAL_TAB_KEY, HISTORICAL_TABS, historicalTabOf } from './shared/historical-tabs.ts';
import { TransferList } from './transfers/transfer-list.tsx';
import { WithdrawalList } from './withdrawals/withdrawal-list.tsx';

/**
 * /historical-requests (docs/product.md [screen.historical-requests]): DEPOSITS, WITHDRAWALS and INTERNAL
 * TRANSFERS, every decided request of each kind. The open tab and each list's view live in the URL (prefixes
 * dep., wd., tr.).
 */
export function HistoricalRequestsPage() {
  usePageTitle('Historical Requests');
  const [params, setParams] = useSearchParams();
  const tab = historicalTabOf(params.get(HISTORICAL_TAB_KEY));

  const select = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const type = historicalTabOf(value);
        if (type === HISTORICAL_TABS[0].type) next.delete(HISTORICAL_TAB_KEY);
        else next.set(HISTORICAL_TAB_KEY, type);
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <Stack gap="md">
      <Title order={2}>Historical Requests</Title>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="md">
          {HISTORICAL_TABS.map((t) => (
            <Tabs.Tab key={t.type} value={t.type} fw={600}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="deposit">
          <DepositList status="historical" inTabs />
        </Tabs.Panel>
        <Tabs.Panel value="withdrawal">
          <WithdrawalList status="historical" inTabs />
        </Tabs.Panel>
        <Tabs.Panel value="transfer">
          <TransferList status="historical" inTabs />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
