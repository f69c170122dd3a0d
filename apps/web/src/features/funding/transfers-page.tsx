import { RequestListPage } from './shared/request-list-page.tsx';
import { TransferList } from './transfers/transfer-list.tsx';

/** /transfer-requests/:status (docs/product.md [screen.transfers]). */
export function TransfersPage() {
  return (
    <RequestListPage
      type="transfer"
      title="Internal Transfers"
      list={(status) => <TransferList status={status} />}
    />
  );
}
