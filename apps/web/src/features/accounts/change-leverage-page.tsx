import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { useRouteStatus } from '../../shared/use-route-status.ts';

/** The statuses this list has (SPEC 2.1); any other :status is Not found. */
export const LEVERAGE_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** /change-leverage-requests/:status (SPEC 2.18). Placeholder until the screen is built here. */
export function ChangeLeveragePage() {
  const status = useRouteStatus(LEVERAGE_STATUSES);
  if (!status) return <NotFoundPage />;
  return <ComingSoonPage key={status} title="Change leverage requests" status={status} />;
}
