import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';

/** /add-user (SPEC 2.5). Placeholder until the screen is built here. */
export function AddUserPage() {
  return <ComingSoonPage title="Add User" />;
}
