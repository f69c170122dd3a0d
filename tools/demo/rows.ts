import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '@brokerdesk/server/db/client';
import * as s from '@brokerdesk/server/db/schema';

/** The tables a chunk of demo clients fills, in foreign-key order (parents first). */
const CHUNK_TABLES = {
  users: s.users,
  partner_email_settings: s.partnerEmailSettings,
  applications: s.applications,
  kyc_documents: s.kycDocuments,
  trading_accounts: s.tradingAccounts,
  sim_accounts: s.simAccounts,
  /** The simulator keeps each account's trades here (see simTradesRow). */
  sim_settings: s.simSettings,
  bank_accounts: s.bankAccounts,
  deposits: s.deposits,
  withdrawals: s.withdrawals,
  transfers: s.transfers,
  leverage_changes: s.leverageChanges,
  sub_account_requests: s.subAccountRequests,
  client_logs: s.clientLogs,
  ib_requests: s.ibRequests,
  ib_codes: s.ibCodes,
  generated_codes: s.generatedCodes,
  groups: s.groups,
} as const;

type ChunkTables = typeof CHUNK_TABLES;
export type TableName = keyof ChunkTables;
export type Rows = { [K in TableName]: ChunkTables[K]['$inferInsert'][] };

/** One row of a table, as inserted. */
export type Row<K extends TableName> = Rows[K][number];

export function emptyRows(): Rows {
  return Object.fromEntries(Object.keys(CHUNK_TABLES).map((k) => [k, []])) as unknown as Rows;
}

/** Rows per INSERT: a JSON document of about half a megabyte. */
const ROWS_PER_INSERT = 1000;

/**
 * One INSERT per batch that takes all rows as a single JSON parameter and lets the database unpack
 * it (json_populate_recordset). Building a 1000-row VALUES list through the query builder costs more
 * than the database's work; this keeps 100,000 clients to minutes. Values are still parameters.
 */
async function insertInBatches(tx: Tx, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`Demo data: ${getTableName(table)} has no column ${key}.`);
    // The database is opened with casing 'snake_case': a column without its own name is its key in snake_case.
    return column.keyAsName ? toSnakeCase(column.name) : column.name;
  });
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const tableName = sql.identifier(getTableName(table));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const batch = rows.slice(i, i + ROWS_PER_INSERT).map((row) => {
      const out: Record<string, unknown> = {};
      keys.forEach((key, k) => (out[names[k]!] = row[key] ?? null));
      return out;
    });
    await tx.execute(
      sql`insert into ${tableName} (${list}) select ${list} from json_populate_recordset(null::${tableName}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

/** Inserts every table of a chunk through the transaction handle (PGlite has a single session). */
export async function insertRows(tx: Tx, rows: Rows): Promise<void> {
  for (const name of Object.keys(CHUNK_TABLES) as TableName[]) {
    await insertInBatches(tx, CHUNK_TABLES[name], rows[name] as Record<string, unknown>[]);
  }
}

export function addCounts(counts: Record<string, number>, rows: Rows): void {
  for (const name of Object.keys(CHUNK_TABLES) as TableName[]) {
    counts[name] = (counts[name] ?? 0) + rows[name].length;
  }
}

export const TABLE_NAMES = Object.keys(CHUNK_TABLES) as TableName[];
