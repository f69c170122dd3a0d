import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { platformOperations, simAccounts, simDeals } from '../../src/db/schema.ts';
import { parseFaults } from '../../src/integrations/platform/faults.ts';
import { SimulatorPlatform } from '../../src/integrations/platform/simulator.ts';
import type { TradingPlatform } from '../../src/integrations/platform/types.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { claimOperations, type EnqueueInput, type OperationWorkerDeps } from '../../src/operations/index.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import { ANN_LEE } from '../support/test-platform.ts';
import {
  auditOf,
  drain,
  enqueueAt,
  key,
  losingReplies,
  operation,
  recordingHandlers,
  seededRandom,
  workerOn,
} from './support.ts';

const account = ANN_LEE;

describe(`operations worker on the simulator (${testDbKind})`, () => {
  let database: Database;
  let sim: SimulatorPlatform;
  const clock = manualClock();
  let recorder: ReturnType<typeof recordingHandlers>;

  beforeAll(async () => {
    database = await openTestDatabase();
    sim = new SimulatorPlatform(database.db, clock, parseFaults(''), seededRandom(7));
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    sim.setFaults(parseFaults(''));
    recorder = recordingHandlers(['dep', 'wd', 'lev', 'acc', 'pwd']);
    await database.db.delete(platformOperations);
  });

  const worker = (over: Partial<OperationWorkerDeps> = {}) =>
    workerOn({ db: database.db, platforms: sim, clock, handlers: recorder.handlers }, over);
  const enqueue = (op: Omit<EnqueueInput, 'now'>) => enqueueAt(database.db, clock, op);
  const deals = (login: number, comment: string) =>
    database.db
      .select()
      .from(simDeals)
      .where(and(eq(simDeals.login, login), eq(simDeals.comment, comment)));
  const funded = async (amount = 0) => {
    const { login } = await sim.createAccount(account);
    if (amount) await sim.balance(login, amount, `seed:${login}`);
    return login;
  };

  it('applies a balance operation once, records the deal, tells the feature and audits it', async () => {
    const login = await funded();
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 250.5 } });
    const w = worker();
    expect(await w.runOnce()).toMatchObject({ claimed: 1, succeeded: 1, failed: 0, retried: 0 });
    expect(await w.runOnce()).toMatchObject({ claimed: 0 });

    const [deal] = await deals(login, k);
    expect(await deals(login, k)).toHaveLength(1);
    expect(await operation(database.db, k)).toMatchObject({
      state: 'succeeded',
      attempts: 1,
      lockedUntil: null,
      lastError: '',
      result: { deal: String(deal!.deal) },
    });
    // The handler saw the row already succeeded: it ran in the transaction that settled it.
    expect(recorder.calls).toEqual([
      { key: k, state: 'succeeded', outcome: { ok: true, result: { deal: String(deal!.deal) } } },
    ]);
    // Looked up before it was sent: a restored database may have forgotten an earlier send.
    expect(await auditOf(database.db, k)).toMatchObject([
      { action: 'platform.op.lookup', after: { step: 'lookup', attempt: 1, found: false } },
      { action: 'platform.op.send', after: { step: 'send', attempt: 1, outcome: 'applied' } },
      {
        action: 'platform.op.succeeded',
        entity: 'platform_operation',
        after: { kind: 'balance', result: { deal: String(deal!.deal) } },
      },
    ]);
  });

  it('fails an operation the platform refuses for good, with the platform error as MTStatus', async () => {
    const login = await funded(100);
    const k = key('wd');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: -500 } });
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await operation(database.db, k)).toMatchObject({
      state: 'failed',
      lastError: 'Not enough money (10019)',
      result: null,
    });
    expect(recorder.calls).toEqual([
      { key: k, state: 'failed', outcome: { ok: false, error: 'Not enough money (10019)', code: 10019 } },
    ]);
    expect(await deals(login, k)).toEqual([]);
    expect(await auditOf(database.db, k)).toMatchObject([
      { action: 'platform.op.lookup', after: { found: false } },
      { action: 'platform.op.send', after: { outcome: 'rejected', error: 'Not enough money (10019)' } },
      { action: 'platform.op.failed', after: { kind: 'balance', error: 'Not enough money (10019)' } },
    ]);
  });

  it('retries transient faults after the back-off until the platform takes it', async () => {
    const login = await funded();
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 10 } });
    const w = worker();
    sim.setFaults(parseFaults('error=1'));
    expect(await w.runOnce()).toMatchObject({ claimed: 1, retried: 1, unknown: 0 });
    expect(await operation(database.db, k)).toMatchObject({
      state: 'queued',
      attempts: 1,
      lockedUntil: null,
      nextAttemptAt: clock.now() + 5,
      // The look-up before the send met the fault first: nothing was sent.
      lastError: 'Look-up failed: Platform busy (12)',
    });
    expect(await w.runOnce()).toMatchObject({ claimed: 0 }); // not due before its back-off
    clock.advance(5);
    expect(await w.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect((await operation(database.db, k)).nextAttemptAt).toBe(clock.now() + 10);
    sim.setFaults(parseFaults(''));
    clock.advance(10);
    expect(await w.runOnce()).toMatchObject({ claimed: 1, succeeded: 1, resolved: 0 });
    expect(await operation(database.db, k)).toMatchObject({ state: 'succeeded', attempts: 3 });
    expect(await deals(login, k)).toHaveLength(1);
    expect(recorder.calls).toHaveLength(1);
  });

  it('gives up on transient faults after maxAttempts, with the last error', async () => {
    const login = await funded();
    const k = key('lev');
    await enqueue({ key: k, kind: 'setLeverage', payload: { login, leverage: 300 } });
    sim.setFaults(parseFaults('down=1'));
    const tally = await drain(database.db, [worker({ maxAttempts: 3 })], clock);
    expect(tally).toMatchObject({ rounds: 3, retried: 2, failed: 1 });
    expect(await operation(database.db, k)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'Platform unreachable (10)',
    });
    expect(recorder.calls).toMatchObject([
      { key: k, outcome: { ok: false, error: 'Platform unreachable (10)', code: 10 } },
    ]);
  });

  it('resolves a lost reply by looking the deal up: one deal, not sent again', async () => {
    const login = await funded();
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 75 } });
    const w = worker();
    sim.setFaults(parseFaults('lost=1'));
    expect(await w.runOnce()).toMatchObject({ retried: 1, unknown: 1 });
    expect(await operation(database.db, k)).toMatchObject({
      settleUntil: clock.now() + 300,
      lastError: expect.stringMatching(/^Checking with MT5/),
    });
    expect(await deals(login, k)).toHaveLength(1); // applied; only the reply was lost
    sim.setFaults(parseFaults(''));
    clock.advance(60);
    expect(await w.runOnce()).toMatchObject({ succeeded: 1, resolved: 1 });
    const all = await deals(login, k);
    expect(all).toHaveLength(1);
    expect(await operation(database.db, k)).toMatchObject({
      state: 'succeeded',
      result: { deal: String(all[0]!.deal) },
    });
    const [acc] = await database.db.select().from(simAccounts).where(eq(simAccounts.login, login));
    expect(acc!.balance).toBe(75);
  });

  it('never marks a balance with an unknown outcome failed, however many attempts it takes', async () => {
    const login = await funded();
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 5 } });
    const w = worker({ maxAttempts: 2 });
    sim.setFaults(parseFaults('timeout=1'));
    await expect(drain(database.db, [w], clock, { maxRounds: 4 })).rejects.toThrow(
      'unsettled after 4 rounds',
    );
    expect(await operation(database.db, k)).toMatchObject({ state: 'queued', attempts: 4 });
    sim.setFaults(parseFaults(''));
    expect(await drain(database.db, [w], clock)).toMatchObject({ succeeded: 1, rounds: 1 });
    expect(await deals(login, k)).toHaveLength(1);
  });

  it('after a worker died mid-call, the next one resolves the outcome once the lease runs out', async () => {
    const login = await funded();
    const applied = key('dep');
    const unsent = key('dep');
    await enqueue({ key: applied, kind: 'balance', payload: { login, amount: 40 } });
    await enqueue({ key: unsent, kind: 'balance', payload: { login, amount: 2 } });
    // The dead worker: it claimed what it could (one login, one operation at a time: the first of the
    // two), got it to the platform, and never settled it.
    const claimed = await claimOperations(database.db, {
      now: clock.now(),
      limit: 10,
      leaseSeconds: 120,
      platforms: ['MT5'],
    });
    expect(claimed.map((c) => c.idempotencyKey)).toEqual([applied]);
    const deal = await sim.balance(login, 40, applied);

    const w = worker({ leaseSeconds: 120 });
    expect(await w.runOnce()).toMatchObject({ claimed: 0 }); // still leased, and the second waits behind it
    clock.advance(119);
    expect(await w.runOnce()).toMatchObject({ claimed: 0 });
    clock.advance(1);
    // The abandoned one is looked up and found; the one behind it was never sent, so it is sent now.
    expect(await w.runOnce()).toMatchObject({ claimed: 2, succeeded: 2, resolved: 1 });
    expect(await deals(login, applied)).toHaveLength(1);
    expect(await deals(login, unsent)).toHaveLength(1);
    expect(await operation(database.db, applied)).toMatchObject({
      state: 'succeeded',
      attempts: 2,
      result: { deal },
    });
  });

  it('a worker whose lease ran out mid-call cannot settle over the worker that took over', async () => {
    const login = await funded();
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 9 } });
    let entered!: () => void;
    let release!: () => void;
    const inCall = new Promise<void>((r) => (entered = r));
    const gate = new Promise<void>((r) => (release = r));
    // A call that waits (in a queue) past the lease, and only then reaches the platform, with the
    // deadline the worker gave it.
    const stuck = Object.create(sim) as TradingPlatform;
    stuck.balance = async (...args) => {
      entered();
      await gate;
      return sim.balance(...args);
    };
    const slow = worker({ platforms: stuck, leaseSeconds: 30 }).runOnce();
    await inCall;
    clock.advance(31);
    // The worker that takes over waits out the settle window, finds nothing and sends it itself.
    const other = worker({ leaseSeconds: 30 });
    expect(await other.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    clock.advance(300);
    expect(await other.runOnce()).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(await deals(login, k)).toHaveLength(1);
    // Now the first worker's call reaches the platform: its deadline passed, so it is dropped unsent.
    release();
    expect(await slow).toMatchObject({ claimed: 1, lost: 1, succeeded: 0, retried: 0 });
    expect(await operation(database.db, k)).toMatchObject({ state: 'succeeded', attempts: 3 });
    expect(recorder.calls).toHaveLength(1);
    expect(await deals(login, k)).toHaveLength(1);
  });

  it('creates an account with its pre-assigned login and clears the passwords from the row', async () => {
    const k = key('acc');
    await enqueue({ key: k, kind: 'createAccount', payload: { login: 700_001, ...account } });
    expect(await worker().runOnce()).toMatchObject({ succeeded: 1 });
    const row = await operation(database.db, k);
    expect(row).toMatchObject({ state: 'succeeded', result: { login: 700_001 } });
    expect(row.payload).toMatchObject({ login: 700_001, passwordMain: '', passwordInvestor: '' });
    expect(await sim.checkPassword(700_001, 'main', account.passwordMain)).toBe(true);
    expect(JSON.stringify(await auditOf(database.db, k))).not.toContain(account.passwordMain);
  });

  it('recognises its own account after a lost reply ("account exists" with the same name and group)', async () => {
    const k = key('acc');
    await enqueue({ key: k, kind: 'createAccount', payload: { login: 700_002, ...account } });
    const w = worker({ platforms: losingReplies(sim, 'createAccount') });
    expect(await w.runOnce()).toMatchObject({ retried: 1, unknown: 1 });
    clock.advance(60);
    expect(await w.runOnce()).toMatchObject({ succeeded: 1, resolved: 1 });
    expect(await operation(database.db, k)).toMatchObject({ state: 'succeeded', result: { login: 700_002 } });
  });

  it('fails an account whose login another account already holds', async () => {
    await sim.createAccount({ ...account, login: 700_003, name: 'Someone Else' });
    const k = key('acc');
    await enqueue({ key: k, kind: 'createAccount', payload: { login: 700_003, ...account } });
    expect(await worker().runOnce()).toMatchObject({ failed: 1 });
    expect(await operation(database.db, k)).toMatchObject({
      state: 'failed',
      lastError: 'Account already exists (3004)',
    });
    expect((await operation(database.db, k)).payload).toMatchObject({
      passwordMain: '',
      passwordInvestor: '',
    });
  });

  it('sends idempotent changes again after an unknown outcome, and clears a changed password', async () => {
    const login = await funded();
    const lev = key('lev');
    const pwd = key('pwd');
    await enqueue({ key: lev, kind: 'setLeverage', payload: { login, leverage: 400 } });
    await enqueue({
      key: pwd,
      kind: 'changePassword',
      payload: { login, type: 'main', password: 'N3w!pass' },
    });
    const w = worker({ platforms: losingReplies(sim, 'setLeverage') });
    // One login, one operation at a time: the password change waits behind the unknown leverage change.
    expect(await w.runOnce()).toMatchObject({ claimed: 1, succeeded: 0, retried: 1, unknown: 1 });
    clock.advance(60);
    expect(await w.runOnce()).toMatchObject({ claimed: 2, succeeded: 2, resolved: 1 });
    expect((await sim.getAccount(login)).leverage).toBe(400);
    expect(await sim.checkPassword(login, 'main', 'N3w!pass')).toBe(true);
    expect((await operation(database.db, pwd)).payload).toEqual({ login, type: 'main', password: '' });
  });

  it('queues the operation again when its handler fails, and settles it later without applying it twice', async () => {
    const login = await funded();
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 33 } });
    let broken = true;
    const handlers = {
      dep: async () => {
        if (broken) throw new Error('deposit row is locked');
      },
    };
    const w = worker({ handlers });
    expect(await w.runOnce()).toMatchObject({ claimed: 1, succeeded: 0, retried: 1 });
    expect(await operation(database.db, k)).toMatchObject({
      state: 'queued',
      lastError: 'Recording the result failed: deposit row is locked',
    });
    expect(await auditOf(database.db, k)).toEqual([]); // rolled back with the handler
    broken = false;
    clock.advance(60);
    expect(await w.runOnce()).toMatchObject({ succeeded: 1, resolved: 1 });
    expect(await deals(login, k)).toHaveLength(1);
  });

  it('fails a stored operation whose payload is not valid, without calling the platform', async () => {
    const now = clock.now();
    await database.db.insert(platformOperations).values({
      id: 'f'.repeat(24),
      idempotencyKey: 'dep:broken',
      baseKey: 'dep:broken',
      login: 1,
      kind: 'balance',
      payload: { login: 'nobody', amount: 1 },
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    expect(await worker().runOnce()).toMatchObject({ failed: 1 });
    expect((await operation(database.db, 'dep:broken')).lastError).toMatch(
      /^Invalid balance payload \(login/,
    );
  });

  it('runs rounds on its own once started, and stop() waits for the round in progress', async () => {
    const login = await funded();
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 1 } });
    const w = worker();
    w.wake(); // not started: nothing runs behind a test's back
    expect((await operation(database.db, k)).state).toBe('queued');
    w.start(60_000);
    await w.stop();
    expect((await operation(database.db, k)).state).toBe('succeeded');
  });
});
