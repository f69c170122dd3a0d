import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { useRouteStatus } from '../../shared/use-route-status.ts';

/** The statuses this list has (SPEC 2.1); any other :status is Not found. */
export const WITHDRAWAL_STATUSES = ['historical', 'pending', 'incomplete', 'error'] as const;

/** /withdrawal-requests/:status (SPEC 2.15). Placeholder until the screen is built here. */
export function WithdrawalsPage() {
  const status = useRouteStatus(WITHDRAWAL_STATUSES);
  if (!status) return <NotFoundPage />;
  return <ComingSoonPage key={status} title="Withdrawal requests" status={status} />;
}
