import { setFlagsFromString } from 'node:v8';
import { calls } from '@brokerdesk/contract';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';

// Fewer, wider rows than a real list: the same file size for half the per-row work (the million-row case
// is `npm run bench:export`, docs/performance.md).
const ROWS = Number(process.env.BD_ROWS ?? 60_000);
const MB = 1024 * 1024;

/**
 * A full garbage collection, so a sample counts what the export keeps alive rather than garbage V8 has
 * not collected yet (the flag is set at run time; vitest's workers are not started with --expose-gc).
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

describe(`a large export streams with bounded memory (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('memory@desk.test'));
    // Wide rows (an unindexed 900-character reason) make a large file from fewer inserts. One bulk insert,
    // longer than the server's statement timeout allows a request's query.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`
        insert into users (id, role, name, surname, email, status, reason, timestamp)
        select lpad(to_hex(g), 24, '0'), 'USER', 'Client ' || g, 'S' || g,
               'c' || g || '@memory.test', 'approved', repeat('R', 900), 1000000 + g
        from generate_series(1, ${ROWS}) g`);
    });
    // Signed in after the long insert, so the test talks over fresh connections.
  }, 600_000);
  afterAll(() => t.stop());

  it(`exports ${ROWS} rows while the heap grows far less than the file`, async () => {
    const link = await t.call(
      calls.exports.createExport,
      { body: { list: 'users', params: { status: 'all' }, request: { filters: {} } } },
      t.auth(token),
    );
    expect(link.status).toBe(200);
    const before = heapAfterGc();
    let peak = before;
    let bytes = 0;
    let lines = 0;
    let sampledAt = 0;
    const res = await fetch(t.base + link.body.url);
    expect(res.status).toBe(200);
    // Read the download chunk by chunk (never held whole), sampling the heap as it streams.
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const b of value) if (b === 10) lines++;
      // Sampled every few megabytes of the download, while the cursor is open and rows flow.
      if (bytes - sampledAt > 4 * MB) {
        sampledAt = bytes;
        peak = Math.max(peak, heapAfterGc());
      }
    }
    expect(lines).toBe(ROWS + 1);
    const growth = peak - before;
    expect(bytes).toBeGreaterThan(50 * MB);
    expect(growth).toBeLessThan(32 * MB);
  }, 600_000);
});
