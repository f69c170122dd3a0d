import { useEffect, useSyncExternalStore } from 'react';
import { clearSession, getToken, isTokenUsable, subscribeSession } from './session.ts';

/** The current bearer token, re-rendering when it changes (sign-in, logout, 401, another tab). */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, () => null);
}

/**
 * True for a usable staff token. A token that has become unusable while the app is open (past its exp)
 * is cleared, so storage and the header never keep a dead credential.
 */
export function useAuthenticated(): boolean {
  const token = useSessionToken();
  const usable = token !== null && isTokenUsable(token);
  useEffect(() => {
    if (token !== null && !usable) clearSession();
  }, [token, usable]);
  return usable;
}
