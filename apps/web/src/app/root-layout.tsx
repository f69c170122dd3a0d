import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { memo, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NOTICE_POSITION } from '../shared/notify.ts';
import { useAuthenticated } from '../shared/use-session.ts';
import { PageLoader } from './page-loader.tsx';
import { SessionWatcher } from './session-watcher.tsx';
import { AppLayout } from './shell/app-layout.tsx';

/** Pages shown without header and sidebar even when signed in (docs/product.md [routes]). */
const BARE_PREFIXES = ['/forgot-password', '/resetpassword/'];

/** The signed-in frame, memoised: it has no props that change with the address. */
const Shell = memo(AppLayout);

/** The screen of the current route; the same element for the layout's whole life (see RootLayout). */
const PAGE = (
  <Suspense fallback={<PageLoader />}>
    <Outlet />
  </Suspense>
);

/**
 * The root route. Modals and notifications live inside the router so their content can use links.
 * Header and sidebar only for a signed-in staff member, and never on the password pages.
 * This layout re-renders on every change of the address (it reads the path), including a list's page
 * flip; the frame (header, sidebar and their dozens of Mantine components) need not render again with
 * it (a few ms of every flip's click; docs/performance.md, Web). The Outlet follows the route by itself.
 */
export function RootLayout() {
  const authenticated = useAuthenticated();
  const { pathname } = useLocation();
  const bare = !authenticated || BARE_PREFIXES.some((prefix) => pathname.startsWith(prefix));

  return (
    <ModalsProvider>
      {/* Where shared/notify.ts puts every notice: under the header (its Logout button stays free) and
          away from a list's pager at the bottom. */}
      <Notifications position={NOTICE_POSITION} zIndex={1000} />
      <SessionWatcher />
      {bare ? PAGE : <Shell>{PAGE}</Shell>}
    </ModalsProvider>
  );
}
