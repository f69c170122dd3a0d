import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@brokerdesk/server/config';
import { openDatabase } from '@brokerdesk/server/db/client';
import { assertEmptyForDemo, seedDemoData } from '../demo/seed.ts';
import { ensureDemoStaff } from '../demo/demo-staff.ts';
import { uploadsDir } from '@brokerdesk/server/features/banks/file-store';
import { approvalThresholds } from '@brokerdesk/server/db/schema';

const USAGE =
  'usage: npm run seed -- [--clients N (200)] [--seed S (1)] [--now today|YYYY-MM-DD|epoch-seconds] [--no-four-eyes]';

/**
 * `npm run seed -- --clients N --seed S`: demo data in the database the server would open
 * (DATABASE_URL, else PGlite in DATA_DIR), then the demo staff, whose sign-in it prints.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
      now: { type: 'string', default: 'today' },
      // The browser tests approve demo requests of any amount and set the thresholds they test.
      'no-four-eyes': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  const clients = wholeNumber('clients', values.clients);
  const seed = wholeNumber('seed', values.seed);
  const now = parseNow(values.now);

  // npm runs workspace scripts in tools/: a relative DATA_DIR means the folder the command was typed in.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig({
    ...process.env,
    DATA_DIR: path.resolve(cwd, process.env.DATA_DIR ?? './data'),
  });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const day = new Date(now * 1000).toISOString().slice(0, 10);
  console.log(`Seeding ${clients} clients (seed ${seed}, now ${day}) into ${where}`);

  const opening = performance.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const openSeconds = (performance.now() - opening) / 1000;
  try {
    // Checked before the demo staff are made, so a refused run leaves the database untouched.
    await assertEmptyForDemo(database.db);
    const started = performance.now();
    // Staff first: the data then names them as the approvers of requests.
    const staff = await ensureDemoStaff(database.db);
    const counts = await seedDemoData(database.db, {
      clients,
      seed,
      now,
      publicUrl: config.publicUrl,
      uploadsDir: uploadsDir(config.dataDir),
      alertCases: true,
      log: (msg) => console.log(`  ${msg}`),
    });
    if (values['no-four-eyes']) await database.db.delete(approvalThresholds);
    const seconds = (performance.now() - started) / 1000;
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log('\nRows added:');
    for (const [table, n] of Object.entries(counts))
      console.log(`  ${table.padEnd(24)}${n.toLocaleString('en').padStart(10)}`);
    console.log(`  ${'total'.padEnd(24)}${total.toLocaleString('en').padStart(10)}`);
    const rate = Math.round(total / seconds).toLocaleString('en');
    console.log(
      `\nSeeded in ${seconds.toFixed(1)} s (${rate} rows/s); opening the database took ${openSeconds.toFixed(1)} s.`,
    );
    console.log(
      `Same data again: npm run seed -- --clients ${clients} --seed ${seed} --now ${day} (on an empty database)`,
    );
    console.log(
      `\nDemo staff sign-in at ${config.publicUrl}/login (the emailed code is in the dev outbox without SMTP_URL):`,
    );
    for (const s of staff) {
      console.log(
        `  ${s.role.padEnd(6)} ${s.email}  ${s.password}${s.created ? '' : '  (already existed; password unchanged)'}`,
      );
    }
  } finally {
    await database.close();
  }
}

function wholeNumber(name: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number, got "${value}".`);
  return Number(value);
}

/** Data is relative to a day (UTC midnight), so runs on the same day match without --now. */
function parseNow(value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  const day = value === 'today' ? new Date().toISOString().slice(0, 10) : value;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms)) throw new Error(`--now must be today, YYYY-MM-DD or epoch seconds, got "${value}".`);
  return ms / 1000;
}

main().catch((err: unknown) => {
  console.error(`seed: ${err instanceof Error ? err.message : String(err)}`);
  // Exit at once: an open database handle must not keep the process alive with a success code.
  process.exit(1);
});
