import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { calls, urlOf } from '@brokerdesk/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { manualClock, systemClock } from '../../apps/server/src/lib/clock.ts';
import { devOutboxMailer } from '../../apps/server/src/mail/mailer.ts';
import { SimulatorPlatform } from '../../apps/server/src/integrations/platform/simulator.ts';
import { audit } from '../../apps/server/src/audit/audit.ts';
import { AuditSeals } from '../../apps/server/src/audit/seals/service.ts';
import { loadAuditSigningKey } from '../../apps/server/src/audit/seals/key.ts';
import { newId } from '../../apps/server/src/lib/ids.ts';
import { users } from '../../apps/server/src/db/schema.ts';
import { staffToken } from './staff-token.ts';
import { postgresTarget } from './targets.ts';

/**
 * `npm run bench:pack [-- --clients N --rows R --documents D]`: the evidence pack of one client with R
 * funding rows (half deposits, half withdrawals, one audit record each, sealed) and D bank statements,
 * on the bench book of N clients, through the real routes: the signed link, then the download read as
 * a browser would. Prints the time to the first byte, the time to the last, the size, and the server's
 * peak memory above its starting point (sampled every 50 ms). Budgets: docs/performance.md.
 */
const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000000' },
    rows: { type: 'string', default: '10000' },
    documents: { type: 'string', default: '50' },
  },
});
const clients = Number(values.clients);
const rows = Number(values.rows);
const documents = Number(values.documents);
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl)
  throw new Error('Run through `npm run bench:pack` (it starts PostgreSQL) or set DATABASE_URL.');

const target = await postgresTarget(adminUrl, clients, 'worst');
await target.fill(clients);
const db = target.database.db;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-bench-pack-'));

// The client: R funding rows and D bank accounts, each statement a file of about 200 KB.
const clientId = newId();
const now = systemClock.now();
await db
  .insert(users)
  .values({
    id: clientId,
    role: 'USER',
    name: 'Bench',
    surname: 'Pack',
    email: `pack-${clientId}@bench.example`,
    status: 'approved',
    timestamp: now,
  });
await db.execute(sql`insert into deposits (id, user_id, timestamp, deposit_currency, deposit_amount_sent, account_number, status, time_approved, admin_id, mt_status)
  select substr(md5(random()::text || g), 1, 24), ${clientId}, ${now - 86_400} + g, 'USD', 100 + g % 900, 900000, 'approved', ${now - 86_400} + g, '', 'SUCCESS'
  from generate_series(1, ${Math.ceil(rows / 2)}) g`);
await db.execute(sql`insert into withdrawals (id, user_id, timestamp, withdrawal_type, withdrawal_currency, withdrawal_amount, account_number, status)
  select substr(md5(random()::text || g || 'w'), 1, 24), ${clientId}, ${now - 86_400} + g, 'wire', 'USD', 10 + g % 90, 900000, 'pending'
  from generate_series(1, ${Math.floor(rows / 2)}) g`);
fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
const statement = Buffer.alloc(200_000, 'statement line\n');
for (let i = 0; i < documents; i++) {
  const file = `${clientId}-${now}-statement-${i}.pdf`;
  fs.writeFileSync(
    path.join(dataDir, 'uploads', file),
    Buffer.concat([Buffer.from('%PDF-1.4\n'), statement]),
  );
  await db.execute(sql`insert into bank_accounts (id, user_id, bank_name, bank_country, bank_account_currency, bank_poa, status, timestamp)
    values (${newId()}, ${clientId}, ${`Bank ${i}`}, 'GB', 'USD', ${file}, 'approved', ${now})`);
}
// One audit record per funding row, yesterday, then the day sealed as the daily job would.
const ids = await db.execute(
  sql`select id from deposits where user_id = ${clientId} union all select id from withdrawals where user_id = ${clientId}`,
);
await db.transaction(async (tx) => {
  for (const r of (ids as unknown as { rows: { id: string }[] }).rows)
    await audit(tx, now - 86_400, {
      actorId: null,
      action: 'bench.row',
      entity: 'deposit',
      entityId: r.id,
      after: { userId: clientId },
    });
});
const key = loadAuditSigningKey(undefined, dataDir);
await new AuditSeals(db, manualClock(now), key).sealDue();

const secret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret');
const app = await buildApp({
  config: loadConfig({ WEB_DIST: '/nonexistent', DATA_DIR: dataDir }),
  database: target.database,
  mailer: devOutboxMailer(db, systemClock, { info: () => undefined }),
  platforms: [new SimulatorPlatform(db, systemClock)],
  clock: systemClock,
  secret,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const token = await staffToken(db, secret);

global.gc?.();
const start = process.memoryUsage().rss;
let peak = start;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const t0 = performance.now();
const { createEvidencePack } = calls.evidencePack;
const made = await fetch(base + urlOf(createEvidencePack), {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ subject: 'client', id: clientId }),
});
if (!made.ok) throw new Error(`createEvidencePack: ${made.status} ${await made.text()}`);
const { url } = createEvidencePack.response.parse(await made.json());
const download = await fetch(base + url);
if (!download.ok || !download.body) throw new Error(`download ${download.status}`);
let first = 0;
let bytes = 0;
for await (const chunk of download.body as AsyncIterable<Uint8Array>) {
  if (bytes === 0) first = performance.now() - t0;
  bytes += chunk.length;
}
clearInterval(sampler);
console.log(
  `\nEvidence pack on ${target.label}: ${clients.toLocaleString('en')} clients; one client with ${rows.toLocaleString('en')} funding rows and ${documents} documents\n`,
);
console.log(['first byte (s)', 'complete (s)', 'MB', 'peak memory above start (MB)'].join('\t'));
console.log(
  [
    (first / 1000).toFixed(2),
    ((performance.now() - t0) / 1000).toFixed(1),
    (bytes / 1e6).toFixed(1),
    ((peak - start) / 1e6).toFixed(0),
  ].join('\t'),
);
await app.close();
await target.close();
fs.rmSync(dataDir, { recursive: true, force: true });
