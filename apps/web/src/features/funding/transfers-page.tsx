import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { useRouteStatus } from '../../shared/use-route-status.ts';

/** The statuses this list has (SPEC 2.1); any other :status is Not found. */
export const TRANSFER_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** /transfer-requests/:status (SPEC 2.14). Placeholder until the screen is built here. */
export function TransfersPage() {
  const status = useRouteStatus(TRANSFER_STATUSES);
  if (!status) return <NotFoundPage />;
  return <ComingSoonPage key={status} title="Internal Transfers" status={status} />;
}
