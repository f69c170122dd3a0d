/**
 * Between the two sign-in steps the browser keeps the email and the opaque single-use ticket from
 * loginAdmin (never the password) in sessionStorage: it survives a reload of /confirm-login but not
 * the tab, and the server binds the emailed code to it.
 */
const KEY = 'signInTicket';

export type SignInTicket = { email: string; ticket: string };

export function saveTicket(value: SignInTicket): void {
  sessionStorage.setItem(KEY, JSON.stringify(value));
}

export function loadTicket(): SignInTicket | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (value && typeof value === 'object' && 'email' in value && 'ticket' in value) {
      const { email, ticket } = value;
      if (typeof email === 'string' && typeof ticket === 'string' && ticket) return { email, ticket };
    }
  } catch {
    // A damaged entry is the same as none: sign in again.
  }
  return null;
}

export function clearTicket(): void {
  sessionStorage.removeItem(KEY);
}
