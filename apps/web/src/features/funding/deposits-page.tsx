import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { useRouteStatus } from '../../shared/use-route-status.ts';

/** The statuses this list has (SPEC 2.1); any other :status is Not found. */
export const DEPOSIT_STATUSES = ['historical', 'pending', 'incomplete'] as const;

/** /deposit-requests/:status (SPEC 2.16). Placeholder until the screen is built here. */
export function DepositsPage() {
  const status = useRouteStatus(DEPOSIT_STATUSES);
  if (!status) return <NotFoundPage />;
  return <ComingSoonPage key={status} title="Deposit requests" status={status} />;
}
