import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { simAccounts, simDeals } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { NO_FAULTS, type Faults } from './faults.ts';
import {
  MAX_COMMENT_LENGTH,
  PlatformError,
  type Deal,
  type NewAccount,
  type PlatformAccount,
  type TradingPlatform,
} from './types.ts';

const FIRST_LOGIN = 500_000;

/**
 * A trading platform whose accounts and deals live in the console's own database, with injectable
 * faults. It is the default so that a fresh clone runs without an MT5 server.
 */
export class SimulatorPlatform implements TradingPlatform {
  readonly name = 'MT5';
  private faults: Faults;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    faults: Faults = NO_FAULTS,
    private readonly random: () => number = Math.random,
  ) {
    this.faults = faults;
  }

  setFaults(faults: Faults): void {
    this.faults = faults;
  }

  async status() {
    if (this.faults.down) return { ok: false as const, reason: 'Platform unreachable' };
    await this.db.execute(sql`select 1`);
    return { ok: true as const };
  }

  async createAccount(a: NewAccount): Promise<{ login: number }> {
    await this.before();
    const login = a.login ?? (await this.nextLogin());
    const inserted = await this.db
      .insert(simAccounts)
      .values({
        login,
        name: a.name,
        groupName: a.group,
        leverage: a.leverage,
        passwordMain: a.passwordMain,
        passwordInvestor: a.passwordInvestor,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ login: simAccounts.login });
    if (inserted.length === 0) throw new PlatformError('permanent', 'Account already exists', 3004);
    return { login };
  }

  async getAccount(login: number): Promise<PlatformAccount> {
    await this.before();
    const row = await this.account(login);
    return {
      login,
      name: row.name,
      group: row.groupName,
      leverage: row.leverage,
      balance: row.balance,
      equity: row.balance,
    };
  }

  async setLeverage(login: number, leverage: number): Promise<void> {
    await this.before();
    await this.update(login, { leverage });
  }

  async setGroup(login: number, group: string): Promise<void> {
    await this.before();
    if (!group.trim()) throw new PlatformError('permanent', 'Not enough permissions (unknown group)', 8);
    await this.update(login, { groupName: group });
    if (this.random() < this.faults.lost)
      throw new PlatformError('unknown', 'Reply lost after the group change was applied');
  }

  async setName(login: number, name: string): Promise<void> {
    await this.before();
    await this.update(login, { name });
  }

  async changePassword(login: number, type: 'main' | 'investor', password: string): Promise<void> {
    await this.before();
    await this.update(login, type === 'main' ? { passwordMain: password } : { passwordInvestor: password });
  }

  async checkPassword(login: number, type: 'main' | 'investor', password: string): Promise<boolean> {
    await this.before();
    const row = await this.account(login);
    return (type === 'main' ? row.passwordMain : row.passwordInvestor) === password;
  }

  async balance(login: number, amount: number, comment: string): Promise<string> {
    await this.before();
    if (comment.length > MAX_COMMENT_LENGTH) throw new PlatformError('permanent', 'Comment too long', 3);
    const deal = await this.db.transaction(async (tx) => {
      const [acc] = await tx.select().from(simAccounts).where(eq(simAccounts.login, login)).for('update');
      if (!acc) throw new PlatformError('permanent', 'Account not found', 13);
      if (acc.balance + amount < 0) throw new PlatformError('permanent', 'Not enough money', 10019);
      await tx
        .update(simAccounts)
        .set({ balance: sql`${simAccounts.balance} + ${amount}` })
        .where(eq(simAccounts.login, login));
      const [d] = await tx
        .insert(simDeals)
        .values({ login, amount, comment, time: this.clock.now() })
        .returning({ deal: simDeals.deal });
      return String(d!.deal);
    });
    if (this.random() < this.faults.lost)
      throw new PlatformError('unknown', 'Reply lost after the deal was applied');
    return deal;
  }

  async findDeal(login: number, comment: string): Promise<Deal | null> {
    await this.before();
    const [d] = await this.db
      .select()
      .from(simDeals)
      .where(and(eq(simDeals.login, login), eq(simDeals.comment, comment)))
      .limit(1);
    return d
      ? { deal: String(d.deal), login: d.login, amount: d.amount, comment: d.comment, time: d.time }
      : null;
  }

  /** Every simulator deal is a balance deal. */
  async balanceDeals(login: number, from: number, to: number): Promise<Deal[]> {
    await this.before();
    const rows = await this.db
      .select()
      .from(simDeals)
      .where(and(eq(simDeals.login, login), between(simDeals.time, from, to)))
      .orderBy(asc(simDeals.time), asc(simDeals.deal));
    return rows.map((d) => ({
      deal: String(d.deal),
      login: d.login,
      amount: d.amount,
      comment: d.comment,
      time: d.time,
    }));
  }

  async close(): Promise<void> {}

  private async before(): Promise<void> {
    const f = this.faults;
    if (f.latencyMs > 0) await new Promise((r) => setTimeout(r, f.latencyMs));
    if (f.down) throw new PlatformError('transient', 'Platform unreachable', 10);
    if (this.random() < f.error) throw new PlatformError('transient', 'Platform busy', 12);
    if (this.random() < f.timeout) throw new PlatformError('unknown', 'Platform timed out', 9);
  }

  private async account(login: number) {
    const [row] = await this.db.select().from(simAccounts).where(eq(simAccounts.login, login));
    if (!row) throw new PlatformError('permanent', 'Account not found', 13);
    return row;
  }

  private async update(login: number, set: Partial<typeof simAccounts.$inferInsert>): Promise<void> {
    const done = await this.db
      .update(simAccounts)
      .set(set)
      .where(eq(simAccounts.login, login))
      .returning({ login: simAccounts.login });
    if (done.length === 0) throw new PlatformError('permanent', 'Account not found', 13);
  }

  private async nextLogin(): Promise<number> {
    const [row] = await this.db
      .select({ max: sql<number>`coalesce(max(${simAccounts.login}), ${FIRST_LOGIN - 1})::bigint` })
      .from(simAccounts);
    return Number(row!.max) + 1;
  }
}
