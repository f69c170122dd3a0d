import path from 'node:path';
import { loadConfig } from '@brokerdesk/server/config';
import { openDatabase } from '@brokerdesk/server/db/client';
import fs from 'node:fs';
import { verifyAuditChain } from '@brokerdesk/server/audit/verify';
import { checkAnchor, parseAnchor, verifySeals } from '@brokerdesk/server/audit/seals/service';
import type { Db } from '@brokerdesk/server/db/client';
import { verifyPack } from '@brokerdesk/server/features/evidence-pack/verify-pack';
import { publicKeyText } from '@brokerdesk/server/audit/seals/key';

/**
 * `npm run audit:verify`: checks the audit chain of the database the server would open (DATABASE_URL,
 * else PGlite in DATA_DIR). Exit 0 when intact, 1 when not (listing
 * every bad row up to a limit, and how many there are), 2 on failure.
 * With PGlite, stop the server first: it holds DATA_DIR.
 *
 * `-- --seals` also recomputes every sealed day from the stored records and checks each seal's signature;
 * `-- --anchor <file>` (repeatable) checks the database against a mailed anchor (the saved mail or its
 * JSON): exit 1 when it differs or does not hold, 3 when the database is behind it (records it covers are
 * missing, as after a restore from an older backup: not tampering, but to be acknowledged by a SYSOP on the
 * Audit Trail screen).
 *
 * `-- --pack <file.zip> [--key <public key file>]...` checks an evidence pack offline, without a database:
 * every entry against the signed manifest, the signature against the published key (Audit Trail screen,
 * or getAuditSigningKey; PEM or base64 SPKI; one per key after a rotation), and each audit record's
 * proof of inclusion. Exit 0 when it holds, 1 when not (naming the entry, line and record), 2 on failure.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const valuesOf = (flag: string) =>
    args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1]!] : []));
  const pack = valuesOf('--pack')[0];
  if (pack)
    return packReport(
      path.resolve(cwd, pack),
      valuesOf('--key').map((k) => path.resolve(cwd, k)),
    );
  const withSeals = args.includes('--seals');
  const anchors = valuesOf('--anchor');
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
    const sealsCode = withSeals ? await sealsReport(database.db) : 0;
    const anchorsCode = await anchorsReport(database.db, anchors, cwd);
    // Tampering (1) outweighs a database behind an anchor (3).
    const extra = sealsCode === 1 || anchorsCode === 1 ? 1 : anchorsCode;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const before = result.unchained ? ` (${result.unchained} older rows predate the chain)` : '';
    if (result.ok) {
      console.log(
        `OK: ${result.rows} chained rows up to row ${result.headId} verified in ${seconds} s${before}.`,
      );
      console.log(`Head hash: ${result.headHash} (keep it elsewhere: a later run must extend it)`);
      return extra;
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

/** Each sealed day recomputed and its signature checked: 0 when all hold, 1 when not. */
async function sealsReport(db: Db): Promise<number> {
  const r = await verifySeals(db);
  const keys = r.keyIds.length ? ` (key ${r.keyIds.join(', ')})` : '';
  if (r.ok) {
    console.log(`Seals OK: ${r.seals} sealed day(s), ${r.records} records${keys}.`);
    return 0;
  }
  console.log(`Seals BROKEN: ${r.problems.length} problem(s) in ${r.seals} sealed day(s)${keys}:`);
  for (const p of r.problems)
    console.log(`  ${p.day}${p.recordId ? ` record ${p.recordId}` : ''}: ${p.reason}`);
  return 1;
}

/** Each anchor file against the database: 0 matches, 3 behind, 1 differs or does not hold. */
async function anchorsReport(db: Db, files: string[], cwd: string): Promise<number> {
  let broken = false;
  let behind = false;
  for (const file of files) {
    const check = await checkAnchor(db, parseAnchor(fs.readFileSync(path.resolve(cwd, file), 'utf8')));
    // A database behind an anchor is acknowledged by a SYSOP: on the Audit Trail screen ("Check an anchor").
    const label = {
      matches: 'Anchor OK',
      behind: 'BEHIND the anchor',
      differs: 'Anchor DIFFERS',
      invalid: 'Anchor INVALID',
    }[check.status];
    console.log(`${label} (${file}): ${check.reason}`);
    if (check.status === 'behind') behind = true;
    else if (check.status !== 'matches') broken = true;
  }
  return broken ? 1 : behind ? 3 : 0;
}

/** An evidence pack checked offline: 0 when it holds, 1 when not. */
async function packReport(file: string, keyFiles: string[]): Promise<number> {
  const keys = keyFiles.map((k) => publicKeyText(fs.readFileSync(k, 'utf8')));
  console.log(`Verifying the evidence pack ${file}`);
  const r = await verifyPack(file, keys);
  const records = `${r.records} audit record(s): ${r.proven} proven by a signed day root, ${r.pending} of days not sealed when the pack was made`;
  if (!r.keyGiven)
    console.log(
      `Note: no --key given: the signature was checked with the key the pack itself carries (${r.keyId ?? 'none'}); compare it with the key published on the Audit Trail screen, or pass that key with --key.`,
    );
  if (r.ok) {
    console.log(`Pack OK: ${r.entries} entries match the manifest signed with key ${r.keyId}; ${records}.`);
    return 0;
  }
  console.log(`Pack BROKEN: ${r.problems.length} problem(s):`);
  for (const p of r.problems) console.log(`  ${p.where}: ${p.reason}`);
  console.log(`${r.entries} entries read; ${records}.`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`audit:verify: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
