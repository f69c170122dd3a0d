import { asc, count, inArray, sql } from 'drizzle-orm';
import type { Db } from '@brokerdesk/server/db/client';
import * as s from '@brokerdesk/server/db/schema';
import { addAccounts, finishAccounts } from './accounts.ts';
import { raiseDemoAlerts } from './alerts.ts';
import { addClient, lifecycleOf } from './clients.ts';
import type { SeedState, Staff } from './context.ts';
import { addFunding } from './funding.ts';
import { addGroups } from './groups.ts';
import { addLogs } from './logs.ts';
import { addAffiliates, addPartner, maybeAddIbRequest } from './partners.ts';
import { DemoRandom } from './random.ts';
import { addTrading } from './trading.ts';
import { writeStatements } from './statements.ts';
import { addCounts, emptyRows, insertRows, TABLE_NAMES, type TableName } from './rows.ts';

/** 2026-09-21T22:13:20Z: the default "now", so that the same arguments always give the same rows. */
export const DEMO_NOW = 1_790_000_000;
export const FIRST_ACCOUNT_NUMBER = 500_000;
const FIRST_AGENT_CODE = 10_001;
/** Clients per transaction: keeps memory bounded and lets the caller report progress. */
const CLIENTS_PER_TX = 1000;
/** Introducer slots and sub-code slots left over after the demo introducers. */
const SPARE_IB_CODES = 25;
const SPARE_SUBCODES = 250;

export type SeedOptions = {
  clients: number;
  seed: number;
  /** Epoch seconds the data is relative to (registrations spread over the 2 years before it). */
  now?: number;
  /** Base of introducer links, {publicUrl}/register/{agentCode}. */
  publicUrl?: string;
  log?: (msg: string) => void;
  /**
   * The server's uploads folder (DATA_DIR/uploads): each demo bank account's statement is written there
   * as a generated PDF or PNG. Left out, the rows name files that do not exist ("No statement uploaded").
   */
  uploadsDir?: string;
  /** Adds the clients that trip each alert rule (alert-cases.ts): the demo a server starts with. */
  alertCases?: boolean;
};

export type SeedSummary = Record<TableName | 'ib_quota', number>;

/**
 * Fills an empty migrated database with reproducible demo data: clients at every status, their
 * applications, KYC documents, live and demo accounts (also on the simulator platform), funding
 * requests of every kind and status, trading histories of the funded live accounts (on the simulator),
 * bank accounts, leverage and sub-account requests, logs, IB requests, introducers with generated
 * codes, groups and the IB quota.
 *
 * For empty databases only: it refuses to run when clients or accounts exist. Existing ADMIN and
 * SYSOP users are used as the approvers named in the data.
 */
export async function seedDemoData(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const log = opts.log ?? (() => undefined);
  if (!Number.isInteger(opts.clients) || opts.clients < 0)
    throw new Error('clients must be a whole number >= 0.');
  if (!Number.isInteger(opts.seed)) throw new Error('seed must be a whole number.');
  await assertEmptyForDemo(db);
  const now = opts.now ?? DEMO_NOW;
  const state: SeedState = {
    r: new DemoRandom(opts.seed, now),
    tradingR: new DemoRandom(opts.seed * 7919 + 17, now),
    rows: emptyRows(),
    staff: await loadStaff(db),
    publicUrl: (opts.publicUrl ?? 'http://127.0.0.1:8080').replace(/\/$/, ''),
    nextAccountNumber: FIRST_ACCOUNT_NUMBER,
    nextAgentCode: FIRST_AGENT_CODE,
    agentCodes: [],
    generatedCodes: new Set(),
  };
  const counts = Object.fromEntries(TABLE_NAMES.map((t) => [t, 0])) as SeedSummary;

  addGroups(state);
  addAffiliates(state, Math.max(3, Math.round(opts.clients / 200)));
  // Groups and affiliates made above go in with the first chunk (alone when there are no clients).
  let done = 0;
  do {
    const end = Math.min(opts.clients, done + CLIENTS_PER_TX);
    for (let i = done; i < end; i++) addEverything(state, i);
    const rows = state.rows;
    state.rows = emptyRows();
    await db.transaction((tx) => insertRows(tx, rows));
    if (opts.uploadsDir) await writeStatements(opts.uploadsDir, rows);
    addCounts(counts, rows);
    done = end;
    log(`${done} of ${opts.clients} clients`);
  } while (done < opts.clients);
  const quota = {
    availableIbCodes: SPARE_IB_CODES,
    totalIbCodes: counts.ib_codes + SPARE_IB_CODES,
    availableSubcodes: SPARE_SUBCODES,
    totalSubcodes: counts.generated_codes + SPARE_SUBCODES,
  };
  await db
    .insert(s.ibQuota)
    .values({ id: 1, ...quota })
    .onConflictDoUpdate({ target: s.ibQuota.id, set: quota });
  counts.ib_quota = 1;
  log(`${await raiseDemoAlerts(db, now, { cases: opts.alertCases ?? false })} alerts raised`);
  return counts;
}

/** Every row of one client, in the order the rows depend on each other. */
function addEverything(state: SeedState, index: number): void {
  const client = addClient(state, index);
  if (client.user.role === 'PARTNER') addPartner(state, client);
  else maybeAddIbRequest(state, client);
  const accounts = addAccounts(state, client);
  const { net, deposited } = addFunding(state, client, accounts);
  finishAccounts(state, client, accounts, net, addTrading(state, client, accounts));
  client.user.hubspotLifecycleId = lifecycleOf(state, client, deposited);
  addLogs(state, client, accounts);
}

/** Throws unless the database holds no clients, accounts, introducers or groups (staff may exist). */
export async function assertEmptyForDemo(db: Db): Promise<void> {
  const checks = [
    [
      'clients',
      db
        .select({ n: count() })
        .from(s.users)
        .where(inArray(s.users.role, ['USER', 'PARTNER'])),
    ],
    ['trading accounts', db.select({ n: count() }).from(s.tradingAccounts)],
    ['simulator accounts', db.select({ n: count() }).from(s.simAccounts)],
    ['introducers', db.select({ n: count() }).from(s.ibCodes)],
    ['groups', db.select({ n: count() }).from(s.groups)],
  ] as const;
  const found: string[] = [];
  for (const [what, query] of checks) {
    const [row] = await query;
    if (row && row.n > 0) found.push(`${row.n} ${what}`);
  }
  if (found.length > 0) {
    throw new Error(
      `The database already holds ${found.join(', ')}. Demo data is only added to an empty database: ` +
        'use a new DATA_DIR or a fresh PostgreSQL database.',
    );
  }
}

async function loadStaff(db: Db): Promise<Staff[]> {
  const rows = await db
    .select({ id: s.users.id, name: sql<string>`${s.users.name} || ' ' || ${s.users.surname}` })
    .from(s.users)
    .where(inArray(s.users.role, ['ADMIN', 'SYSOP']))
    .orderBy(asc(s.users.email));
  return rows.map((r) => ({ id: r.id, name: r.name.trim() }));
}
