import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';

/** /historical-requests (SPEC 2.9). Placeholder until the screen is built here. */
export function HistoricalRequestsPage() {
  return <ComingSoonPage title="Historical Requests" />;
}
