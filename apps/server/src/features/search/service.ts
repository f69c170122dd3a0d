import { sql, type SQL } from 'drizzle-orm';
import {
  ROLE_RANK,
  SEARCH_GROUP_LIMIT,
  type FundingTab,
  type Role,
  type SearchAccount,
  type SearchClient,
  type SearchIbCode,
  type SearchResponse,
  type SearchTransaction,
  type UserStatus,
} from '@brokerdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { visibleToStaffSql } from '../funding/visibility.ts';
import { inIndexOrder, startsWith } from './prefix.ts';

/** Clients are users below ADMIN, as in the user lists; staff are not searched. */
const CLIENT_ROLES = (Object.keys(ROLE_RANK) as Role[]).filter((r) => ROLE_RANK[r] < ROLE_RANK.ADMIN);
const LIMIT = SEARCH_GROUP_LIMIT;
/** Fewer digits than this match too many phone numbers to be worth a lookup. */
const MIN_PHONE_DIGITS = 4;

/** What the typed text can be, decided once: each group runs only the lookups that can match. */
export type SearchTerms = {
  /** Lower case, inner spaces folded to one. */
  text: string;
  /** One word (an email, a transaction id, a code). */
  word: boolean;
  letters: boolean;
  /** Only digits: an account number or an agent code. */
  number: boolean;
  /** Phone digits, when the text looks like a phone number. */
  phone: string | null;
  /** A 24-hex id of a client or a request. */
  id: string | null;
  /** As typed (trimmed): IB codes are case-sensitive. */
  raw: string;
};

export function searchTerms(q: string): SearchTerms {
  const raw = q.trim().replace(/\s+/g, ' ');
  const text = raw.toLowerCase();
  const digits = raw.replace(/\D/g, '');
  return {
    text,
    raw,
    word: !text.includes(' '),
    letters: /\p{L}/u.test(text),
    number: /^\d+$/.test(text),
    phone: /^[+\d\s().-]+$/.test(raw) && digits.length >= MIN_PHONE_DIGITS ? digits : null,
    id: /^[0-9a-f]{24}$/.test(text) ? text : null,
  };
}

// The expressions of the prefix indexes of migration 0007, written exactly as indexed.
const EMAIL = sql`lower("users"."email")`;
const FULL_NAME = sql`lower("users"."name" || ' ' || "users"."surname")`;
const SURNAME = sql`lower("users"."surname")`;
const PHONE = sql`regexp_replace("users"."mobile_phone", '[^0-9]', '', 'g')`;
const ACCOUNT_NUMBER = sql`"trading_accounts"."number"::text`;
const DEPOSIT_REF = sql`lower("deposits"."transaction_id")`;
const WITHDRAWAL_REF = sql`lower("withdrawals"."request_id")`;
const CLIENT_NAME = sql`trim("users"."name" || ' ' || "users"."surname")`;

/**
 * Global search: clients by email, name, surname or phone, trading accounts by number, deposits and
 * withdrawals by transaction id, introducers by agent code or code, and any of them by id. Every
 * lookup is a prefix range on its own index, stopped at the group's limit, so the time does not grow
 * with the tables. One statement per group.
 */
export async function search(db: DbOrTx, q: string): Promise<SearchResponse> {
  const t = searchTerms(q);
  const [clients, accounts, transactions, ibCodes] = await Promise.all([
    searchClients(db, t),
    searchAccounts(db, t),
    searchTransactions(db, t),
    searchIbCodes(db, t),
  ]);
  return { clients, accounts, transactions, ibCodes };
}

/** Parenthesised selects glued with UNION ALL, each limited; null when there is nothing to run. */
function unionAll(parts: (SQL | false | null)[]): SQL | null {
  const present = parts.filter((p): p is SQL => Boolean(p));
  if (present.length === 0) return null;
  return sql.join(
    present.map((p) => sql`(${p})`),
    sql` union all `,
  );
}

/** First appearance wins (the lookups are in order of how telling they are), then the limit. */
function firstByKey<T extends { _id: string }>(rows: T[], limit = LIMIT): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r._id) && seen.add(r._id)).slice(0, limit);
}

type ClientRow = Omit<SearchClient, 'status' | 'role'> & { status: string; role: string };

/**
 * Clients whose email, full name or surname starts with `q` (or whose id it is), by the same indexed
 * lookups as the global search, at most `limit`: what the audit trail's client filter stands for.
 */
export async function findClients(db: DbOrTx, q: string, limit: number): Promise<SearchClient[]> {
  return searchClients(db, searchTerms(q), limit);
}

async function searchClients(db: DbOrTx, t: SearchTerms, limit = LIMIT): Promise<SearchClient[]> {
  const roles = sql.join(
    CLIENT_ROLES.map((r) => sql`${r}`),
    sql`, `,
  );
  const select = (where: SQL, order: SQL) => sql`
    select "users"."id" as "_id", "users"."name", "users"."surname", "users"."email",
      "users"."mobile_phone" as "mobilePhone", "users"."status", "users"."role"
    from "users" where ${where} and "users"."role" in (${roles}) order by ${order} limit ${limit}`;
  const query = unionAll([
    t.id !== null && select(sql`"users"."id" = ${t.id}`, sql`"users"."id"`),
    t.word && select(startsWith(EMAIL, t.text), inIndexOrder(EMAIL)),
    t.letters && select(startsWith(FULL_NAME, t.text), inIndexOrder(FULL_NAME)),
    t.letters && t.word && select(startsWith(SURNAME, t.text), inIndexOrder(SURNAME)),
    t.phone !== null && select(startsWith(PHONE, t.phone), inIndexOrder(PHONE)),
  ]);
  if (!query) return [];
  const rows = rowsOf<ClientRow>(await db.execute(query));
  return firstByKey(rows, limit).map((r) => ({ ...r, status: r.status as UserStatus, role: r.role as Role }));
}

async function searchAccounts(db: DbOrTx, t: SearchTerms): Promise<SearchAccount[]> {
  if (!t.number) return [];
  const rows = rowsOf<Omit<SearchAccount, 'number'> & { number: string | number }>(
    await db.execute(sql`
      select "trading_accounts"."id" as "_id", "trading_accounts"."number", "trading_accounts"."platform",
        "trading_accounts"."live", "trading_accounts"."type", "trading_accounts"."base_currency" as "baseCurrency",
        "trading_accounts"."user_id" as "userId", ${CLIENT_NAME} as "clientName"
      from "trading_accounts" join "users" on "users"."id" = "trading_accounts"."user_id"
      where ${startsWith(ACCOUNT_NUMBER, t.text)}
      order by ${inIndexOrder(ACCOUNT_NUMBER)} limit ${LIMIT}`),
  );
  return rows.map((r) => ({ ...r, number: Number(r.number) }));
}

type TransactionRow = Omit<SearchTransaction, 'amount' | 'timestamp' | 'tab'> & {
  amount: string | number;
  timestamp: string | number;
  tab: string;
};

async function searchTransactions(db: DbOrTx, t: SearchTerms): Promise<SearchTransaction[]> {
  const deposit = (where: SQL, order: SQL) => sql`
    select "deposits"."id" as "_id", 'deposit' as "type", "deposits"."transaction_id" as "reference",
      "deposits"."status",
      case when "deposits"."status" in ('pending', 'incomplete') then "deposits"."status" else 'historical' end as "tab",
      "deposits"."deposit_amount_sent" as "amount", "deposits"."deposit_currency" as "currency",
      "deposits"."timestamp", "deposits"."user_id" as "userId", ${CLIENT_NAME} as "clientName"
    from "deposits" join "users" on "users"."id" = "deposits"."user_id"
    where ${where} order by ${order} limit ${LIMIT}`;
  // Pending provider withdrawals are hidden from staff until the provider processed them
  // (docs/product.md [state.provider-withdrawal]).
  const withdrawal = (where: SQL, order: SQL) => sql`
    select "withdrawals"."id" as "_id", 'withdrawal' as "type", "withdrawals"."request_id" as "reference",
      "withdrawals"."status",
      case when "withdrawals"."status" in ('pending', 'incomplete', 'error') then "withdrawals"."status" else 'historical' end as "tab",
      "withdrawals"."withdrawal_amount" as "amount", "withdrawals"."withdrawal_currency" as "currency",
      "withdrawals"."timestamp", "withdrawals"."user_id" as "userId", ${CLIENT_NAME} as "clientName"
    from "withdrawals" join "users" on "users"."id" = "withdrawals"."user_id"
    where ${where} and ("withdrawals"."status" <> 'pending' or ${visibleToStaffSql})
    order by ${order} limit ${LIMIT}`;
  const query = unionAll([
    t.id !== null && deposit(sql`"deposits"."id" = ${t.id}`, sql`"deposits"."id"`),
    t.id !== null && withdrawal(sql`"withdrawals"."id" = ${t.id}`, sql`"withdrawals"."id"`),
    t.word && deposit(startsWith(DEPOSIT_REF, t.text), inIndexOrder(DEPOSIT_REF)),
    t.word && withdrawal(startsWith(WITHDRAWAL_REF, t.text), inIndexOrder(WITHDRAWAL_REF)),
  ]);
  if (!query) return [];
  const rows = rowsOf<TransactionRow>(await db.execute(query));
  return firstByKey(rows).map((r) => ({
    ...r,
    amount: Number(r.amount),
    timestamp: Number(r.timestamp),
    tab: r.tab as FundingTab,
  }));
}

async function searchIbCodes(db: DbOrTx, t: SearchTerms): Promise<SearchIbCode[]> {
  if (!t.word) return [];
  // Introducers are few (one per partner): these read the small ib_codes table directly.
  const match = t.number
    ? sql`"ib_codes"."agent_code"::text like ${`${t.text}%`}`
    : sql`"ib_codes"."code" = ${t.raw}`;
  const rows = rowsOf<SearchIbCode>(
    await db.execute(sql`
      select "ib_codes"."id" as "_id", "ib_codes"."agent_code" as "agentCode", "ib_codes"."code",
        "ib_codes"."name", "ib_codes"."status_code" as "statusCode",
        (select "p"."id" from "users" "p" where "p"."agent_code" = "ib_codes"."agent_code"
           and "p"."role" = 'PARTNER' order by "p"."id" limit 1) as "partnerId"
      from "ib_codes" where ${match}
      order by "ib_codes"."agent_code" limit ${LIMIT}`),
  );
  return rows.map((r) => ({ ...r, agentCode: Number(r.agentCode) }));
}
