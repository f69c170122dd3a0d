import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';

/** /wallet-accounts (SPEC 2.10). Placeholder until the screen is built here. */
export function WalletAccountsPage() {
  return <ComingSoonPage title="Wallet Accounts" />;
}
