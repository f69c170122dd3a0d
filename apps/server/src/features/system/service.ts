import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { MenuCounters, PlatformStatus } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { deposits, devOutbox, platformStatus, sessions } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { rowsOf } from '../../db/rows.ts';
import { visibleToStaffSql } from '../funding/visibility.ts';

/** What a deposit notice is about: requests that staff still have to act on. */
const NEW_DEPOSIT_STATUSES = ['pending', 'incomplete'];

/** Sidebar counters, the new-deposits notice and platform lights (SPEC 7.1). */
export class SystemService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly platformNames: string[],
  ) {}

  /** One round trip; each count uses its table's (status, timestamp) index. */
  async newRequestsCount(): Promise<MenuCounters> {
    const r = await this.db.execute(sql`
      select
        (select count(*) from users where status = 'new' and role in ('USER', 'PARTNER'))::int as "newClients",
        (select count(*) from ib_requests where status = 'pending')::int as "newIntroducerRequests",
        (select count(*) from deposits where status = 'pending')::int as "newDeposits",
        (select count(*) from withdrawals where status = 'pending' and ${visibleToStaffSql})::int as "newWithdrawals",
        (select count(*) from transfers where status = 'pending')::int as "newTransfers",
        (select count(*) from bank_accounts where status = 'pending')::int as "newBankDetails",
        (select count(*) from sub_account_requests where status = 'pending')::int as "newSubAccounts",
        (select count(*) from leverage_changes where status = 'pending')::int as "newChangeLeverages",
        (select count(*) from reconciliation_alerts where acknowledged_at is null)::int as "criticalMismatches"`);
    return rowsOf<MenuCounters>(r)[0]!;
  }

  /**
   * True once for deposits that arrived since this session last asked (or since sign-in), so each
   * staff member's notice pops for every new deposit exactly once.
   */
  async checkNewDeposits(sessionId: string): Promise<{ notify: boolean }> {
    const [session] = await this.db
      .select({ seen: sessions.depositsSeenAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    if (!session) return { notify: false };
    const [latest] = await this.db
      .select({ ts: sql<number | null>`max(${deposits.timestamp})` })
      .from(deposits)
      .where(and(inArray(deposits.status, NEW_DEPOSIT_STATUSES), gt(deposits.timestamp, session.seen)));
    const newest = latest?.ts === null || latest?.ts === undefined ? null : Number(latest.ts);
    if (newest === null) return { notify: false };
    await this.db.update(sessions).set({ depositsSeenAt: newest }).where(eq(sessions.id, sessionId));
    return { notify: true };
  }

  async platformStatuses(): Promise<PlatformStatus[]> {
    const rows = await this.db.select().from(platformStatus);
    return this.platformNames.map((name) => {
      const row = rows.find((r) => r.platform === name);
      return row
        ? { platform: name, status: row.status, lastWorking: row.lastWorking }
        : { platform: name, status: 'Not checked yet', lastWorking: null };
    });
  }

  async devOutbox(limit = 20) {
    const mails = await this.db
      .select()
      .from(devOutbox)
      .orderBy(sql`${devOutbox.id} desc`)
      .limit(limit);
    return mails.map(({ to, subject, text, sentAt }) => ({ to, subject, text, sentAt }));
  }

  now(): number {
    return this.clock.now();
  }
}
