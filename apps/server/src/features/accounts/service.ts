import { and, eq, sql } from 'drizzle-orm';
import {
  ACCOUNT_GROUP_MESSAGES,
  ACCOUNT_PASSWORD_MESSAGE,
  ACCOUNT_PASSWORD_RULE,
  generatePassword,
  MESSAGES,
} from '@brokerdesk/contract';
import type { Db, Tx } from '../../db/client.ts';
import { groups, leverageChanges, subAccountRequests, tradingAccounts, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { staffName, type StaffContext } from '../../auth/sessions.ts';
import { enqueueOperation, latestOperationState } from '../../operations/index.ts';
import { writeClientLog } from '../clients/client-log.ts';
import { defaultGroup, platformAccountName } from './naming.ts';
import { ACCOUNT_KEYS } from './keys.ts';

const FIRST_LOGIN = 500_000;

type UpdateInput = {
  userId: string;
  accountId: string;
  accountGroup?: string;
  leverage?: number;
  password?: string;
};
type SubAccountInput = {
  userId: string;
  requestType: 'live' | 'demo';
  platform: 'MT5';
  accType: 'Standard' | 'ECN' | 'Mini FX';
  baseCurrency: 'EUR' | 'GBP' | 'USD';
  leverage: number;
  balance?: number;
};

/** What AccountsService is built from (composition.ts). */
export type AccountsServiceDeps = {
  db: Db;
  clock: Clock;
  wakeWorker: () => void;
};

/** Account edits by staff (leverage, password, group), new sub-accounts, and renames on the platform. */
export class AccountsService {
  constructor(private readonly deps: AccountsServiceDeps) {}

  async update(input: UpdateInput, staff: StaffContext) {
    const password = input.password?.trim() ? input.password : undefined;
    // Everything that can refuse the request is checked before the platform is touched.
    const [current] = await this.deps.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, input.accountId));
    if (!current || current.userId !== input.userId) throw new NotFound('No such trading account.');
    const wantsGroup = input.accountGroup !== undefined && input.accountGroup !== current.accountGroup;
    const wantsLeverage = input.leverage !== undefined && input.leverage !== current.leverage;
    // docs/product.md [rules]: nothing is sent when neither the password nor the leverage has changed.
    if (!wantsLeverage && !password && !wantsGroup) throw new Invalid({ server: 'Nothing has changed.' });
    if (password && !ACCOUNT_PASSWORD_RULE.test(password)) {
      throw new Invalid({ password: ACCOUNT_PASSWORD_MESSAGE });
    }
    if (wantsGroup) {
      await this.checkGroup(input.accountGroup!);
      if (!current.approved) throw new Conflict('This account is not open on the platform yet.');
    }
    const now = this.deps.clock.now();
    const result = await this.deps.db.transaction(async (tx) => {
      const [acc] = await tx
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, input.accountId))
        .for('update');
      if (!acc) throw new NotFound('No such trading account.');
      const leverageChanged = input.leverage !== undefined && input.leverage !== acc.leverage;
      const groupChanged = wantsGroup && input.accountGroup !== acc.accountGroup;
      if (groupChanged) {
        // Through the outbox like every platform write: the account shows its new group once MT5 has
        // made the change (accounts/handlers.ts), in order with the login's other operations.
        await enqueueOperation(tx, {
          key: `${ACCOUNT_KEYS.group}:${newId(now)}`,
          kind: 'setGroup',
          payload: { login: acc.number, group: input.accountGroup! },
          now,
          platform: acc.platform,
        });
      }
      if (leverageChanged) {
        const id = newId(now);
        await tx.insert(leverageChanges).values({
          id,
          userId: acc.userId,
          accountNumber: acc.number,
          accountType: acc.type,
          oldLeverage: String(acc.leverage),
          newLeverage: String(input.leverage),
          status: 'approved',
          comment: `Changed by ${staffName(staff)}`,
          timestamp: now,
        });
        await enqueueOperation(tx, {
          key: `${ACCOUNT_KEYS.leverage}:${id}`,
          kind: 'setLeverage',
          payload: { login: acc.number, leverage: input.leverage! },
          now,
        });
      }
      if (password) {
        await enqueueOperation(tx, {
          key: `${ACCOUNT_KEYS.password}:${newId(now)}`,
          kind: 'changePassword',
          payload: { login: acc.number, type: 'main', password },
          now,
        });
      }
      const changes = [
        leverageChanged && `leverage 1:${acc.leverage} -> 1:${input.leverage}`,
        password && 'password',
        groupChanged && `group ${acc.accountGroup} -> ${input.accountGroup} (requested)`,
      ].filter(Boolean);
      if (changes.length > 0) {
        await writeClientLog(tx, {
          userId: acc.userId,
          event: `Account ${acc.number}: ${changes.join(', ')} changed`,
          actionedBy: staff.userId,
          customName: staffName(staff),
          now,
        });
      }
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'account.updated',
        entity: 'trading_account',
        entityId: acc.id,
        before: { leverage: acc.leverage, accountGroup: acc.accountGroup },
        after: {
          leverage: input.leverage ?? acc.leverage,
          accountGroupRequested: groupChanged ? input.accountGroup : acc.accountGroup,
          passwordChanged: Boolean(password),
        },
      });
      return {
        passwordChanged: Boolean(password),
        leverageChangeRequested: leverageChanged,
        groupChangeRequested: groupChanged,
      };
    });
    this.deps.wakeWorker();
    return { success: true, message: MESSAGES.accountUpdated, accountId: input.accountId, ...result };
  }

  /** A group staff can move an account into: one of the console's groups, and active. */
  private async checkGroup(groupId: string): Promise<void> {
    const [group] = await this.deps.db.select().from(groups).where(eq(groups.groupId, groupId));
    if (!group) throw new Invalid({ accountGroup: ACCOUNT_GROUP_MESSAGES.unknown });
    if (group.groupStatus !== 'active') throw new Invalid({ accountGroup: ACCOUNT_GROUP_MESSAGES.disabled });
  }

  /**
   * docs/product.md [state.account-password]: the password change is asynchronous; the web asks 5 s later how
   * it went.
   */
  async passwordStatus(accountId: string) {
    const [acc] = await this.deps.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
    if (!acc) throw new NotFound('No such trading account.');
    const state = await latestOperationState(this.deps.db, { login: acc.number, kind: 'changePassword' });
    const status = !state
      ? 'none'
      : state === 'succeeded'
        ? 'approved'
        : state === 'failed'
          ? 'failed'
          : 'pending';
    return { passwordChangeChecked: true, data: { status } as const };
  }

  /** + ADD on the profile: staff open an account at once (an admin-requested sub-account). */
  async createSubAccount(input: SubAccountInput, staff: StaffContext) {
    const now = this.deps.clock.now();
    const accountId = await this.deps.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, input.userId));
      if (!user) throw new NotFound('No such client.');
      if (input.requestType === 'live' && user.status !== 'approved') {
        throw new Conflict('A live account can be opened for an approved client only.');
      }
      const requestId = newId(now);
      const id = await openAccount(tx, user, { ...input, live: input.requestType === 'live' }, staff, now);
      await tx.insert(subAccountRequests).values({
        id: requestId,
        userId: user.id,
        type: input.accType,
        live: input.requestType === 'live',
        platform: input.platform,
        baseCurrency: input.baseCurrency,
        leverage: input.leverage,
        balance: input.balance ?? null,
        status: 'approved',
        comment: `Opened by ${staffName(staff)}`,
        timeCreated: now,
        adminRequested: true,
        accountId: id,
      });
      return id;
    });
    this.deps.wakeWorker();
    // The login is chosen now (the platform is asked for it), so staff can be told the number at once.
    const [opened] = await this.deps.db
      .select({ number: tradingAccounts.number })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, accountId));
    return { success: true, accountRequested: true, accountId, accountNumber: opened?.number };
  }

  /** After an application-type switch: every account of the client is renamed on the platform. */
  async renameAccounts(userId: string, staff: StaffContext) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) throw new NotFound('No such client.');
      const accounts = await tx
        .select()
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.approved, true)));
      for (const acc of accounts) {
        await enqueueOperation(tx, {
          key: `${ACCOUNT_KEYS.rename}:${newId(now)}`,
          kind: 'setName',
          payload: { login: acc.number, name: platformAccountName(user) },
          now,
        });
      }
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'account.renamed',
        entity: 'user',
        entityId: userId,
        after: { accounts: accounts.map((a) => a.number), name: platformAccountName(user) },
      });
    });
    this.deps.wakeWorker();
    return { success: true };
  }
}

/** Opens a trading account: the row with the next login, and its creation queued for the platform. */
export async function openAccount(
  tx: Tx,
  user: typeof users.$inferSelect,
  a: {
    accType: string;
    baseCurrency: string;
    leverage: number;
    balance?: number;
    live: boolean;
    platform: 'MT5';
  },
  staff: StaffContext,
  now: number,
): Promise<string> {
  // Logins are chosen here, so a retried creation asks for the same login and can never open two accounts.
  await tx.execute(sql`lock table ${tradingAccounts} in share row exclusive mode`);
  const [max] = await tx
    .select({ n: sql<number>`coalesce(max(${tradingAccounts.number}), ${FIRST_LOGIN - 1})::bigint` })
    .from(tradingAccounts);
  const login = Number(max!.n) + 1;
  const id = newId(now);
  const group = defaultGroup(a.live, a.accType, a.baseCurrency);
  await tx.insert(tradingAccounts).values({
    id,
    userId: user.id,
    number: login,
    platform: a.platform,
    live: a.live,
    approved: false,
    managerGroup: group,
    accountGroup: group,
    type: a.accType,
    baseCurrency: a.baseCurrency,
    leverage: a.leverage,
    balance: 0,
    equity: 0,
    timeCreated: now,
    adminId: staff.userId,
  });
  await enqueueOperation(tx, {
    key: `${ACCOUNT_KEYS.create}:${id}`,
    kind: 'createAccount',
    payload: {
      login,
      name: platformAccountName(user),
      group,
      leverage: a.leverage,
      passwordMain: generatePassword(),
      passwordInvestor: generatePassword(),
    },
    now,
  });
  await writeClientLog(tx, {
    userId: user.id,
    event: `${a.live ? 'Live' : 'Demo'} ${a.accType} ${a.baseCurrency} account ${login} opened`,
    actionedBy: staff.userId,
    customName: staffName(staff),
    now,
  });
  await audit(tx, now, {
    actorId: staff.userId,
    action: 'account.opened',
    entity: 'trading_account',
    entityId: id,
    after: { login, group, leverage: a.leverage, live: a.live },
  });
  return id;
}
