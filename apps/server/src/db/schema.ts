/**
 * One table per entity of docs/product.md [entities], plus the server's own: sessions, sign-in tickets,
 * password resets, email confirmations, sign-in throttling, the audit log, the platform-operations outbox,
 * platform status and the simulator's ledger. Column names are snake_case (drizzle `casing`).
 * Times are epoch seconds (bigint), money is numeric(18,2), ids are 24 hex characters.
 * Split by area (drizzle-kit reads src/db/schema/*.ts); this file gathers them for the code.
 */
export * from './schema/clients.ts';
export * from './schema/accounts.ts';
export * from './schema/funding.ts';
export * from './schema/partners.ts';
export * from './schema/auth.ts';
export * from './schema/audit.ts';
export * from './schema/operations.ts';
export * from './schema/simulator.ts';
export * from './schema/reconciliation.ts';
export * from './schema/dashboard.ts';
export * from './schema/views.ts';
export * from './schema/alerts.ts';
export * from './schema/reports.ts';
export * from './schema/evidence-packs.ts';
