import fs from 'node:fs';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { devOutboxMailer } from '../../apps/server/src/mail/mailer.ts';
import { SimulatorPlatform } from '../../apps/server/src/integrations/platform/simulator.ts';

/**
 * `node --import tsx tools/openapi/write-document.ts FILE`: the OpenAPI document that GET /api/docs/json
 * serves, written to FILE, from the app built on an in-memory database (tools/test/openapi-check.sh).
 */
const out = process.argv[2];
if (!out) throw new Error('usage: write-document.ts FILE');
const database = await openDatabase({});
const app = await buildApp({
  config: loadConfig({}),
  database,
  mailer: devOutboxMailer(database.db, systemClock, { info: () => undefined }),
  platforms: [new SimulatorPlatform(database.db, systemClock)],
  clock: systemClock,
  secret: new TextEncoder().encode('openapi-document-openapi-document!'),
});
await app.ready();
fs.writeFileSync(out, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();
