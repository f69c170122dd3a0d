import { and, asc, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTIONS,
  AUDIT_FACETS_CAP,
  DOCUMENT_VIEWS_CAP,
  documentKindSchema,
  type AuditFacets,
  type AuditFilters,
  type AuditRow,
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

  /** A page in id order (the chain's order, which is time order), with the total. */
  async search(req: { page: number; sizePerPage: number; sortOrder: Order; filters: AuditFilters }) {
    const where = filterSql(req.filters);
    const dir = req.sortOrder === 'asc' ? asc : desc;
    const rows: AuditRow[] = await this.db
      .select(rowFields)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(dir(auditLog.id))
      .limit(req.sizePerPage)
      .offset((req.page - 1) * req.sizePerPage);
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where);
    return { rows, totalSize: total?.n ?? 0 };
  }

  /**
   * The rows matching the filters as CSV text, produced page by page as the reader takes it. The file
   * holds the rows that existed when it was asked for; asking is itself audited first.
   */
  async exportCsv(filters: AuditFilters, sortOrder: Order, staff: Staff) {
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
    return { filename: `audit-${stamp}.csv`, body: this.csvChunks(filters, sortOrder, last?.id ?? 0) };
  }

  private async *csvChunks(filters: AuditFilters, sortOrder: Order, maxId: number): AsyncGenerator<string> {
    yield csvHeader();
    const where = filterSql(filters);
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
 * The filters as SQL. userId matches rows about that user: entity_id, or a userId inside before or
 * after (deposits, bank accounts, ... carry their client's id there); partial indexes serve each arm.
 */
export function filterSql(f: AuditFilters): SQL | undefined {
  return and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.userId
      ? or(
          eq(auditLog.entityId, f.userId),
          sql`(${auditLog.before} ->> 'userId') = ${f.userId}`,
          sql`(${auditLog.after} ->> 'userId') = ${f.userId}`,
        )
      : undefined,
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
