import { RequestListPage } from './shared/request-list-page.tsx';
import { DepositList } from './deposits/deposit-list.tsx';

/** /deposit-requests/:status (docs/product.md [screen.deposits]). */
export function DepositsPage() {
  return (
    <RequestListPage
      type="deposit"
      title="Deposit requests"
      list={(status) => <DepositList status={status} />}
    />
  );
}
