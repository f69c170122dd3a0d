import { ComingSoonPage } from '../../shared/coming-soon-page.tsx';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { useRouteStatus } from '../../shared/use-route-status.ts';

/** Titles by status (SPEC 2.4). */
export const USER_LIST_TITLES = {
  all: 'All Accounts',
  new: 'New Clients',
  approved: 'Approved Accounts',
  pending: 'Pending Accounts',
  rejected: 'Rejected Accounts',
} as const;
type UserListStatus = keyof typeof USER_LIST_TITLES;
const STATUSES = Object.keys(USER_LIST_TITLES) as UserListStatus[];

/** /users/:status. Placeholder until the server-paged user list (SPEC 2.4) lands here. */
export function UserListPage() {
  const status = useRouteStatus(STATUSES);
  if (!status) return <NotFoundPage />;
  return <ComingSoonPage key={status} title={USER_LIST_TITLES[status]} />;
}
