import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuthenticated } from '../shared/use-session.ts';
import { PageLoader } from './page-loader.tsx';
import { SessionWatcher } from './session-watcher.tsx';
import { AppLayout } from './shell/app-layout.tsx';

/** Pages shown without header and sidebar even when signed in (SPEC 2.1). */
const BARE_PREFIXES = ['/forgot-password', '/resetpassword/'];

/**
 * The root route. Modals and notifications live inside the router so their content can use links.
 * Header and sidebar only for a signed-in staff member, and never on the password pages.
 */
export function RootLayout() {
  const authenticated = useAuthenticated();
  const { pathname } = useLocation();
  const bare = !authenticated || BARE_PREFIXES.some((prefix) => pathname.startsWith(prefix));

  const page = (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );

  return (
    <ModalsProvider>
      {/* Bottom-right: notices must never cover the header and its Logout button. */}
      <Notifications position="bottom-right" zIndex={1000} />
      <SessionWatcher />
      {bare ? page : <AppLayout>{page}</AppLayout>}
    </ModalsProvider>
  );
}
