import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTIONS,
  AUDIT_CLIENT_MATCHES,
  AUDIT_FACETS_CAP,
  DOCUMENT_VIEWS_CAP,
  documentKindSchema,
  type AuditFacets,
  type AuditFilters,
  type AuditSearchResponse,
  type AuditVerifyResult,
  type DocumentView,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { auditLog, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../audit/audit.ts';
import { verifyAuditChain } from '../../audit/verify.ts';
import { NotFound } from '../../http/errors.ts';
import { csvHeader, csvLine } from './csv.ts';
import { findClients } from '../search/service.ts';
import { describeRows, operationKeysOf, type StoredRow } from './labels.ts';

type Staff = { userId: string; ip: string };
type Order = 'asc' | 'desc';

/** Rows per query of the CSV export: memory stays flat however many rows the file has. */
export const EXPORT_PAGE = 1000;

const actorName = sql<string>`trim(concat_ws(' ', ${users.name}, ${users.surname}))`;
const rowFields = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorName,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  ip: auditLog.ip,
};

/** The audit trail for staff: search, CSV export (itself audited), verification, document views. */
export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * A page in id order (the chain's order, which is time order), with the total. Names and labels are
   * looked up for the page's rows only (labels.ts), never joined over the log.
   */
  async search(req: {
    page: number;
    sizePerPage: number;
    sortOrder: Order;
    filters: AuditFilters;
  }): Promise<AuditSearchResponse> {
    const { where, clientMatches } = await resolveFilters(this.db, req.filters);
    const dir = req.sortOrder === 'asc' ? asc : desc;
    const { actorName: _, ...storedFields } = rowFields;
    const stored: StoredRow[] = await this.db
      .select(storedFields)
      .from(auditLog)
      .where(where)
      .orderBy(dir(auditLog.id))
      .limit(req.sizePerPage)
      .offset((req.page - 1) * req.sizePerPage);
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where);
    const rows = await describeRows(this.db, stored);
    return { rows, totalSize: total?.n ?? 0, ...(clientMatches ? { clientMatches } : {}) };
  }

  /**
   * The rows matching the filters as CSV text, produced page by page as the reader takes it. The file
   * holds the rows that existed when it was asked for; asking is itself audited first.
   */
  async exportCsv(filters: AuditFilters, sortOrder: Order, staff: Staff) {
    const { where } = await resolveFilters(this.db, filters);
    const now = this.clock.now();
    const [last] = await this.db
      .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
      .from(auditLog);
    await audit(this.db, now, {
      actorId: staff.userId,
      action: AUDIT_ACTIONS.exported,
      entity: 'audit_log',
      after: { filters, sortOrder },
      ip: staff.ip,
    });
    const stamp = new Date(now * 1000).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    return { filename: `audit-${stamp}.csv`, body: this.csvChunks(where, sortOrder, last?.id ?? 0) };
  }

  private async *csvChunks(where: SQL | undefined, sortOrder: Order, maxId: number): AsyncGenerator<string> {
    yield csvHeader();
    const asc_ = sortOrder === 'asc';
    let cursor = asc_ ? 0 : maxId + 1;
    for (;;) {
      const page = await this.db
        .select({ ...rowFields, prevHash: auditLog.prevHash, hash: auditLog.hash })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(and(where, lte(auditLog.id, maxId), asc_ ? gt(auditLog.id, cursor) : lt(auditLog.id, cursor)))
        .orderBy(asc_ ? asc(auditLog.id) : desc(auditLog.id))
        .limit(EXPORT_PAGE);
      if (page.length > 0) yield page.map(csvLine).join('');
      if (page.length < EXPORT_PAGE) return;
      cursor = page[page.length - 1]!.id;
    }
  }

  /** Checks the whole chain, and records who checked and what was found. */
  async verify(staff: Staff): Promise<AuditVerifyResult> {
    const result = await verifyAuditChain(this.db);
    await audit(this.db, this.clock.now(), {
      actorId: staff.userId,
      action: AUDIT_ACTIONS.verified,
      entity: 'audit_log',
      after: result,
      ip: staff.ip,
    });
    return result;
  }

  /**
   * The distinct entities and actions, for the search's pickers. Each is a skip scan written as a
   * recursive query: one index probe per distinct value (audit_log_entity_idx, audit_log_action_idx),
   * so it stays quick however many rows the trail holds.
   */
  async facets(): Promise<AuditFacets> {
    const [entities, actions] = [
      await distinctValues(this.db, sql`entity`),
      await distinctValues(this.db, sql`action`),
    ];
    return { entities, actions };
  }

  /** Who looked at a client's documents, newest first. */
  async documentViews(userId: string): Promise<DocumentView[]> {
    const [client] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!client) throw new NotFound('No such user.');
    const rows = await this.db
      .select({ at: auditLog.at, actorName, after: auditLog.after, ip: auditLog.ip })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(
        and(
          eq(auditLog.entity, 'user'),
          eq(auditLog.entityId, userId),
          eq(auditLog.action, AUDIT_ACTIONS.documentViewed),
          // Links handed out were once recorded as views (opened: false): they are not looks.
          sql`coalesce(${auditLog.after} ->> 'opened', 'true') <> 'false'`,
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(DOCUMENT_VIEWS_CAP);
    return rows.flatMap((r) => {
      const a = (r.after ?? {}) as Record<string, unknown>;
      const kind = documentKindSchema.safeParse(a.kind);
      if (!kind.success) return [];
      return [
        {
          at: r.at,
          actorName: r.actorName,
          kind: kind.data,
          document: typeof a.document === 'string' ? a.document : '',
          opened: a.opened === true,
          expiresAt: typeof a.expiresAt === 'number' ? a.expiresAt : null,
          ip: r.ip,
        },
      ];
    });
  }
}

/**
 * The filters as SQL, the client filter first turned into client ids: the global search's indexed
 * prefix look-ups (search/service.ts), at most AUDIT_CLIENT_MATCHES of them, so the log is then read
 * through the same indexes as userId whatever the text matched.
 */
async function resolveFilters(
  db: Db,
  f: AuditFilters,
): Promise<{ where: SQL | undefined; clientMatches?: AuditSearchResponse['clientMatches'] }> {
  if (f.client === undefined) return { where: filterSql(f, null) };
  const found = await findClients(db, f.client, AUDIT_CLIENT_MATCHES + 1);
  const clients = found.slice(0, AUDIT_CLIENT_MATCHES).map((c) => ({
    id: c._id,
    name: `${c.name} ${c.surname}`.trim(),
    email: c.email,
  }));
  return {
    where: filterSql(
      f,
      clients.map((c) => c.id),
    ),
    clientMatches: { clients, more: found.length > AUDIT_CLIENT_MATCHES },
  };
}

/** Rows about any of these users: entity_id, or a userId inside before or after. */
function aboutUsers(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`false`;
  return or(
    inArray(auditLog.entityId, ids),
    inArray(sql`(${auditLog.before} ->> 'userId')`, ids),
    inArray(sql`(${auditLog.after} ->> 'userId')`, ids),
  )!;
}

/**
 * The filters as SQL, with the client filter's ids (null: no client filter). userId matches rows about
 * that user: entity_id, or a userId inside before or after (deposits, bank accounts, ... carry their
 * client's id there); partial indexes serve each arm. recordId matches entity_id against the id and
 * every platform operation key that can serve it (audit_log_entity_id_idx, one probe per key).
 */
function filterSql(f: AuditFilters, clientIds: readonly string[] | null): SQL | undefined {
  return and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.userId ? aboutUsers([f.userId]) : undefined,
    clientIds ? aboutUsers(clientIds) : undefined,
    f.recordId ? inArray(auditLog.entityId, [f.recordId, ...operationKeysOf(f.recordId)]) : undefined,
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from !== undefined ? gte(auditLog.at, f.from) : undefined,
    f.to !== undefined ? lte(auditLog.at, f.to) : undefined,
  );
}

/** The distinct values of a text column of audit_log, by walking its index. */
async function distinctValues(db: Db, column: SQL): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive walk(v, n) as (
      (select ${column}, 1 from audit_log order by ${column} limit 1)
      union all
      select (select ${column} from audit_log where ${column} > walk.v order by ${column} limit 1), walk.n + 1
      from walk where walk.v is not null and walk.n < ${AUDIT_FACETS_CAP}
    )
    select v from walk where v is not null`);
  // Sorted here: the index's collation orders punctuation differently from one database to another.
  return rowsOf<{ v: string }>(result)
    .map((r) => r.v)
    .sort();
}
