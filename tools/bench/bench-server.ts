import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { devOutboxMailer } from '../../apps/server/src/mail/mailer.ts';
import { SimulatorPlatform } from '../../apps/server/src/integrations/platform/simulator.ts';
import { staffToken } from './staff-token.ts';
import { postgresTarget } from './targets.ts';

/**
 * The server a whole-process bench talks to: PostgreSQL filled with `--clients N` clients (default
 * 1,000,000) in the worst distribution, the real app on a loopback port, and a signed-in staff
 * member's token. `script` names the npm script that starts PostgreSQL for it.
 */
export async function benchServer(script: string) {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '1000000' } } });
  const clients = Number(values.clients);
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error(`Run through \`npm run ${script}\` (it starts PostgreSQL) or set DATABASE_URL.`);

  const target = await postgresTarget(adminUrl, clients, 'worst');
  await target.fill(clients);
  const secret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret');
  const app = await buildApp({
    config: loadConfig({ WEB_DIST: '/nonexistent' }),
    database: target.database,
    mailer: devOutboxMailer(target.database.db, systemClock, { info: () => undefined }),
    platforms: [new SimulatorPlatform(target.database.db, systemClock)],
    clock: systemClock,
    secret,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const token = await staffToken(target.database.db, secret);
  return { clients, target, app, base, token };
}
