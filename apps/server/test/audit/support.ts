import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../src/db/client.ts';
import { auditHead, auditLog } from '../../src/db/schema.ts';
import type { AuditEntry } from '../../src/audit/audit.ts';
import { asStoredJson, chainHash, type ChainedFields } from '../../src/audit/chain.ts';

const RECREATE_TRIGGER = sql.raw(
  'create trigger audit_log_append_only before update or delete on audit_log ' +
    'for each row execute function audit_log_refuse_change()',
);

/**
 * Runs statements on audit_log past its append-only trigger, as only someone with more rights than the
 * application needs could: on PostgreSQL through replica mode (superuser only), on PGlite by dropping the
 * trigger and creating it again, all in one transaction.
 */
export async function tamper(database: Database, ...statements: SQL[]): Promise<void> {
  await database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`set local session_replication_role = replica`);
    else await tx.execute(sql`drop trigger audit_log_append_only on audit_log`);
    for (const s of statements) await tx.execute(s);
    if (database.kind === 'pglite') await tx.execute(RECREATE_TRIGGER);
  });
}

/** The messages of an error and of its causes (drizzle wraps the driver's error). */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) parts.push(e.message);
  return parts.join(' | ');
}

/** Resolves to the error text of a statement expected to fail. */
export async function failure(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (err) {
    return errorText(err);
  }
  throw new Error('the statement succeeded');
}

/** A small RFC 4180 reader for the export's tests: quoted fields, doubled quotes, CRLF rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('the CSV does not end with CRLF');
  return rows;
}

/**
 * Appends many chained rows at once, as audit() would one by one (same lock, same hashes), with
 * multi-row inserts: test data in bulk without thousands of round trips.
 */
export async function appendMany(db: Db, entries: (AuditEntry & { at: number })[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [head] = await tx.select().from(auditHead).where(eq(auditHead.id, 1)).for('update');
    let prev = head!.lastHash;
    const rows = entries.map((e) => {
      const fields: ChainedFields = {
        at: e.at,
        actorId: e.actorId,
        action: e.action,
        entity: e.entity,
        entityId: e.entityId ?? null,
        before: asStoredJson(e.before),
        after: asStoredJson(e.after),
        ip: e.ip ?? '',
      };
      const hash = chainHash(prev, fields);
      const row = { ...fields, prevHash: prev, hash };
      prev = hash;
      return row;
    });
    let lastId = head!.lastId;
    for (let i = 0; i < rows.length; i += 500) {
      const ids = await tx
        .insert(auditLog)
        .values(rows.slice(i, i + 500))
        .returning({ id: auditLog.id });
      lastId = ids[ids.length - 1]!.id;
    }
    await tx.update(auditHead).set({ lastId, lastHash: prev }).where(eq(auditHead.id, 1));
  });
}
