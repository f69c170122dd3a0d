import { Navigate, Outlet, useLocation } from 'react-router';
import { HOME_AFTER_LOGIN } from '../shared/session.ts';
import { useAuthenticated } from '../shared/use-session.ts';

/** Protected routes: no usable token -> /login (docs/product.md [routes.protected], [msg.where-shown]). */
export function RequireAuth() {
  const authenticated = useAuthenticated();
  const location = useLocation();
  if (!authenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /login and /confirm-login: a signed-in staff member has nothing to do there. */
export function RedirectIfAuthenticated() {
  const authenticated = useAuthenticated();
  if (authenticated) return <Navigate to={HOME_AFTER_LOGIN} replace />;
  return <Outlet />;
}
