import { and, desc, eq, lt, lte, ne, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import {
  ALERT_RULE_LABELS,
  AUDIT_ACTIONS,
  DOCUMENT_KIND_LABELS,
  TIMELINE_KINDS,
  viewedDocumentLabel,
  type DocumentKind,
  type TimelineEntry,
  type TimelineKind,
  type TimelineResponse,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { auditLog, clientLogs, deposits, transfers, users, withdrawals } from '../../db/schema.ts';
import { NotFound } from '../../http/errors.ts';

type Cursor = { at: number; kind: TimelineKind; key: string };
const rank = (kind: TimelineKind) => TIMELINE_KINDS.indexOf(kind);
const staffName = sql<string>`trim(concat_ws(' ', ${users.name}, ${users.surname}))`;
const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

/**
 * One timeline of a client: Client Log lines, deposits, withdrawals, transfers and the audit
 * trail's staff actions, merged newest first. Each source is read through its by-client index, at most
 * one page past the cursor, so a page costs the same however many clients or rows there are.
 *
 * Order: time (newest first), then TIMELINE_KINDS order, then key (newest first), which makes the
 * cursor at:kind:key exact even when several things happened in the same second.
 */
export async function clientTimeline(
  db: Db,
  userId: string,
  q: { before?: string; limit: number },
): Promise<TimelineResponse> {
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!client) throw new NotFound('No such user.');
  const cursor = q.before ? parseCursor(q.before) : null;
  const n = q.limit + 1;
  const lists = await Promise.all([
    logEntries(db, userId, cursor, n),
    depositEntries(db, userId, cursor, n),
    withdrawalEntries(db, userId, cursor, n),
    transferEntries(db, userId, cursor, n),
    staffEntries(db, userId, cursor, n),
  ]);
  const merged = lists.flat().sort(newestFirst);
  const entries = merged.slice(0, q.limit);
  const last = entries.at(-1);
  return {
    entries,
    next: merged.length > q.limit && last ? `${last.at}:${last.kind}:${last.key}` : null,
  };
}

function parseCursor(s: string): Cursor {
  const [at, kind, key] = s.split(':') as [string, TimelineKind, string];
  return { at: Number(at), kind, key };
}

function newestFirst(a: TimelineEntry, b: TimelineEntry): number {
  if (a.at !== b.at) return b.at - a.at;
  if (a.kind !== b.kind) return rank(a.kind) - rank(b.kind);
  return compareKeys(b, a);
}

/** Staff keys are audit row numbers; the others are ids of equal length, ordered as text. */
function compareKeys(a: TimelineEntry, b: TimelineEntry): number {
  if (a.kind === 'staff') return Number(a.key) - Number(b.key);
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** Rows of source `kind` strictly after the cursor in timeline order. */
function afterCursor(
  kind: TimelineKind,
  cursor: Cursor | null,
  at: AnyColumn,
  key: AnyColumn,
  keyValue: (k: string) => string | number = (k) => k,
): SQL | undefined {
  if (!cursor) return undefined;
  if (rank(kind) < rank(cursor.kind)) return lt(at, cursor.at);
  if (rank(kind) > rank(cursor.kind)) return lte(at, cursor.at);
  return or(lt(at, cursor.at), and(eq(at, cursor.at), lt(key, keyValue(cursor.key))));
}

async function logEntries(db: Db, userId: string, c: Cursor | null, n: number): Promise<TimelineEntry[]> {
  const rows = await db
    .select({
      id: clientLogs.id,
      at: clientLogs.timestamp,
      event: clientLogs.event,
      actionedBy: clientLogs.actionedBy,
      customName: clientLogs.customName,
      staff: staffName,
    })
    .from(clientLogs)
    .leftJoin(users, eq(users.id, clientLogs.actionedBy))
    .where(and(eq(clientLogs.userId, userId), afterCursor('log', c, clientLogs.timestamp, clientLogs.id)))
    .orderBy(desc(clientLogs.timestamp), desc(clientLogs.id))
    .limit(n);
  return rows.map((r) => ({
    key: r.id,
    at: r.at,
    kind: 'log' as const,
    title: r.event,
    detail: '',
    // The name kept with the line, else the staff member's name; a bare id is never shown.
    actor: r.customName || r.staff || (/^[0-9a-f]{24}$/.test(r.actionedBy) ? '' : r.actionedBy),
  }));
}

type FundingTable = typeof deposits | typeof withdrawals | typeof transfers;

/** The client's rows of a request table after the cursor, newest first, through its (user_id, timestamp) index. */
async function requestsOf<T extends FundingTable>(
  db: Db,
  t: T,
  kind: TimelineKind,
  userId: string,
  c: Cursor | null,
  n: number,
): Promise<T['$inferSelect'][]> {
  const table: FundingTable = t;
  return db
    .select()
    .from(table)
    .where(and(eq(table.userId, userId), afterCursor(kind, c, table.timestamp, table.id)))
    .orderBy(desc(table.timestamp), desc(table.id))
    .limit(n);
}

/** A funding request as the client made it: amount, method and where it stands now. */
function requestEntry(
  r: { id: string; timestamp: number; status: string },
  kind: TimelineKind,
  title: string,
  parts: string[],
): TimelineEntry {
  const detail = [...parts, statusWord(r.status)].filter(Boolean).join(' · ');
  return { key: r.id, at: r.timestamp, kind, title, detail, actor: 'Client' };
}

async function depositEntries(db: Db, userId: string, c: Cursor | null, n: number) {
  const rows = await requestsOf(db, deposits, 'deposit', userId, c, n);
  return rows.map((r) =>
    requestEntry(r, 'deposit', `Deposit request to account ${r.accountNumber}`, [
      money(r.depositAmountSent, r.depositCurrency),
      r.depositPaymentName,
    ]),
  );
}

async function withdrawalEntries(db: Db, userId: string, c: Cursor | null, n: number) {
  const rows = await requestsOf(db, withdrawals, 'withdrawal', userId, c, n);
  return rows.map((r) =>
    requestEntry(r, 'withdrawal', `Withdrawal request from account ${r.accountNumber}`, [
      money(r.withdrawalAmount, r.withdrawalCurrency),
      r.withdrawalPaymentName,
    ]),
  );
}

async function transferEntries(db: Db, userId: string, c: Cursor | null, n: number) {
  const rows = await requestsOf(db, transfers, 'transfer', userId, c, n);
  return rows.map((r) =>
    requestEntry(
      r,
      'transfer',
      `Internal transfer from account ${r.sourceAccount} to ${r.destinationAccount}`,
      [money(r.transferAmount, r.transferCurrency)],
    ),
  );
}

/**
 * Audit rows about the client (entity id, or a userId in before/after: the same rule as the audit
 * search) that the Client Log does not already tell: a change that wrote a log line did so in the same
 * transaction, at the same second. Link hand-outs stay on the Documents Viewed card; opens are shown.
 */
async function staffEntries(db: Db, userId: string, c: Cursor | null, n: number) {
  const loggedThen = sql`exists (select 1 from ${clientLogs} where ${clientLogs.userId} = ${userId} and ${clientLogs.timestamp} = ${auditLog.at})`;
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorId: auditLog.actorId,
      after: auditLog.after,
      actor: staffName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        or(
          eq(auditLog.entityId, userId),
          sql`(${auditLog.before} ->> 'userId') = ${userId}`,
          sql`(${auditLog.after} ->> 'userId') = ${userId}`,
        ),
        ne(auditLog.action, 'client.log'),
        sql`not (${auditLog.action} = ${AUDIT_ACTIONS.documentViewed} and (${auditLog.after} ->> 'opened') = 'false')`,
        // An alert resolved by an approval shares its second with the approval's log line: kept.
        or(
          sql`${auditLog.action} like 'document.%'`,
          sql`${auditLog.action} like 'alert.%'`,
          sql`not ${loggedThen}`,
        ),
        afterCursor('staff', c, auditLog.at, auditLog.id, Number),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(n);
  return rows.map((r): TimelineEntry => ({
    key: String(r.id),
    at: r.at,
    kind: 'staff',
    ...describeAction(r.action, (r.after ?? {}) as Record<string, unknown>),
    actor: r.actor || (r.actorId ? '' : 'AUTOMATION'),
  }));
}

/** An audit action in words: the common ones by name, any other from its dotted name. */
function describeAction(action: string, after: Record<string, unknown>): { title: string; detail: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (action) {
    case AUDIT_ACTIONS.documentViewed:
      return {
        title: `Opened ${(DOCUMENT_KIND_LABELS[after.kind as DocumentKind] ?? 'a document').toLowerCase()}`,
        detail: viewedDocumentLabel(after.kind as DocumentKind, text(after.document)),
      };
    case 'document.uploaded':
      return { title: 'Uploaded a document', detail: text(after.givenName) };
    case 'client.edited':
      return { title: "Edited the client's details", detail: '' };
    case 'client.added':
      return { title: 'Added the client', detail: '' };
    case 'alert.raised':
    case 'alert.assigned':
    case 'alert.cleared':
    case 'alert.confirmed':
    case 'alert.override':
      return alertStep(action, after);
    default: {
      const words = action.replace(/[._-]+/g, ' ').trim();
      return {
        title: words.charAt(0).toUpperCase() + words.slice(1),
        detail: statusWord(text(after.status)),
      };
    }
  }
}

/** An alert's step (docs/product.md [alerts.on-approval]): the rule, and what it saw or the note. */
function alertStep(action: string, after: Record<string, unknown>): { title: string; detail: string } {
  const rule = ALERT_RULE_LABELS[after.rule as keyof typeof ALERT_RULE_LABELS];
  const about = (title: string) => (rule ? `${title}: ${rule}` : title);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (action) {
    case 'alert.raised':
      return { title: about('Alert raised'), detail: text((after.facts as { summary?: unknown })?.summary) };
    case 'alert.assigned':
      return { title: 'Alert assigned', detail: '' };
    case 'alert.cleared':
      return { title: about('Alert cleared'), detail: text(after.note) };
    case 'alert.confirmed':
      return { title: about('Alert confirmed as suspicious'), detail: text(after.note) };
    default:
      return { title: about('Approved over a confirmed alert'), detail: text(after.note) };
  }
}

const statusWord = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
