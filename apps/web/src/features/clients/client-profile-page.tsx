import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';

/** /user/profile/:id (SPEC 2.6). Placeholder until the screen is built here. */
export function ClientProfilePage() {
  return <ComingSoonPage title="Client profile" />;
}
