import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, epoch } from './columns.ts';

/** The platform-operations outbox and its archive, platform status and its history, the dev outbox. */

/**
 * The platform-operations outbox: written in the same transaction as the state change it serves,
 * run by a worker outside any transaction. The idempotency key is also the deal comment on MT5.
 */
export const platformOperations = pgTable(
  'platform_operations',
  {
    id: id(),
    idempotencyKey: text().notNull(),
    /** The request it serves: 'dep:<id>' for 'dep:<id>' and its repeats 'dep:<id>:<n>'. */
    baseKey: text().notNull(),
    platform: text().notNull().default('MT5'),
    kind: text().notNull(),
    /** The platform login it acts on: one login's operations run one at a time, in `seq` order. */
    login: bigint({ mode: 'number' }).notNull(),
    /** Approval order, one sequence for every server. */
    seq: bigserial({ mode: 'number' }).notNull(),
    payload: jsonb().notNull(),
    /** queued | running | succeeded | failed */
    state: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: epoch().notNull(),
    lockedUntil: epoch(),
    /** Set while an earlier send's outcome is unknown: nothing is sent again before this time. */
    settleUntil: epoch(),
    result: jsonb(),
    lastError: text().notNull().default(''),
    createdAt: epoch().notNull(),
    updatedAt: epoch().notNull(),
  },
  (t) => [
    uniqueIndex('platform_operations_key_uq').on(t.idempotencyKey),
    index('platform_operations_due_idx').on(t.state, t.nextAttemptAt),
    index('platform_operations_base_idx').on(t.baseKey),
    index('platform_operations_open_login_idx')
      .on(t.platform, t.login, t.seq)
      .where(sql`state IN ('queued', 'running')`),
    index('platform_operations_open_seq_idx')
      .on(t.seq)
      .where(sql`state IN ('queued', 'running')`),
    index('platform_operations_login_kind_idx').on(t.login, t.kind, t.seq),
    index('platform_operations_settled_idx')
      .on(t.updatedAt)
      .where(sql`state IN ('succeeded', 'failed')`),
  ],
);

/** Settled operations older than OPERATIONS_RETENTION_DAYS, moved out of the hot table, never deleted. */
export const platformOperationsArchive = pgTable(
  'platform_operations_archive',
  {
    id: id(),
    idempotencyKey: text().notNull(),
    baseKey: text().notNull(),
    platform: text().notNull(),
    kind: text().notNull(),
    login: bigint({ mode: 'number' }).notNull(),
    seq: bigint({ mode: 'number' }).notNull(),
    payload: jsonb().notNull(),
    state: text().notNull(),
    attempts: integer().notNull(),
    result: jsonb(),
    lastError: text().notNull(),
    createdAt: epoch().notNull(),
    updatedAt: epoch().notNull(),
    archivedAt: epoch().notNull(),
  },
  (t) => [
    uniqueIndex('platform_operations_archive_key_uq').on(t.idempotencyKey),
    index('platform_operations_archive_base_idx').on(t.baseKey),
  ],
);

/** The last status the checker saw per platform (sidebar lights). */
export const platformStatus = pgTable('platform_status', {
  platform: text().primaryKey(),
  status: text().notNull(),
  lastWorking: epoch(),
  checkedAt: epoch().notNull(),
});

/** Each change of a platform's status (a trigger on platform_status), kept 90 days. */
export const platformStatusHistory = pgTable(
  'platform_status_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    platform: text().notNull(),
    status: text().notNull(),
    at: epoch().notNull(),
  },
  (t) => [
    index('platform_status_history_platform_at_idx').on(
      t.platform,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Mail kept for the development outbox when SMTP_URL is unset. */
export const devOutbox = pgTable('dev_outbox', {
  id: serial().primaryKey(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  sentAt: epoch().notNull(),
});
