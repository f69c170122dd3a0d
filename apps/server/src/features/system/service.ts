import { eq, sql } from 'drizzle-orm';
import type { MenuCounters, PlatformStatus } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { deposits, devOutbox, menuCounters, platformStatus, sessions } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

/** The counters the sidebar shows, each a row of menu_counters. */
const MENU_COUNTERS = [
  'newClients',
  'newIntroducerRequests',
  'newDeposits',
  'newWithdrawals',
  'newTransfers',
  'newBankDetails',
  'newSubAccounts',
  'newChangeLeverages',
  'criticalMismatches',
  'openAlerts',
] as const satisfies readonly (keyof MenuCounters)[];

/** What a deposit notice is about: requests that staff still have to act on. */
const NEW_DEPOSIT_STATUSES = ['pending', 'incomplete'];

/** What SystemService is built from (composition.ts). */
export type SystemServiceDeps = {
  db: Db;
  clock: Clock;
  platformNames: string[];
};

/** Sidebar counters, the new-deposits notice and platform lights (docs/product.md [calls.sign-in]). */
export class SystemService {
  constructor(private readonly deps: SystemServiceDeps) {}

  /**
   * The counters as the database keeps them (migration 0014: triggers update menu_counters in the same
   * transaction as each change), so a poll reads nine rows whatever the size of the book.
   */
  async newRequestsCount(): Promise<MenuCounters> {
    const rows = await this.deps.db.select({ name: menuCounters.name, n: menuCounters.n }).from(menuCounters);
    const counters = Object.fromEntries(MENU_COUNTERS.map((name) => [name, 0])) as MenuCounters;
    // Every row: a request kind's own counter (installed at start from its definition) comes too.
    for (const row of rows) counters[row.name] = Number(row.n);
    return counters;
  }

  /**
   * True once for deposits that arrived since this session last asked (or since sign-in), so each
   * staff member's notice pops for every new deposit exactly once.
   */
  async checkNewDeposits(sessionId: string): Promise<{ notify: boolean }> {
    // One round trip, and one index descent per status on (status, timestamp): a max per status is the
    // top of its index range, where one max over `status in (...)` would walk every newer row.
    const statuses = NEW_DEPOSIT_STATUSES.map(
      (status) => sql`(select max(${deposits.timestamp}) from ${deposits}
        where ${deposits.status} = ${status} and ${deposits.timestamp} > ${sessions.depositsSeenAt})`,
    );
    const [row] = await this.deps.db
      .select({ newest: sql<string | number | null>`greatest(${sql.join(statuses, sql`, `)})` })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    if (row?.newest === null || row?.newest === undefined) return { notify: false };
    await this.deps.db
      .update(sessions)
      .set({ depositsSeenAt: Number(row.newest) })
      .where(eq(sessions.id, sessionId));
    return { notify: true };
  }

  async platformStatuses(): Promise<PlatformStatus[]> {
    const rows = await this.deps.db.select().from(platformStatus);
    return this.deps.platformNames.map((name) => {
      const row = rows.find((r) => r.platform === name);
      return row
        ? { platform: name, status: row.status, lastWorking: row.lastWorking }
        : { platform: name, status: 'Not checked yet', lastWorking: null };
    });
  }

  async devOutbox(limit = 20) {
    const mails = await this.deps.db
      .select()
      .from(devOutbox)
      .orderBy(sql`${devOutbox.id} desc`)
      .limit(limit);
    return mails.map(({ to, subject, text, sentAt }) => ({ to, subject, text, sentAt }));
  }

  now(): number {
    return this.deps.clock.now();
  }
}
