import { RequestListPage } from './shared/request-list-page.tsx';
import { WithdrawalList } from './withdrawals/withdrawal-list.tsx';

/**
 * /withdrawal-requests/:status (docs/product.md [screen.withdrawals]): the requests, then the 'Orders' table.
 */
export function WithdrawalsPage() {
  return (
    <RequestListPage
      type="withdrawal"
      title="Withdrawal requests"
      list={(status) => <WithdrawalList status={status} withOrders />}
    />
  );
}
