import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallBody } from '@brokerdesk/contract';
import { inArray } from 'drizzle-orm';
import { deposits, platformOperations } from '../../src/db/schema.ts';
import { NOT_SENT_DEADLINE, type TradingPlatform } from '../../src/integrations/platform/types.ts';
import { OperationWorker } from '../../src/operations/index.ts';
import { allCheckingHandlers, allSettledHandlers } from '../../src/features/settled-handlers.ts';
import { startTestApp, type TestApp, type BodyOnlyCall } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { fundingDesk, type fundingFixtures } from '../funding/support.ts';

/** Short windows so the run takes seconds: client wait < lease < stall < settle window. */
const WAIT_SECONDS = 2;
const LEASE_SECONDS = 8;
const STALL_SECONDS = 40;
const SETTLE_SECONDS = 60;

/**
 * A stall of the outbox, long enough to matter: MT5 holds every call longer than the
 * client waits and longer than a lease, so the client gives up on the call it sent (which still lands
 * when MT5 gets to it) and a change queued behind it in the one MT5 session misses its deadline and is
 * dropped unsent. Afterwards: exactly one deal per approved deposit, none for the rejected ones, every
 * MTStatus final, the ledger equal to the approved amounts.
 */
describe(`a stall longer than the client's wait and the lease, through the MT5 client (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let f: ReturnType<typeof fundingFixtures>;
  beforeAll(async () => {
    t = await startTestApp({
      platform: 'mt5',
      platformTimeoutMs: WAIT_SECONDS * 1000,
      env: {
        MT5_TIMEOUT_SECONDS: String(WAIT_SECONDS),
        OPERATIONS_LEASE_SECONDS: String(LEASE_SECONDS),
        OPERATIONS_SETTLE_SECONDS: String(SETTLE_SECONDS),
      },
    });
    ({ f, token } = await fundingDesk(t, 'stall'));
  });
  afterAll(() => t.stop());

  const post = <D extends BodyOnlyCall>(def: D, body: CallBody<D>) => t.post(def, body, t.auth(token));

  it('drops the queued change unsent, lets the stalled one land, and ends with one deal per approval', async () => {
    const fake = t.fake!;
    const logins = [await f.account(), await f.account(), await f.account()];
    const approved = [
      { login: logins[0]!, amount: 100, id: '' },
      { login: logins[1]!, amount: 200, id: '' },
      { login: logins[2]!, amount: 300, id: '' },
    ];
    for (const a of approved) a.id = await f.deposit(a.login, a.amount);
    const rejected = [await f.deposit(logins[0]!, 50), await f.deposit(logins[2]!, 75)];
    for (const a of approved) {
      expect((await post(calls.funding.processDeposit, { depositId: a.id })).status).toBe(200);
    }
    for (const id of rejected) {
      const r = await post(calls.funding.updateDeposit, {
        deposit: { _id: id, status: 'rejected', comment: 'Not our client' },
      });
      expect(r.status).toBe(200);
    }
    const callsBefore = fake.counters.balanceCalls;

    // MT5 stalls: every balance is held STALL_SECONDS (on the test's clock) before MT5 looks at it.
    // (The look-up before each send is a read, answered at once.)
    fake.faults.stall(STALL_SECONDS, { sleep: t.clock.sleep, path: '/api/trade/balance' });
    // Worker A sends the first deposit; MT5 holds it.
    const roundA = t.worker.runOnce();
    await expect.poll(() => t.clock.sleeping()).toBe(1);
    // Worker B (another round on the same MT5 session) claims the second and queues it behind A's call.
    let queued!: () => void;
    const inQueue = new Promise<void>((r) => (queued = r));
    const heardByB: unknown[] = [];
    const platformB: TradingPlatform = Object.create(t.platform) as TradingPlatform;
    // B's look-up before its send found nothing (answered here rather than queued behind A's call),
    // so its send is what waits in the session's queue.
    platformB.findDeal = async () => null;
    platformB.balance = (...args) => {
      const call = t.platform.balance(...args);
      queued();
      call.catch((err: unknown) => heardByB.push(err));
      return call;
    };
    const workerB = new OperationWorker({
      db: t.db,
      platforms: platformB,
      clock: t.clock,
      handlers: allSettledHandlers(),
      checking: allCheckingHandlers(),
      leaseSeconds: LEASE_SECONDS,
      settleSeconds: SETTLE_SECONDS,
    });
    const roundB = workerB.runOnce();
    await inQueue;
    // The leases run out while both wait: B's change is past its deadline. MT5 then answers new calls
    // at once again; the call it holds lands in its own time (the clock reaching the stall's end).
    t.clock.advance(LEASE_SECONDS + 2);
    fake.faults.stall(0);
    const [a] = await Promise.all([roundA, roundB]);
    // A gave up waiting on what it sent (outcome unknown); B's change never left the queue.
    expect(a.unknown).toBe(1);
    expect(heardByB[0]).toMatchObject({ kind: 'transient', code: NOT_SENT_DEADLINE });
    expect(String(heardByB[0])).toContain('its deadline passed while it waited');

    for (let i = 0; ; i++) {
      expect(i, 'operations did not settle').toBeLessThan(100);
      if ((await t.worker.runOnce()).claimed > 0) continue;
      const open = await t.db
        .select()
        .from(platformOperations)
        .where(inArray(platformOperations.state, ['queued', 'running']));
      if (open.length === 0) break;
      t.clock.advance(5);
    }

    // MT5 catches up with anything it still holds (a naive settle window would have sent it again).
    t.clock.advance(STALL_SECONDS);
    await new Promise((r) => setImmediate(r));
    expect(t.clock.sleeping(), 'calls MT5 still holds').toBe(0);
    // Exactly one deal per approved deposit, none for the rejected ones; nothing was sent twice.
    for (const a of approved) {
      const deals = fake.ledger.deals(a.login).filter((d) => d.comment === `dep:${a.id}`);
      expect(deals.map((d) => d.profit)).toEqual([a.amount]);
      expect(fake.ledger.account(a.login)!.balance).toBe(a.amount);
    }
    const comments = fake.ledger.deals().map((d) => d.comment);
    for (const id of rejected) expect(comments.filter((c) => c.includes(id))).toEqual([]);
    expect(fake.counters.balanceCalls - callsBefore).toBe(approved.length);
    // Every MTStatus is final: SUCCESS for the approvals, none for the rejections.
    const rows = await t.db
      .select()
      .from(deposits)
      .where(inArray(deposits.id, [...approved.map((x) => x.id), ...rejected]));
    for (const r of rows) {
      const isApproved = approved.some((x) => x.id === r.id);
      expect(r).toMatchObject(
        isApproved ? { status: 'approved', mtStatus: 'SUCCESS' } : { status: 'rejected', mtStatus: '' },
      );
    }
    const ops = await t.db.select().from(platformOperations);
    expect(ops.every((o) => o.state === 'succeeded')).toBe(true);
  });
});
