import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { calls } from '@brokerdesk/contract';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { SmtpReceiver } from '../support/smtp-receiver.ts';
import { failedStart } from '../support/server-process.ts';
import type { Database } from '../../src/db/client.ts';
import { auditLog, auditSeal } from '../../src/db/schema.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { smtpMailer } from '../../src/mail/mailer.ts';
import { KEY_FILE, loadAuditSigningKey, parseAuditSigningKey } from '../../src/audit/seals/key.ts';
import { MerkleLevels, merkleRoot, inclusionPath, verifyInclusion } from '../../src/audit/seals/merkle.ts';
import {
  AuditSeals,
  asSigned,
  checkAnchor,
  parseAnchor,
  verifySeals,
} from '../../src/audit/seals/service.ts';
import { AuditSealJob } from '../../src/audit/seals/job.ts';
import { dayOf, signatureProblem } from '../../src/audit/seals/statement.ts';
import { tamper } from './support.ts';
import { newKeyBase64, writeRecords } from '../evidence-pack/support.ts';

const DAY = 86_400;
/** Noon UTC, so a few records written after it stay on the same day. */
const NOON = 1_790_000_000 - (1_790_000_000 % DAY) + DAY / 2;
const quiet = { info: () => undefined, warn: () => undefined };

/** One changed hex digit. */
const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

const write = writeRecords;

describe('the Merkle tree of a day (RFC 6962)', () => {
  it('gives every leaf of trees of 1 to 9 records a path that verifies, and no other', () => {
    for (let n = 1; n <= 9; n++) {
      const hashes = Array.from({ length: n }, (_, i) =>
        crypto.createHash('sha256').update(`r${i}`).digest('hex'),
      );
      const root = merkleRoot(hashes);
      for (let i = 0; i < n; i++) {
        const p = inclusionPath(hashes, i);
        expect(verifyInclusion(hashes[i]!, i, n, p, root)).toBe(true);
        expect(verifyInclusion(flip(hashes[i]!), i, n, p, root)).toBe(false);
        if (p.length > 0)
          expect(verifyInclusion(hashes[i]!, i, n, [flip(p[0]!), ...p.slice(1)], root)).toBe(false);
        if (n > 1) expect(verifyInclusion(hashes[i]!, (i + 1) % n, n, p, root)).toBe(false);
      }
    }
  });

  it('builds the same tree level by level (what a pack of many records reads its paths from)', () => {
    for (let n = 1; n <= 40; n++) {
      const hashes = Array.from({ length: n }, (_, i) =>
        crypto.createHash('sha256').update(`l${i}`).digest('hex'),
      );
      const levels = new MerkleLevels(Buffer.from(hashes.join(''), 'hex'));
      expect(levels.root(), `n=${n}`).toBe(merkleRoot(hashes));
      for (let i = 0; i < n; i++) expect(levels.path(i), `n=${n} i=${i}`).toEqual(inclusionPath(hashes, i));
    }
  });

  it('does not give a list with its last record repeated the same root (an odd node is carried up, not doubled)', () => {
    const h = ['a', 'b', 'c'].map((s) => crypto.createHash('sha256').update(s).digest('hex'));
    expect(merkleRoot(h)).not.toBe(merkleRoot([...h, h[2]!]));
  });
});

describe(`seals of the audit chain, proofs and verification (${testDbKind})`, () => {
  let database: Database;
  let other: Database;
  const clock = manualClock(NOON);
  const key = parseAuditSigningKey(newKeyBase64());
  let seals: AuditSeals;
  const day = dayOf(NOON);
  beforeAll(async () => {
    database = await openTestDatabase();
    other = await openTestDatabase();
    seals = new AuditSeals(database.db, clock, key);
    await write(database.db, NOON, 7);
    clock.advance(DAY);
  });
  afterAll(async () => {
    await database.close();
    await other.close();
  });

  const rows = () => database.db.select().from(auditLog).orderBy(asc(auditLog.id));

  it("seals a past day's records under a signed root, and a proof leads each record to it", async () => {
    expect(await seals.sealDue()).toEqual([day]);
    const [seal] = await seals.list();
    expect(seal).toMatchObject({ day, count: 7, keyId: key.keyId });
    expect(signatureProblem(seal!)).toBeNull();
    const all = await rows();
    expect(seal!.headHash).toBe(all.at(-1)!.hash);
    for (const r of all) {
      const proof = (await seals.proof(r.id))!;
      expect(verifyInclusion(proof.chainHash, proof.index, proof.size, proof.path, proof.seal.root)).toBe(
        true,
      );
    }
    expect(await verifySeals(database.db)).toMatchObject({
      ok: true,
      seals: 1,
      records: 7,
      keyIds: [key.keyId],
    });
  });

  it('fails a proof with one byte changed in the record, the path or the signature', async () => {
    const [, third] = await rows();
    const p = (await seals.proof(third!.id))!;
    expect(verifyInclusion(flip(p.chainHash), p.index, p.size, p.path, p.seal.root)).toBe(false);
    expect(
      verifyInclusion(p.chainHash, p.index, p.size, [flip(p.path[0]!), ...p.path.slice(1)], p.seal.root),
    ).toBe(false);
    const sig = Buffer.from(p.seal.signature, 'base64');
    sig[0] = sig[0]! ^ 1;
    expect(signatureProblem({ ...p.seal, signature: sig.toString('base64') })).toMatch(
      /signature does not match/,
    );
    expect(signatureProblem({ ...p.seal, root: flip(p.seal.root) })).toMatch(/signature does not match/);
  });

  it('reports a changed seal by its day', async () => {
    const [stored] = await database.db.select().from(auditSeal);
    await database.db.update(auditSeal).set({ count: 6 }).where(eq(auditSeal.day, day));
    const result = await verifySeals(database.db);
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toMatchObject({ day });
    expect(result.problems[0]!.reason).toMatch(/signature does not match/);
    await database.db.update(auditSeal).set({ count: stored!.count }).where(eq(auditSeal.day, day));
    expect((await verifySeals(database.db)).ok).toBe(true);
  });

  it('checks the database against a mailed anchor: matching, behind it after an older backup, or not', async () => {
    const anchor = parseAnchor(
      `saved mail\n\n${JSON.stringify(asSigned((await database.db.select().from(auditSeal))[0]!))}\n`,
    );
    expect(await checkAnchor(database.db, anchor)).toMatchObject({ status: 'matches', day });
    // An older backup: the first 3 records of that day only.
    await write(other.db, NOON, 3);
    const behind = await checkAnchor(other.db, anchor);
    expect(behind).toMatchObject({ status: 'behind', day, anchorLastSeq: anchor.lastSeq });
    expect(behind.reason).toMatch(/behind the anchor/);
    expect(await checkAnchor(database.db, { ...anchor, root: flip(anchor.root) })).toMatchObject({
      status: 'invalid',
    });
  });

  it('reports a changed record by its day and id, and a removed one', async () => {
    const all = await rows();
    const changed = all[2]!;
    await tamper(database, sql`update audit_log set after = '{"i": 99}'::jsonb where id = ${changed.id}`);
    let result = await verifySeals(database.db);
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual(expect.objectContaining({ day, recordId: changed.id }));
    expect(result.problems[0]!.reason).toMatch(/changed after it was written/);
    const anchor = asSigned((await database.db.select().from(auditSeal))[0]!);
    expect(await checkAnchor(database.db, anchor)).toMatchObject({ status: 'matches' });

    const removed = all[4]!;
    await tamper(database, sql`delete from audit_log where id = ${removed.id}`);
    result = await verifySeals(database.db);
    expect(result.problems).toContainEqual(expect.objectContaining({ day, recordId: all[5]!.id }));
    expect(result.problems.map((p) => p.reason).join('\n')).toMatch(/is missing/);
    expect(await checkAnchor(database.db, anchor)).toMatchObject({ status: 'differs', day });
  });
});

describe(`the daily sealing job (${testDbKind})`, () => {
  let t: TestApp;
  const receiver = new SmtpReceiver();
  const keyText = newKeyBase64();
  const anchorMail = 'anchors@regulator.test';
  let job: (name: string) => AuditSealJob;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUDIT_SIGNING_KEY: keyText } });
    const url = await receiver.start();
    const mailer = smtpMailer(url, 'Brokerdesk <no-reply@brokerdesk.test>');
    // Each job is one server's: the same database, the same key, its own process state.
    job = () =>
      new AuditSealJob(
        new AuditSeals(t.db, t.clock, parseAuditSigningKey(keyText), { mailer, anchorMail, log: quiet }),
        quiet,
      );
  });
  afterAll(async () => {
    await t.stop();
    await receiver.stop();
  });

  it('seals a day once when two servers race, mails its anchor once, and lists it to staff', async () => {
    const today = dayOf(t.clock.now());
    await write(t.db, t.clock.now(), 3);
    t.clock.advance(DAY);
    const [a, b] = await Promise.all([job('a').runDue(), job('b').runDue()]);
    expect([...a, ...b]).toEqual([today]);
    const mail = await receiver.next(anchorMail);
    expect(receiver.mails.filter((m) => m.to.includes(anchorMail))).toHaveLength(1);
    const anchor = parseAnchor(mail.text);
    expect(anchor).toMatchObject({ day: today, count: 3 });
    expect(signatureProblem(anchor)).toBeNull();

    const token = await t.signInStaff('seals-admin@brokerdesk.test', 'ADMIN');
    const listed = await t.call(calls.audit.listAuditSeals, {}, t.auth(token));
    expect(listed.status).toBe(200);
    expect(listed.body.seals[0]).toMatchObject({
      day: today,
      root: anchor.root,
      signature: anchor.signature,
    });
    expect(listed.body.seals[0]!.mailedAt).not.toBeNull();
    const shown = await t.call(calls.audit.getAuditSigningKey, {}, t.auth(token));
    expect(shown.body.keyId).toBe(anchor.keyId);
    expect(
      crypto
        .createPublicKey(shown.body.publicKeyPem)
        .export({ format: 'der', type: 'spki' })
        .toString('base64'),
    ).toBe(anchor.publicKey);
  });

  it('seals the days missed while every server was down when one is back, in order and without gaps', async () => {
    const before = receiver.count();
    const first = dayOf(t.clock.now());
    t.clock.advance(3 * DAY);
    const sealed = await job('restarted').runDue();
    expect(sealed).toEqual([first, dayOf(t.clock.now() - 2 * DAY), dayOf(t.clock.now() - DAY)]);
    expect(await job('again').runDue()).toEqual([]);
    expect((await verifySeals(t.db)).ok).toBe(true);
    expect(receiver.count() - before).toBe(3);
  });
});

describe('the signing key', () => {
  it('is made once in DATA_DIR without AUDIT_SIGNING_KEY and read back on the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-seal-key-'));
    try {
      const first = loadAuditSigningKey(undefined, dir);
      const again = loadAuditSigningKey(undefined, dir);
      expect(again.keyId).toBe(first.keyId);
      expect(first.keyId).toMatch(/^[0-9a-f]{16}$/);
      if (process.platform !== 'win32')
        expect(fs.statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a key that is not Ed25519, naming the variable', () => {
    const rsa = crypto
      .generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => parseAuditSigningKey(rsa.toString())).toThrow(/AUDIT_SIGNING_KEY is a rsa key/);
    expect(() => parseAuditSigningKey('not a key')).toThrow(/AUDIT_SIGNING_KEY is not a PKCS#8/);
  });

  it('stops a production server without AUDIT_SIGNING_KEY, in one line naming it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-seal-prod-'));
    try {
      const { code, output } = await failedStart({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:9',
        DATA_DIR: dataDir,
        AUDIT_SIGNING_KEY: '',
      });
      expect(code).toBe(1);
      expect(output.trim()).toMatch(
        /^Invalid configuration: AUDIT_SIGNING_KEY is required with NODE_ENV=production/,
      );
      expect(output.trim().split('\n')).toHaveLength(1);
      expect(fs.existsSync(path.join(dataDir, KEY_FILE))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
