import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import { auditLog, auditSeal } from '../../src/db/schema.ts';
import { parseAuditSigningKey } from '../../src/audit/seals/key.ts';
import { AuditSeals, anchorMailOf, asSigned, checkAnchor } from '../../src/audit/seals/service.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { ANCHOR_ACTIONS } from '../../src/audit/seals/anchor-reports.ts';
import { newKeyBase64, writeRecords } from './support.ts';

const DAY = 86_400;
const keyText = newKeyBase64();
const key = parseAuditSigningKey(keyText);

const write = writeRecords;

/**
 * The database the anchors were mailed from: a day of records sealed and its anchor mailed. A restore
 * from a backup taken before then is another database that lacks those records.
 */
async function mailedAnchor(at: number) {
  const source = await openTestDatabase();
  const clock = manualClock(at);
  await write(source.db, at, 40, 'before.restore');
  clock.advance(DAY);
  await new AuditSeals(source.db, clock, key).sealDue();
  const [seal] = await source.db.select().from(auditSeal);
  await source.close();
  return asSigned(seal!);
}

describe(`a restore from backup against a mailed anchor (${testDbKind})`, () => {
  let t: TestApp;
  let anchorText = '';
  let anchor: Awaited<ReturnType<typeof mailedAnchor>>;
  let admin = '';
  let sysop = '';
  beforeAll(async () => {
    t = await startTestApp({ env: { AUDIT_SIGNING_KEY: keyText } });
    anchor = await mailedAnchor(t.clock.now() - 3 * DAY);
    anchorText = anchorMailOf('anchors@regulator.test', anchor).text;
    admin = await t.signInStaff('anchor-admin@desk.test', 'ADMIN');
    sysop = await t.signInStaff('anchor-sysop@desk.test', 'SYSOP');
  });
  afterAll(() => t.stop());

  it('reports a database behind the anchor as such, records it once, and lists it open', async () => {
    const r = await t.call(calls.audit.checkAuditAnchor, { body: { anchor: anchorText } }, t.auth(admin));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'behind', day: anchor.day });
    expect(r.body.reason).toMatch(/behind the anchor .* as after a restore from an older backup/);
    expect(r.body.report).toMatchObject({
      day: anchor.day,
      keyId: key.keyId,
      acknowledgedAt: null,
      anchorLastSeq: anchor.lastSeq,
    });
    const again = await t.call(calls.audit.checkAuditAnchor, { body: { anchor: anchorText } }, t.auth(admin));
    expect(again.body.report!._id).toBe(r.body.report!._id);
    const listed = await t.call(calls.audit.listAnchorReports, {}, t.auth(admin));
    expect(listed.body.reports.map((x) => x._id)).toEqual([r.body.report!._id]);
    const checks = await t.db.select().from(auditLog).where(eq(auditLog.action, ANCHOR_ACTIONS.checked));
    expect(checks).toHaveLength(2);
    expect(checks[0]!.after).toMatchObject({ status: 'behind', day: anchor.day });
  });

  it('needs a SYSOP and a note to acknowledge it; the acknowledgement is audited and final', async () => {
    const [report] = (await t.call(calls.audit.listAnchorReports, {}, t.auth(admin))).body.reports;
    const note = 'Restored the 02:00 backup after the disk failure; records of that morning are lost.';
    const params = { id: report!._id };
    expect(
      (await t.refused(calls.audit.acknowledgeAnchorReport, { params, body: { note } }, t.auth(admin)))
        .status,
    ).toBe(403);
    const short = await t.refused(
      calls.audit.acknowledgeAnchorReport,
      { params, body: { note: 'ok' } },
      t.auth(sysop),
    );
    expect(short.status).toBe(400);
    expect(short.body.errors.note).toMatch(/at least 10 characters/);
    const done = await t.call(calls.audit.acknowledgeAnchorReport, { params, body: { note } }, t.auth(sysop));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ note, acknowledgedByName: expect.any(String) });
    expect(done.body.acknowledgedAt).toBe(t.clock.now());
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, ANCHOR_ACTIONS.acknowledged));
    expect(record!.after).toMatchObject({ reportId: report!._id, note, day: anchor.day });
    expect(
      (await t.refused(calls.audit.acknowledgeAnchorReport, { params, body: { note } }, t.auth(sysop)))
        .status,
    ).toBe(409);
    const unknown = { id: 'ffffffffffffffffffffffff' };
    expect(
      (
        await t.refused(
          calls.audit.acknowledgeAnchorReport,
          { params: unknown, body: { note } },
          t.auth(sysop),
        )
      ).status,
    ).toBe(404);
  });

  it('refuses text that is not an anchor, and answers an altered anchor as invalid, without a report', async () => {
    const bad = await t.refused(calls.audit.checkAuditAnchor, { body: { anchor: 'hello' } }, t.auth(admin));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.anchor).toMatch(/Not a mailed audit anchor/);
    const altered = anchorText.replace(`"count": ${anchor.count}`, `"count": ${anchor.count + 1}`);
    const r = await t.call(calls.audit.checkAuditAnchor, { body: { anchor: altered } }, t.auth(admin));
    expect(r.body).toMatchObject({ status: 'invalid', report: null });
  });

  it('tells a restore that went on writing from records changed under the same seal', async () => {
    // Restored, then written to: the lost records' ids hold other records, and the day is sealed again.
    const restored = await openTestDatabase();
    const clock = manualClock(t.clock.now() - 3 * DAY);
    await write(restored.db, clock.now(), 10, 'before.restore');
    await write(restored.db, clock.now() + 100, 60, 'after.restore');
    clock.advance(DAY);
    await new AuditSeals(restored.db, clock, key).sealDue();
    const check = await checkAnchor(restored.db, anchor);
    expect(check).toMatchObject({ status: 'behind', day: anchor.day });
    expect(check.reason).toMatch(/sealed again/);
    await restored.close();
  });
});
