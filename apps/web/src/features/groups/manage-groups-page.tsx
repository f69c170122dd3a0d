import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';

/** /manage-groups (SPEC 2.8). Placeholder until the screen is built here. */
export function ManageGroupsPage() {
  return <ComingSoonPage title="Manage Groups" />;
}
