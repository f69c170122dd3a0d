import path from 'node:path';
import { loadConfig } from '@brokerdesk/server/config';
import { openDatabase } from '@brokerdesk/server/db/client';
import { verifyAuditChain } from '@brokerdesk/server/audit/verify';

/**
 * `npm run audit:verify`: checks the audit chain of the database the server would open (DATABASE_URL,
 * else PGlite in DATA_DIR). Exit 0 when intact, 1 when not (listing
 * every bad row up to a limit, and how many there are), 2 on failure.
 * With PGlite, stop the server first: it holds DATA_DIR.
 */
async function main(): Promise<number> {
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig({
    ...process.env,
    DATA_DIR: path.resolve(cwd, process.env.DATA_DIR ?? './data'),
  });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Verifying the audit chain in ${where}`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const started = performance.now();
    const result = await verifyAuditChain(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const before = result.unchained ? ` (${result.unchained} older rows predate the chain)` : '';
    if (result.ok) {
      console.log(
        `OK: ${result.rows} chained rows up to row ${result.headId} verified in ${seconds} s${before}.`,
      );
      console.log(`Head hash: ${result.headHash} (keep it elsewhere: a later run must extend it)`);
      return 0;
    }
    console.log(`BROKEN: ${result.badRows} bad row(s); the first at row ${result.firstBadId}.`);
    for (const p of result.problems) console.log(`  row ${p.id} (${p.problem}): ${p.reason}`);
    if (result.badRows > result.problems.length)
      console.log(`  ... and ${result.badRows - result.problems.length} more not listed.`);
    console.log(`${result.rows} chained rows walked in ${seconds} s${before}.`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`audit:verify: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
