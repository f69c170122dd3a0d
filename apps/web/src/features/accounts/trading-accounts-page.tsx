import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';

/** /trading-accounts (SPEC 2.11). Placeholder until the screen is built here. */
export function TradingAccountsPage() {
  return <ComingSoonPage title="Trading Accounts" />;
}
