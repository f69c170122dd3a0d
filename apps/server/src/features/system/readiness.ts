import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Readiness as ReadinessReply } from '@brokerdesk/contract';
import { migrationsFolder, type Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** A probe must answer even when the database hangs (a pool with no free connection, a lost network). */
const CHECK_TIMEOUT_MS = 2_000;

/** The newest migration this build carries: drizzle records each applied one by its journal time. */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * What GET /readyz answers: whether this process should be sent traffic. Not while it stops (SIGTERM,
 * app.close()), not when the database does not answer, and not when the database lacks a migration this
 * build needs (another server's start may still be migrating it). One small query per probe.
 */
export class Readiness {
  private stopping = false;
  private readonly expected = newestMigration();

  constructor(private readonly db: Db) {}

  /** From now on the probe answers 503: the process is shutting down. */
  markStopping(): void {
    this.stopping = true;
  }

  async check(): Promise<ReadinessReply> {
    if (this.stopping) return notReady('shutting down');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
    });
    try {
      const query = this.newestApplied();
      // Answered late, after the probe gave up: nobody waits for it any more.
      query.catch(() => undefined);
      const applied = await Promise.race([query, timeout]);
      if (applied === 'timeout') return notReady('the database did not answer in time');
      if (applied < this.expected) return notReady('database migrations are not applied');
      return this.stopping ? notReady('shutting down') : { status: 'ready' };
    } catch {
      return notReady('the database is unreachable');
    } finally {
      clearTimeout(timer);
    }
  }

  private async newestApplied(): Promise<number> {
    const r = await this.db.execute(
      sql`select coalesce(max(created_at), 0)::float8 as "newest" from drizzle.__drizzle_migrations`,
    );
    return Number(rowsOf<{ newest: number }>(r)[0]?.newest ?? 0);
  }
}

const notReady = (reason: string): ReadinessReply => ({ status: 'not ready', reason });
