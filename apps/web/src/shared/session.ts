import { isStaff, roleSchema, type TokenClaims } from '@brokerdesk/contract';
import { DEVICE_TOKENS_KEY } from './device-tokens.ts';

/**
 * The signed-in session: the bearer token kept in localStorage 'token' (docs/product.md [state.login]) and
 * mirrored in memory as the Authorization header every call sends. Components subscribe through
 * useSyncExternalStore, so clearing the token anywhere (logout, a 401, another tab) re-renders the
 * guard and it sends the user to /login.
 */

const TOKEN_KEY = 'token';

/**
 * Where a signed-in staff member lands (docs/product.md [routes]: after login, and when opening /login signed
 * in).
 */
export const HOME_AFTER_LOGIN = '/users/new';
const listeners = new Set<() => void>();
let authToken: string | null = readStoredToken();

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The JWT payload, decoded by hand (base64url JSON); the signature is the server's business. */
export function decodeClaims(token: string): Partial<TokenClaims> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Partial<TokenClaims>) : null;
  } catch {
    return null;
  }
}

/** A token is usable when it decodes, has not expired and belongs to staff (ADMIN or above). */
export function isTokenUsable(token: string, nowSeconds = Date.now() / 1000): boolean {
  const claims = decodeClaims(token);
  if (!claims || typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return false;
  const role = roleSchema.safeParse(claims.role);
  return role.success && isStaff(role.data);
}

export function getToken(): string | null {
  return authToken;
}

export function getClaims(): Partial<TokenClaims> | null {
  return authToken ? decodeClaims(authToken) : null;
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  authToken = token;
  emit();
}

/** Where this browser keeps which sidebar groups are folded (a list of group labels). */
export const COLLAPSED_GROUPS_KEY = 'sidebarCollapsed';

/**
 * What logging out leaves in local storage: the device tokens keep this browser a known device and open
 * nothing by themselves; the folded sidebar groups are this browser's layout, not the staff member's data.
 */
const KEPT_ON_LOGOUT = [DEVICE_TOKENS_KEY, COLLAPSED_GROUPS_KEY];

/** Logout and session loss: clear local storage (what logging out does) and the in-memory auth header. */
export function clearSession(): void {
  const had = authToken !== null;
  authToken = null;
  try {
    const kept = KEPT_ON_LOGOUT.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  } catch {
    // Storage can be blocked (private mode); the in-memory token is gone either way.
  }
  if (had) emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Expiry is checked at load (docs/product.md [states]): an expired or foreign token ends the session before
 * any call.
 */
export function checkStoredSessionAtLoad(): void {
  if (authToken && !isTokenUsable(authToken)) clearSession();
}

// Another tab signing out (or in) changes localStorage; follow it so two tabs never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const next = readStoredToken();
    if (next === authToken) return;
    authToken = next;
    emit();
  });
}
