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
  },
  (t) => [index('sign_in_tickets_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/**
 * Failure counters and locks of sign-in (auth/sign-in-limits.ts), keyed by normalised email whether or
 * not it exists: 'password|<email>|<address>', 'password|<email>', 'code|<email>'. account is the email,
 * so a password reset lifts every lock of the account.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    key: text().primaryKey(),
    account: text().notNull(),
    failures: integer().notNull().default(0),
    lockedUntil: epoch(),
    lastFailureAt: epoch().notNull(),
  },
  (t) => [index('sign_in_throttle_account_idx').on(t.account)],
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
