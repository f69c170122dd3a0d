import { Stack, Tabs, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import { useSearchParam } from '../../../shared/use-search-param.ts';
import type { LiveOrDemo } from '../accounts-api.ts';
import { TradingAccountsTable } from './trading-accounts-table.tsx';

const TAB_KEY = 'tab';

/**
 * /trading-accounts (docs/product.md [screen.trading-accounts]): tabs LIVE and DEMO; the tab is in the URL
 * (?tab=demo).
 */
export function TradingAccountsPage() {
  usePageTitle('Trading Accounts');
  const [tabParam, setTab] = useSearchParam(TAB_KEY);
  const tab: LiveOrDemo = tabParam === 'demo' ? 'demo' : 'live';
  // LIVE is the default and needs no param.
  const select = (value: string | null) => setTab(value === 'demo' ? 'demo' : null);

  return (
    <Stack gap="md">
      <Title order={2}>Trading Accounts</Title>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="live">LIVE</Tabs.Tab>
          <Tabs.Tab value="demo">DEMO</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="live">
          <TradingAccountsTable kind="live" />
        </Tabs.Panel>
        <Tabs.Panel value="demo">
          <TradingAccountsTable kind="demo" />
        </Tabs.Panel>
      </Tabs>
      <Text size="xs" c="dimmed">
        Click an account to see its details and change its leverage or password. The client filter matches
        name or email.
      </Text>
    </Stack>
  );
}
