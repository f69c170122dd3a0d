import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@brokerdesk/server/config';
import { openDatabase } from '@brokerdesk/server/db/client';
import { createStaff, staffInputProblem } from '@brokerdesk/server/auth/staff';

const USAGE =
  'usage: npm run staff -- create --email E --name N --role SYSOP|ADMIN|MODERATOR|PARTNER|USER --password P [--surname S]';

/**
 * `npm run staff -- create ...`: a staff member in the database the server would open (DATABASE_URL,
 * else PGlite in DATA_DIR). Prints the new id; on bad input prints one line and exits 1.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      surname: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
    },
  });
  if (positionals.length !== 1 || positionals[0] !== 'create') throw new Error(USAGE);
  const { email, name, surname, role, password } = values;
  if (!email || !name || !role || !password) {
    const missing = (['email', 'name', 'role', 'password'] as const).filter((k) => !values[k]);
    throw new Error(`missing ${missing.map((k) => `--${k}`).join(', ')}. ${USAGE}`);
  }
  const input = { email, name, surname, role, password };
  // Bad input is refused before the database is opened (or, for PGlite, created).
  const problem = staffInputProblem(input);
  if (problem) throw new Error(problem);
  // npm runs workspace scripts in tools/: a relative DATA_DIR means the folder the command was typed in.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig({
    ...process.env,
    DATA_DIR: path.resolve(cwd, process.env.DATA_DIR ?? './data'),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { id } = await createStaff(database.db, input, Math.floor(Date.now() / 1000));
    console.log(id);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`staff: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
