import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { epoch, id } from './columns.ts';

/**
 * The database found behind a mailed audit anchor (audit/seals/anchor-reports.ts): the anchor covers
 * records the chain does not hold, as after a restore from an older backup. One row per anchor (its day
 * and signature), open until a SYSOP acknowledges it with a note (docs/product.md [audit.anchor-behind]).
 */
export const auditAnchorReports = pgTable(
  'audit_anchor_reports',
  {
    id: id(),
    day: text().notNull(),
    keyId: text().notNull(),
    signature: text().notNull(),
    reason: text().notNull(),
    headId: integer().notNull(),
    anchorLastSeq: integer().notNull(),
    reportedAt: epoch().notNull(),
    reportedBy: text(),
    acknowledgedAt: epoch(),
    acknowledgedBy: text(),
    note: text(),
  },
  (t) => [uniqueIndex('audit_anchor_reports_anchor_uq').on(t.day, t.signature)],
);
