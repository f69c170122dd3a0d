import { deviceTokenSchema, normaliseIdentifier } from '@brokerdesk/contract';

/**
 * The device tokens this browser was given on signing in, by account (normalised email), in
 * localStorage: sent with loginAdmin, they let it sign in past the slowdowns others' failed sign-ins
 * cause (docs/decisions.md "Sign-in without lockouts"). They outlive logout (session.ts keeps them):
 * a token alone opens nothing.
 */
export const DEVICE_TOKENS_KEY = 'signInDevices';
/** Accounts remembered per browser; the oldest is dropped first. */
const MAX_ACCOUNTS = 10;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, which can be blocked (private mode): then the browser stays a new device. */
function browserStorage(): Store | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function read(storage: Store | null): [string, string][] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(DEVICE_TOKENS_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (e): e is [string, string] =>
        Array.isArray(e) && typeof e[0] === 'string' && deviceTokenSchema.safeParse(e[1]).success,
    );
  } catch {
    // A damaged entry is the same as none: the browser is a new device again.
    return [];
  }
}

/** The token kept for this account, if any (only a well-formed one: a bad one would be refused). */
export function deviceTokenFor(email: string, storage: Store | null = browserStorage()): string | undefined {
  const account = normaliseIdentifier(email);
  return read(storage).find(([e]) => e === account)?.[1];
}

export function saveDeviceToken(
  email: string,
  token: string,
  storage: Store | null = browserStorage(),
): void {
  const account = normaliseIdentifier(email);
  const others = read(storage).filter(([e]) => e !== account);
  try {
    storage?.setItem(DEVICE_TOKENS_KEY, JSON.stringify([...others, [account, token]].slice(-MAX_ACCOUNTS)));
  } catch {
    // Storage full or blocked: the browser stays a new device.
  }
}
