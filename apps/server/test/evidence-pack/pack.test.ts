import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EVIDENCE_PACK_AUDIT_ACTION, calls } from '@brokerdesk/contract';
import { startTestApp, STAFF_PASSWORD, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { fundingFixtures } from '../funding/support.ts';
import { auditLog, bankAccounts, kycDocuments } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { parseAuditSigningKey } from '../../src/audit/seals/key.ts';
import { AuditSeals } from '../../src/audit/seals/service.ts';
import { verifyPack } from '../../src/features/evidence-pack/verify-pack.ts';
import { download, flipByte, newKeyBase64, readZip, resign, tmpDir, writeZip } from './support.ts';

const DAY = 86_400;

/** The parts of data.json the tests read. */
type PackData = {
  pack: Record<string, unknown>;
  client: Record<string, unknown>;
  deposits: { id: string; status: string; deals: { key: string; state: string; dealId: string | null }[] }[];
  withdrawals: { id: string }[];
  kycDocuments: Record<string, unknown>[];
  audit: { records: number };
  clientLog?: unknown;
};
describe(`evidence packs (${testDbKind})`, () => {
  let t: TestApp;
  const dataDir = tmpDir('bd-pack-data-');
  const work = tmpDir('bd-pack-');
  const keyText = newKeyBase64();
  const key = parseAuditSigningKey(keyText);
  let clientId = '';
  let otherClient = '';
  let depositId = '';
  let withdrawalId = '';
  let admin = '';
  let statement = '';
  const packFile = path.join(work, 'client.zip');

  beforeAll(async () => {
    t = await startTestApp({ env: { AUDIT_SIGNING_KEY: keyText, DATA_DIR: dataDir } });
    await t.createUser({ email: 'packs@desk.test', password: STAFF_PASSWORD, name: 'Pat' });
    clientId = await t.createUser({ email: 'jane@client.test', role: 'USER', name: 'Jane' });
    otherClient = await t.createUser({ email: 'other@client.test', role: 'USER', name: 'Other' });
    const f = fundingFixtures(t, () => clientId);
    const login = await f.account(0);
    depositId = await f.deposit(login, 250);
    withdrawalId = await f.withdrawal(login, 40);
    await fundingFixtures(t, () => otherClient).deposit(await f.account(0), 999);
    await t.db.insert(kycDocuments).values({
      id: newId(),
      userId: clientId,
      kind: 'IDENTITY',
      idDocType: 'PASSPORT',
      imageIds: ['img-1'],
      uploaded: true,
      verified: true,
      inspectionId: 'insp-42',
      timestamp: t.clock.now(),
    });
    statement = `${clientId}-${t.clock.now()}-statement.pdf`;
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', statement), '%PDF-1.4\n% a bank statement\n');
    await t.db.insert(bankAccounts).values({
      id: newId(),
      userId: clientId,
      bankName: 'First Bank',
      bankCountry: 'GB',
      bankAccountCurrency: 'USD',
      bankIban: 'GB00TEST00000000000001',
      bankPoa: statement,
      status: 'approved',
      timestamp: t.clock.now(),
    });
    admin = await t.signIn('packs@desk.test', STAFF_PASSWORD);
    const approved = await t.call(calls.funding.processDeposit, { body: { depositId } }, t.auth(admin));
    expect(approved.status).toBe(200);
    await f.settle();
    // The day's records sealed, as the daily job does once the day is over.
    t.clock.advance(DAY);
    await new AuditSeals(t.db, t.clock, key).sealDue();
    admin = await t.signIn('packs@desk.test', STAFF_PASSWORD);
  });
  afterAll(async () => {
    await t.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  });

  const pack = async (subject: 'client' | 'withdrawal' | 'deposit', id: string, file: string) => {
    const link = await t.call(
      calls.evidencePack.createEvidencePack,
      { body: { subject, id } },
      t.auth(admin),
    );
    expect(link.status).toBe(200);
    const got = await download(t, link.body.url, file);
    expect(got.status).toBe(200);
    return { link: link.body, got };
  };

  it("streams a client's pack from a signed link, audits the export, and the pack verifies offline", async () => {
    const { link, got } = await pack('client', clientId, packFile);
    expect(got.type).toBe('application/zip');
    expect(got.disposition).toContain(link.filename);
    expect(link.filename).toMatch(new RegExp(`^evidence-client-${clientId}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const exported = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, EVIDENCE_PACK_AUDIT_ACTION), eq(auditLog.entityId, clientId)));
    expect(exported).toHaveLength(1);
    expect(exported[0]!.after).toEqual({ subject: 'client', id: clientId });

    const result = await verifyPack(packFile, [key.publicKey]);
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ ok: true, keyId: key.keyId, keyGiven: true });
    expect(result.proven).toBeGreaterThan(0);
    // The export itself and today's sign-in are not sealed yet: chained, proven by a later pack.
    expect(result.pending).toBeGreaterThan(0);
    expect(result.records).toBe(result.proven + result.pending);
  });

  it('holds the summary, the facts, the documents, the audit records and the manifest', async () => {
    const entries = await readZip(packFile);
    expect([...entries.keys()].sort()).toEqual(
      [
        'audit.jsonl',
        'data.json',
        `documents/bank-statements/${statement}`,
        'documents/kyc-documents.json',
        'manifest.json',
        'summary.pdf',
      ].sort(),
    );
    expect(entries.get('summary.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(entries.get(`documents/bank-statements/${statement}`)!.toString()).toContain('a bank statement');
    const data = JSON.parse(entries.get('data.json')!.toString()) as PackData;
    expect(data.client).toMatchObject({ id: clientId, email: 'jane@client.test' });
    expect(data.client.passwordHash).toBeUndefined();
    const deposit = data.deposits.find((d) => d.id === depositId)!;
    expect(deposit.status).toBe('approved');
    expect(deposit.deals[0]!).toMatchObject({ key: `dep:${depositId}`, state: 'succeeded' });
    expect(deposit.deals[0]!.dealId).toMatch(/^\d+$/);
    expect(data.withdrawals.map((w) => w.id)).toEqual([withdrawalId]);
    expect(data.kycDocuments[0]).toMatchObject({ inspectionId: 'insp-42', idDocType: 'PASSPORT' });
    expect(data.audit.records).toBeGreaterThan(0);
    // Nothing of the other client's: no row, no id.
    expect(entries.get('data.json')!.toString()).not.toContain(otherClient);
    expect(entries.get('audit.jsonl')!.toString()).not.toContain(otherClient);
    const kyc = JSON.parse(entries.get('documents/kyc-documents.json')!.toString());
    expect(kyc.documents[0].providerReference).toEqual({ inspectionId: 'insp-42', imageIds: ['img-1'] });
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({
      format: 'brokerdesk-evidence-pack',
      keyId: key.keyId,
      subject: { type: 'client', id: clientId },
    });
    expect(manifest.files.map((f: { path: string }) => f.path).sort()).toEqual(
      [...entries.keys()].filter((k) => k !== 'manifest.json').sort(),
    );
  });

  it('fails after one byte of any entry is changed, naming the entry', async () => {
    const entries = await readZip(packFile);
    for (const name of entries.keys()) {
      const changed = new Map(entries);
      changed.set(name, flipByte(entries.get(name)!));
      const file = path.join(work, 'byte.zip');
      await writeZip(file, changed);
      const r = await verifyPack(file, [key.publicKey]);
      expect(r.ok, name).toBe(false);
      const where = name === 'manifest.json' ? /manifest\.json/ : new RegExp(name.replace(/[.]/g, '\\.'));
      expect(r.problems.map((p) => p.where).join('\n'), name).toMatch(where);
    }
  });

  const lines = (entries: Map<string, Buffer>) =>
    entries.get('audit.jsonl')!.toString().trimEnd().split('\n');
  const withLines = (entries: Map<string, Buffer>, all: string[]) => {
    const changed = new Map(entries);
    changed.set('audit.jsonl', Buffer.from(`${all.join('\n')}\n`));
    resign(changed, key);
    return changed;
  };

  it('fails after one audit record is changed, even with the manifest signed again, naming its line and id', async () => {
    const entries = await readZip(packFile);
    const all = lines(entries);
    const i = all.findIndex((l) => l.includes('"record"') && l.includes('"proof":{'));
    const line = JSON.parse(all[i]!);
    line.record.at += 1;
    all[i] = JSON.stringify(line);
    const file = path.join(work, 'record.zip');
    await writeZip(file, withLines(entries, all));
    const r = await verifyPack(file, [key.publicKey]);
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([
      {
        where: `audit.jsonl line ${i + 1} (record ${line.record.id})`,
        reason: expect.stringMatching(/does not match its hash/),
      },
    ]);
  });

  it('fails after one Merkle path is changed, and after a signed day root is', async () => {
    const entries = await readZip(packFile);
    const all = lines(entries);
    const i = all.findIndex((l) => /"path":\["/.test(l));
    const line = JSON.parse(all[i]!);
    const p0: string = line.proof.path[0];
    line.proof.path[0] = (p0[0] === '0' ? '1' : '0') + p0.slice(1);
    const changed = [...all];
    changed[i] = JSON.stringify(line);
    const file = path.join(work, 'path.zip');
    await writeZip(file, withLines(entries, changed));
    let r = await verifyPack(file, [key.publicKey]);
    expect(r.problems).toEqual([
      {
        where: `audit.jsonl line ${i + 1} (record ${line.record.id})`,
        reason: expect.stringMatching(/Merkle path does not lead/),
      },
    ]);

    const s = all.findIndex((l) => l.startsWith('{"seal"'));
    const seal = JSON.parse(all[s]!);
    seal.seal.root = (seal.seal.root[0] === '0' ? '1' : '0') + seal.seal.root.slice(1);
    const rooted = [...all];
    rooted[s] = JSON.stringify(seal);
    await writeZip(file, withLines(entries, rooted));
    r = await verifyPack(file, [key.publicKey]);
    expect(r.ok).toBe(false);
    expect(r.problems[0]!.where).toBe(`audit.jsonl line ${s + 1} (seal of ${seal.seal.day})`);
  });

  it("fails after the signature is changed, with another server's key, or with an entry added", async () => {
    const entries = await readZip(packFile);
    const m = JSON.parse(entries.get('manifest.json')!.toString());
    const sig = Buffer.from(m.signature, 'base64');
    sig[10] = sig[10]! ^ 1;
    const file = path.join(work, 'sig.zip');
    await writeZip(
      file,
      new Map(entries).set(
        'manifest.json',
        Buffer.from(JSON.stringify({ ...m, signature: sig.toString('base64') })),
      ),
    );
    let r = await verifyPack(file, [key.publicKey]);
    expect(r.problems).toEqual([
      { where: 'manifest.json signature', reason: expect.stringMatching(/signature does not match/) },
    ]);

    const stranger = parseAuditSigningKey(newKeyBase64());
    r = await verifyPack(packFile, [stranger.publicKey]);
    expect(r.ok).toBe(false);
    expect(r.problems[0]!.reason).toMatch(/not among the published keys/);
    // After a rotation both keys are given: the manifest's key id picks the one that signed it.
    expect((await verifyPack(packFile, [stranger.publicKey, key.publicKey])).ok).toBe(true);

    await writeZip(file, new Map(entries).set('documents/extra.txt', Buffer.from('slipped in')));
    r = await verifyPack(file, [key.publicKey]);
    expect(r.problems).toEqual([
      { where: 'documents/extra.txt', reason: expect.stringMatching(/not in the manifest/) },
    ]);
  });

  it('ignores ZIP metadata: other times, a comment and another order still verify', async () => {
    const entries = [...(await readZip(packFile))].reverse();
    const file = path.join(work, 'meta.zip');
    await writeZip(file, entries, { mtime: new Date('2001-02-03T04:05:06Z'), comment: 'repacked' });
    expect((await verifyPack(file, [key.publicKey])).ok).toBe(true);
  });

  it('packs one withdrawal: its own facts and records only', async () => {
    const file = path.join(work, 'withdrawal.zip');
    const { link } = await pack('withdrawal', withdrawalId, file);
    expect(link.filename).toContain(`evidence-withdrawal-${withdrawalId}-`);
    expect((await verifyPack(file, [key.publicKey])).ok).toBe(true);
    const entries = await readZip(file);
    const data = JSON.parse(entries.get('data.json')!.toString()) as PackData;
    expect(data.pack).toMatchObject({ subject: 'withdrawal', id: withdrawalId, clientId });
    expect(data.withdrawals.map((w) => w.id)).toEqual([withdrawalId]);
    expect(data.deposits).toEqual([]);
    expect(data.clientLog).toBeUndefined();
  });

  it('answers 404 for an unknown client or request, or a staff member, and 403 for a bad link', async () => {
    const unknown = newId();
    for (const subject of [
      'client',
      'deposit',
      'withdrawal',
      'transfer',
      'bankAccount',
      'leverage',
      'subAccount',
      'ibRequest',
    ] as const) {
      const r = await t.refused(
        calls.evidencePack.createEvidencePack,
        { body: { subject, id: unknown } },
        t.auth(admin),
      );
      expect(r.status, subject).toBe(404);
    }
    const [staffRow] = await t.db
      .select({ id: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.action, EVIDENCE_PACK_AUDIT_ACTION))
      .limit(1);
    expect(
      (
        await t.refused(
          calls.evidencePack.createEvidencePack,
          { body: { subject: 'client', id: staffRow!.id! } },
          t.auth(admin),
        )
      ).status,
    ).toBe(404);
    const bad = await t.raw(
      calls.evidencePack.createEvidencePack,
      { body: { subject: 'client', id: 'nope' } },
      t.auth(admin),
    );
    expect(bad.status).toBe(400);

    const link = await t.call(
      calls.evidencePack.createEvidencePack,
      { body: { subject: 'deposit', id: depositId } },
      t.auth(admin),
    );
    // Another record under the same signature is refused...
    const swapped = link.body.url.replace(depositId, withdrawalId);
    expect((await download(t, swapped, path.join(work, 'x.zip'))).status).toBe(403);
    // ...and so is the link once it has expired.
    t.clock.advance(61);
    expect((await download(t, link.body.url, path.join(work, 'x.zip'))).status).toBe(403);
  });
});
