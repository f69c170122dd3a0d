import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { useRouteStatus } from '../../shared/use-route-status.ts';

/** The statuses this list has (SPEC 2.1); any other :status is Not found. */
export const SUB_ACCOUNT_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** /new-sub-account-requests/:status (SPEC 2.19). Placeholder until the screen is built here. */
export function SubAccountRequestsPage() {
  const status = useRouteStatus(SUB_ACCOUNT_STATUSES);
  if (!status) return <NotFoundPage />;
  return <ComingSoonPage key={status} title="New Sub Account Requests" status={status} />;
}
