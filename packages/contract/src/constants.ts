/** Business constants and limits of docs/product.md [constants]. */

export const PAGE_SIZES = {
  users: { sizes: [50, 100], initial: 50 },
  tradingAccounts: { sizes: [50, 100], initial: 10 },
  walletAccounts: { sizes: [50, 100], initial: 50 },
  ib: { sizes: [50, 100], initial: 50 },
  transfers: { sizes: [50, 100], initial: 50 },
  deposits: { sizes: [50, 100], initial: 50 },
  withdrawals: { sizes: [10, 50, 100], initial: 10 },
  leverage: { sizes: [50, 100], initial: 50 },
  subAccounts: { sizes: [50, 100], initial: 50 },
  fundingHistory: { sizes: [10, 25, 50], initial: 10 },
  clientLog: { sizes: [10, 20], initial: 10 },
} as const;

/** The server never returns more rows than this in one page. */
export const MAX_PAGE_SIZE = 100;

/** Polling periods in milliseconds. */
export const POLLING_MS = {
  platformStatus: 5_000,
  userList: 5 * 60_000,
  ibRequests: 5 * 60_000,
  newRequestCounters: 10_000,
  newDeposits: 10_000,
  subAccounts: 5_000,
  passwordChangeCheck: 5_000,
} as const;

export const NOTIFICATION_MS = 5_000;
export const LEVERAGE_MODAL_CLOSE_MS = 3_000;
export const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm:ss';
export const AMOUNT_DECIMALS = 2;

export const DEMO_BALANCES = [200, 500, 1000, 5000, 10000, 25000, 50000] as const;
export const LEVERAGES = [50, 100, 200, 300, 400, 500] as const;
export const LEVERAGE_OPTIONS = LEVERAGES.map((l) => `1:${l}`);
export const CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
export const ACCOUNT_TYPES = ['Standard', 'ECN', 'Mini FX'] as const;
/** Mini FX is offered for live accounts only. */
export const DEMO_ACCOUNT_TYPES = ['Standard', 'ECN'] as const;
export const PLATFORMS = ['MT5'] as const;

export const CODE_BATCH_SIZES = [1, 2, 3, 10, 25, 50, 100] as const;
export const GENERATED_PASSWORD_LENGTH = 10;
export const MIN_PASSWORD_LENGTH = 6;
/** Staff passwords: at least this long and not a common password (NIST 800-63B; server auth/password-policy.ts). */
export const STAFF_MIN_PASSWORD_LENGTH = 10;
export const VERIFICATION_CODE_LENGTH = 6;

/** A living period of "<3" years reveals the previous address. */
export const SHORT_LIVING_PERIOD = '<3';

export const TITLES = ['Mr.', 'Mrs.', 'Dr.'] as const;
