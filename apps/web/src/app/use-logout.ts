import { calls } from '@brokerdesk/contract';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../shared/api.ts';
import { clearSession } from '../shared/session.ts';

/**
 * Logout (docs/product.md [state.logout]): tell the server to end the session, then clear local storage and
 * the auth header and go to /login. The server call may fail (offline, session already gone); the browser
 * side is cleared regardless, because a staff member who pressed Logout must end up signed out.
 */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    try {
      await call(calls.auth.logout);
    } catch {
      // Ignored on purpose: see above.
    }
    // SessionWatcher drops the cached data when the token goes.
    clearSession();
    setPending(false);
    await navigate('/login', { replace: true });
  }, [navigate]);

  return { logout, pending };
}
