import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { epoch } from './columns.ts';

/** The audit trail, a hash chain (docs/product.md [security.audit]). */

/**
 * Who did what, when, with before and after: every change to money or to a client, every sign-in.
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and chained: hash is SHA-256 over the row
 * and prev_hash, the hash of the row before it (audit/chain.ts). Rows written before the chain existed
 * have neither (see auditHead.unchainedThrough).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    at: epoch().notNull(),
    actorId: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text().notNull().default(''),
    prevHash: text(),
    hash: text(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_id_idx').on(t.entityId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_before_user_idx')
      .on(sql`(${t.before} ->> 'userId')`)
      .where(sql`(${t.before} ->> 'userId') is not null`),
    index('audit_log_after_user_idx')
      .on(sql`(${t.after} ->> 'userId')`)
      .where(sql`(${t.after} ->> 'userId') is not null`),
    // Two rows can never follow the same row: a forked chain is refused by the database itself.
    uniqueIndex('audit_log_prev_hash_uq').on(t.prevHash),
  ],
);

/**
 * The one row holding the end of the audit chain. audit() locks it (SELECT ... FOR UPDATE) before
 * appending, so concurrent writers queue up and the chain cannot fork; verification compares it with
 * the last row, so deleting the newest rows shows too.
 */
export const auditHead = pgTable('audit_head', {
  id: smallint().primaryKey().default(1),
  lastId: integer().notNull(),
  lastHash: text().notNull(),
  /** Rows with ids up to this were written before the chain existed and carry no hash. */
  unchainedThrough: integer().notNull(),
});

/**
 * One UTC day of the audit chain sealed (audit/seals): the records firstSeq..lastSeq (ids, in chain
 * order; the rows after the previous seal up to the last one written before the day ended) under a
 * Merkle root, signed with the server's Ed25519 key. The key's public half and id are kept with the seal
 * so a seal made before a key rotation still verifies. `mailedAt`: when the anchor mail went out (null:
 * not yet, or no AUDIT_ANCHOR_MAIL); `mailingSince` claims the sending so one server sends it.
 */
export const auditSeal = pgTable('audit_seal', {
  /** The UTC day, YYYY-MM-DD. */
  day: text().primaryKey(),
  firstSeq: integer().notNull(),
  lastSeq: integer().notNull(),
  count: integer().notNull(),
  root: text().notNull(),
  headHash: text().notNull(),
  keyId: text().notNull(),
  publicKey: text().notNull(),
  signature: text().notNull(),
  sealedAt: epoch().notNull(),
  mailingSince: epoch(),
  mailedAt: epoch(),
});
