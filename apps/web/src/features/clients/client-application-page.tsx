import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';

/** /user/application/:id (SPEC 2.7). Placeholder until the screen is built here. */
export function ClientApplicationPage() {
  return <ComingSoonPage title="Client Application" />;
}
