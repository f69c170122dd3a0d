import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';

/** /ib-requests (SPEC 2.12). Placeholder until the screen is built here. */
export function IbRequestsPage() {
  return <ComingSoonPage title="IB Requests" />;
}
