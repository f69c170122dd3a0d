import { inArray } from 'drizzle-orm';
import {
  AUDIT_ENTITY_LABELS,
  FUNDING_TABS,
  LEVERAGE_LIST_STATUSES,
  bankAccountStatusSchema,
  isStaff,
  roleSchema,
  type AuditRow,
} from '@brokerdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  bankAccounts,
  deposits,
  ibCodes,
  ibRequests,
  leverageChanges,
  subAccountRequests,
  tradingAccounts,
  transfers,
  users,
  withdrawals,
} from '../../db/schema.ts';
import { keysOfRequest, parseOperationKey } from '../../operations/index.ts';
import { RECORD_OPERATIONS } from './record-operations.ts';

/**
 * Names and labels for a page of the audit trail, read when the page is served: the chained rows keep
 * ids only and are never rewritten (docs/decisions.md, "A readable audit trail"). One batched look-up
 * per table for the ids on the page, by primary key, so the cost is the page's, not the log's.
 */

export type StoredRow = Omit<
  AuditRow,
  'actorName' | 'clientId' | 'clientName' | 'clientEmail' | 'recordLabel' | 'recordLink' | 'recordId'
>;

type Kind =
  | 'deposit'
  | 'withdrawal'
  | 'transfer'
  | 'leverage'
  | 'tradingAccount'
  | 'bankAccount'
  | 'subAccount'
  | 'ibRequest'
  | 'ibCode';

/** A row's record that lives in a table of its own: which table, which id. */
type Ref = { kind: Kind; id: string };

const KIND_WORDS: Readonly<Record<Kind, string>> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer: 'Transfer',
  leverage: 'Leverage change',
  tradingAccount: 'Trading account',
  bankAccount: 'Bank account',
  subAccount: 'New account request',
  ibRequest: 'IB request',
  ibCode: 'Introducer',
};

const ENTITY_KINDS: Readonly<Record<string, Kind>> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  transfer: 'transfer',
  leverage_change: 'leverage',
  trading_account: 'tradingAccount',
  bank_account: 'bankAccount',
  sub_account_request: 'subAccount',
  ib_request: 'ibRequest',
  ib_code: 'ibCode',
};

/** The kind of record an operation key's prefix names (record-operations.ts). */
const OPERATION_KINDS: Readonly<Record<string, Kind>> = Object.fromEntries(
  (Object.keys(RECORD_OPERATIONS) as (keyof typeof RECORD_OPERATIONS)[]).flatMap((kind) =>
    RECORD_OPERATIONS[kind].prefixes.map((prefix) => [prefix, kind]),
  ),
);

/** Every operation key that can serve a record with this id: what the recordId filter also matches. */
export function operationKeysOf(id: string): string[] {
  return Object.keys(OPERATION_KINDS).flatMap((prefix) => keysOfRequest(`${prefix}:${id}`));
}

function refOf(row: StoredRow): Ref | null {
  if (!row.entityId) return null;
  if (row.entity === 'platform_operation') {
    const { prefix, reference } = parseOperationKey(row.entityId);
    const kind = OPERATION_KINDS[prefix];
    return kind && reference ? { kind, id: reference } : null;
  }
  const kind = ENTITY_KINDS[row.entity];
  return kind ? { kind, id: row.entityId } : null;
}

const userIdIn = (value: unknown): string | null => {
  const id = value && typeof value === 'object' ? (value as { userId?: unknown }).userId : undefined;
  return typeof id === 'string' && id !== '' ? id : null;
};

/** What a record's own table says about it: whose it is, its words, where the console shows it. */
type Found = { userId: string | null; label: string; link: string | null };

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const amount = (value: number, currency: string) => `${money.format(value)} ${currency}`;
const tabOf = (status: string, tabs: readonly string[], otherwise: string) =>
  tabs.includes(status) ? status : otherwise;
const leverage = (v: string) => (v.includes(':') ? v : `1:${v}`);
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * Deposits, withdrawals and transfers are named alike: the kind in words and the amount, linked to the
 * request on its list's tab (a status without a tab of its own opens the `otherwise` tab).
 */
const MONEY_REQUESTS = {
  deposit: {
    table: deposits,
    amount: deposits.depositAmountSent,
    currency: deposits.depositCurrency,
    path: '/deposit-requests',
    otherwise: 'historical',
  },
  withdrawal: {
    table: withdrawals,
    amount: withdrawals.withdrawalAmount,
    currency: withdrawals.withdrawalCurrency,
    path: '/withdrawal-requests',
    otherwise: 'historical',
  },
  transfer: {
    table: transfers,
    amount: transfers.transferAmount,
    currency: transfers.transferCurrency,
    path: '/transfer-requests',
    otherwise: 'approved',
  },
} as const;

/** One query per table for the ids the page names. */
async function findRecords(db: DbOrTx, refs: Ref[]): Promise<Map<string, Found>> {
  const ids = (kind: Kind) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
  const found = new Map<string, Found>();
  const moneyRequests = (kind: keyof typeof MONEY_REQUESTS) => async (list: string[]) => {
    const { table, amount: amountColumn, currency, path, otherwise } = MONEY_REQUESTS[kind];
    const rows: { id: string; userId: string; amount: number; currency: string; status: string }[] = await db
      .select({ id: table.id, userId: table.userId, amount: amountColumn, currency, status: table.status })
      .from(table)
      .where(inArray(table.id, list));
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      label: `${KIND_WORDS[kind]} ${amount(r.amount, r.currency)}`,
      link: `${path}/${tabOf(r.status, FUNDING_TABS[kind], otherwise)}?${query({ open: r.id })}`,
    }));
  };
  // Each look-up answers the records it found, by id.
  const lookups: Record<Kind, (list: string[]) => Promise<(Found & { id: string })[]>> = {
    deposit: moneyRequests('deposit'),
    withdrawal: moneyRequests('withdrawal'),
    transfer: moneyRequests('transfer'),
    leverage: async (list) => {
      const rows = await db
        .select({
          id: leverageChanges.id,
          userId: leverageChanges.userId,
          accountNumber: leverageChanges.accountNumber,
          oldLeverage: leverageChanges.oldLeverage,
          newLeverage: leverageChanges.newLeverage,
          status: leverageChanges.status,
        })
        .from(leverageChanges)
        .where(inArray(leverageChanges.id, list));
      return rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        label: `Leverage ${leverage(r.oldLeverage)} → ${leverage(r.newLeverage)}, account ${r.accountNumber}`,
        link: `/change-leverage-requests/${tabOf(r.status, LEVERAGE_LIST_STATUSES, 'approved')}?${query({ open: r.id })}`,
      }));
    },
    tradingAccount: async (list) => {
      const rows = await db
        .select({
          id: tradingAccounts.id,
          userId: tradingAccounts.userId,
          number: tradingAccounts.number,
          live: tradingAccounts.live,
        })
        .from(tradingAccounts)
        .where(inArray(tradingAccounts.id, list));
      return rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        label: `Trading account ${r.number} (${r.live ? 'live' : 'demo'})`,
        link: `/trading-accounts?${query(r.live ? { open: r.id } : { tab: 'demo', open: r.id })}`,
      }));
    },
    bankAccount: async (list) => {
      const rows = await db
        .select({
          id: bankAccounts.id,
          userId: bankAccounts.userId,
          bankName: bankAccounts.bankName,
          status: bankAccounts.status,
        })
        .from(bankAccounts)
        .where(inArray(bankAccounts.id, list));
      return rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        label: `Bank account ${r.bankName}`.trim(),
        link: `/bank-verification-requests/${tabOf(r.status, bankAccountStatusSchema.options, 'pending')}?${query({ open: r.id })}`,
      }));
    },
    subAccount: async (list) => {
      const rows = await db
        .select({
          id: subAccountRequests.id,
          userId: subAccountRequests.userId,
          type: subAccountRequests.type,
          live: subAccountRequests.live,
          status: subAccountRequests.status,
        })
        .from(subAccountRequests)
        .where(inArray(subAccountRequests.id, list));
      // The list's tabs are those of leverage changes: pending, approved, rejected.
      return rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        label: `New ${r.live ? 'live' : 'demo'} account request (${r.type})`,
        link: `/new-sub-account-requests/${tabOf(r.status, LEVERAGE_LIST_STATUSES, 'approved')}?${query({ open: r.id })}`,
      }));
    },
    ibRequest: async (list) => {
      const rows = await db
        .select({ id: ibRequests.id, userId: ibRequests.userId })
        .from(ibRequests)
        .where(inArray(ibRequests.id, list));
      return rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        label: 'IB request',
        link: `/ib-requests?${query({ open: r.id })}`,
      }));
    },
    ibCode: async (list) => {
      const rows = await db
        .select({ id: ibCodes.id, agentCode: ibCodes.agentCode, name: ibCodes.name })
        .from(ibCodes)
        .where(inArray(ibCodes.id, list));
      return rows.map((r) => ({
        id: r.id,
        userId: null,
        label: `Introducer ${r.agentCode} ${r.name}`.trim(),
        link: `/ib-codes?${query({ 'f.q': String(r.agentCode) })}`,
      }));
    },
  };
  await Promise.all(
    (Object.keys(lookups) as Kind[]).map(async (kind) => {
      const list = ids(kind);
      if (list.length === 0) return;
      for (const { id, ...record } of await lookups[kind](list)) found.set(`${kind}:${id}`, record);
    }),
  );
  return found;
}

type Person = { name: string; email: string; staff: boolean };

async function findPeople(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, Person>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.id, list));
  return new Map(
    rows.map((u) => {
      const role = roleSchema.safeParse(u.role);
      const person = {
        name: `${u.name} ${u.surname}`.trim(),
        email: u.email,
        staff: role.success && isStaff(role.data),
      };
      return [u.id, person];
    }),
  );
}

const entityWord = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity;

/** Adds the actor's name, the client and the record in words to each row of a page. */
export async function describeRows(db: DbOrTx, rows: StoredRow[]): Promise<AuditRow[]> {
  const refs = rows.map(refOf);
  const records = await findRecords(
    db,
    refs.filter((r): r is Ref => r !== null),
  );
  const recordOf = (ref: Ref | null) => (ref ? records.get(`${ref.kind}:${ref.id}`) : undefined);
  // The person a row is about: a user record, the userId it carries, or its record's owner.
  const subjectOf = (row: StoredRow, i: number) =>
    row.entity === 'user'
      ? row.entityId
      : (userIdIn(row.after) ?? userIdIn(row.before) ?? recordOf(refs[i]!)?.userId ?? null);
  const subjects = rows.map(subjectOf);
  const people = await findPeople(db, [
    ...rows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
    ...subjects.filter((s): s is string => s !== null),
  ]);

  return rows.map((row, i) => {
    const actor = row.actorId ? people.get(row.actorId) : undefined;
    const subjectId = subjects[i]!;
    const subject = subjectId ? people.get(subjectId) : undefined;
    // Staff are not clients: a staff member's sign-in or session names them in the record instead.
    const client = subject?.staff ? null : subjectId;
    const ref = refs[i]!;
    const record = recordOf(ref);
    const described = record
      ? { recordLabel: record.label, recordLink: record.link, recordId: ref.id }
      : ref
        ? // Its row is gone: the kind in words, and the id, whose trail can still be searched.
          { recordLabel: KIND_WORDS[ref.kind], recordLink: null, recordId: ref.id }
        : otherRecord(row, subjectId, subject);
    return {
      ...row,
      actorName: actor?.name ?? '',
      clientId: client,
      clientName: client && subject ? subject.name : '',
      clientEmail: client && subject ? subject.email : '',
      ...described,
    };
  });
}

/** Records without a table of their own here, or whose row is gone: words from the audit row itself. */
function otherRecord(
  row: StoredRow,
  subjectId: string | null,
  subject: Person | undefined,
): Pick<AuditRow, 'recordLabel' | 'recordLink' | 'recordId'> {
  const id = row.entityId;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const none = { recordLink: null, recordId: null };
  switch (row.entity) {
    case 'user':
      if (!id) {
        const email = typeof after.email === 'string' ? after.email : '';
        return { recordLabel: email ? `No account: ${email}` : 'No account', ...none };
      }
      if (subject?.staff)
        return { recordLabel: `Staff member ${subject.name}`, recordLink: '/staff', recordId: id };
      return { recordLabel: 'Client profile', recordLink: `/user/profile/${id}`, recordId: id };
    case 'session':
      return {
        recordLabel: subject ? `Session of ${subject.name}` : 'Staff session',
        recordLink: subjectId ? `/audit?${query({ 'f.actorId': subjectId })}` : null,
        recordId: null,
      };
    case 'group':
      return {
        recordLabel: id ? `Group ${id}` : 'Group',
        recordLink: id ? `/manage-groups?${query({ open: id })}` : null,
        recordId: null,
      };
    case 'approval_threshold': {
      const [type = '', currency = ''] = (id ?? '').split(':');
      return {
        recordLabel: `Four-eyes threshold, ${type}s in ${currency}`,
        recordLink: '/approval-thresholds',
        recordId: null,
      };
    }
    case 'reconciliation_report':
      return {
        recordLabel: 'Reconciliation report',
        recordLink: id ? `/reconciliation?${query({ report: id })}` : '/reconciliation',
        recordId: id,
      };
    case 'reconciliation_alert':
      return { recordLabel: 'Reconciliation alert', recordLink: '/reconciliation', recordId: id };
    case 'export':
      return {
        recordLabel: typeof after.list === 'string' ? `Export of ${after.list}` : 'List export',
        ...none,
      };
    case 'platform_operation': {
      const kind = typeof after.kind === 'string' ? ` (${after.kind})` : '';
      return { recordLabel: `Platform operation${kind}`, ...none };
    }
    default:
      return { recordLabel: entityWord(row.entity), ...none };
  }
}
