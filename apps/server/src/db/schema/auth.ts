import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { epoch } from './columns.ts';
import { users } from './clients.ts';

/** Staff sign-in: sessions, sign-in tickets and throttling, password resets, email confirmations. */

/** Staff sessions: the token's sid is 128+ random bits; only its SHA-256 is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: epoch().notNull(),
    lastActiveAt: epoch().notNull(),
    expiresAt: epoch().notNull(),
    revokedAt: epoch(),
    depositsSeenAt: epoch().notNull(),
    deviceType: text().notNull().default(''),
    browserName: text().notNull().default(''),
    ip: text().notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** The step between password and emailed code: a ticket (hashed) with its code (hashed), tries and expiry. */
export const signInTickets = pgTable(
  'sign_in_tickets',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    tries: integer().notNull().default(0),
    /** Codes resent for this ticket (capped: resending does not mail without end). */
    resends: integer().notNull().default(0),
    createdAt: epoch().notNull(),
    expiresAt: epoch().notNull(),
    usedAt: epoch(),
    /** The known device (sign_in_devices.id) loginAdmin was sent from: its sign-in renews it. */
    deviceId: text(),
  },
  (t) => [index('sign_in_tickets_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/**
 * Failure counters of sign-in (auth/sign-in-limits.ts), keyed by normalised email whether or not it
 * exists: 'password|<email>' (the account), 'password|<email>|<address>', 'password@<address>' (the
 * address across accounts), 'device|<device id>', 'code|<email>'. account is the email (the address
 * for 'password@'), so a password reset lifts every count of the account. lockedUntil is the code
 * lock only; password delays follow from failures and lastFailureAt. notifiedAt: when the owner was
 * last mailed about failed sign-ins (account rows).
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    key: text().primaryKey(),
    account: text().notNull(),
    failures: integer().notNull().default(0),
    lockedUntil: epoch(),
    lastFailureAt: epoch().notNull(),
    notifiedAt: epoch(),
  },
  (t) => [index('sign_in_throttle_account_idx').on(t.account)],
);

/**
 * Browsers that completed a sign-in (password and code) for an account: the device token they keep
 * (only its SHA-256 here) exempts their sign-ins from the slowdowns others' failures cause.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: epoch().notNull(),
    expiresAt: epoch().notNull(),
  },
  (t) => [index('sign_in_devices_user_idx').on(t.userId, t.expiresAt)],
);

/** Password reset and set-password links (hashed ids). A new link voids older ones; using one voids all. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: epoch().notNull(),
    expiresAt: epoch().notNull(),
    usedAt: epoch(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/** Email confirmation links (hashed ids); purpose 'verify' or 'setpassword'. */
export const emailConfirmations = pgTable('email_confirmations', {
  id: text().primaryKey(),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text().notNull(),
  createdAt: epoch().notNull(),
  expiresAt: epoch().notNull(),
  usedAt: epoch(),
});
