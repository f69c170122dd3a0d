import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';

/** /ib-codes (SPEC 2.13). Placeholder until the screen is built here. */
export function IbCodesPage() {
  return <ComingSoonPage title="IB Codes" />;
}
