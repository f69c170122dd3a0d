import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { platformOperations } from '../../src/db/schema.ts';
import type { Mt5Platform } from '../../src/integrations/platform/mt5/index.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { claimOperations, type EnqueueInput, type OperationWorkerDeps } from '../../src/operations/index.ts';
import { connect, newAccount, SHORT_TIMEOUT_MS, startFake } from '../mt5/harness.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import type { FakeMt5Server } from '../support/fake-mt5/index.ts';
import { enqueueAt, key, operation, recordingHandlers, workerOn } from './support.ts';

const BALANCE = '/api/trade/balance';

/** The real MT5 client against the protocol-level fake server: faults as they look on the wire. */
describe(`operations worker on MT5 (fake server, ${testDbKind})`, () => {
  let database: Database;
  const clock = manualClock();
  let fake: FakeMt5Server;
  let mt5: Mt5Platform;
  let login: number;
  let recorder: ReturnType<typeof recordingHandlers>;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(platformOperations);
    const started = await startFake();
    fake = started.fake;
    // A short reply timeout, so the fake's held calls time out quickly.
    mt5 = connect(started.url, { timeoutMs: SHORT_TIMEOUT_MS, now: clock.now });
    ({ login } = await mt5.createAccount(newAccount));
    recorder = recordingHandlers(['dep', 'wd', 'acc', 'lev']);
  });

  const worker = (over: Partial<OperationWorkerDeps> = {}) =>
    workerOn({ db: database.db, platforms: mt5, clock, handlers: recorder.handlers }, over);
  const enqueue = (op: Omit<EnqueueInput, 'now'>) => enqueueAt(database.db, clock, op);
  const dealsOf = (comment: string) => fake.ledger.deals(login).filter((d) => d.comment === comment);
  /** The first round meets the fault; the next (after the back-off) must settle the op. */
  async function twoRounds(k: string) {
    const w = worker();
    const first = await w.runOnce();
    clock.advance(60);
    const second = await w.runOnce();
    return { first, second, row: await operation(database.db, k) };
  }

  it('applies a balance operation once and records the ticket', async () => {
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 1_250.75 } });
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, succeeded: 1 });
    const [deal] = dealsOf(k);
    expect(dealsOf(k)).toHaveLength(1);
    expect(deal!.profit).toBe(1_250.75);
    expect(await operation(database.db, k)).toMatchObject({
      state: 'succeeded',
      result: { deal: String(deal!.deal) },
    });
    expect(recorder.calls).toMatchObject([{ key: k, state: 'succeeded', outcome: { ok: true } }]);
  });

  it('fails a withdrawal MT5 refuses with 10019, and tells the feature', async () => {
    const k = key('wd');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: -10 } });
    expect(await worker().runOnce()).toMatchObject({ failed: 1 });
    const error = 'MT5 trade/balance failed: 10019 Not enough money';
    expect(await operation(database.db, k)).toMatchObject({ state: 'failed', lastError: error });
    expect(recorder.calls).toMatchObject([{ key: k, outcome: { ok: false, error, code: 10019 } }]);
    expect(fake.ledger.deals(login)).toEqual([]);
  });

  // MetaQuotes documents no busy answer as "not carried out": each is waited out and looked up, and
  // the balance is sent again only when the look-up at the end of the settle window finds nothing.
  it.each([
    ['retcode 10 CONNECTION', () => fake.faults.refuse({ path: BALANCE, retcode: 10 })],
    ['retcode 12 FREQUENT', () => fake.faults.frequent({ path: BALANCE })],
    ['retcode 7 NETWORK', () => fake.faults.refuse({ path: BALANCE, retcode: 7 })],
    ['HTTP 503', () => fake.faults.refuse({ path: BALANCE, status: 503 })],
    ['HTTP 429', () => fake.faults.refuse({ path: BALANCE, status: 429 })],
  ])('a balance answered %s is looked up after the settle window, never resent blindly', async (_, arm) => {
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 20 } });
    arm();
    const { first, second, row } = await twoRounds(k);
    expect(first).toMatchObject({ retried: 1, unknown: 1 });
    expect(second).toMatchObject({ retried: 1, succeeded: 0 });
    expect(row).toMatchObject({ state: 'queued', lastError: expect.stringMatching(/^Checking with MT5/) });
    expect(fake.counters.balanceCalls).toBe(1);
    clock.advance(300);
    expect(await worker().runOnce()).toMatchObject({ succeeded: 1 });
    expect(fake.counters.balanceCalls).toBe(2);
    expect(dealsOf(k)).toHaveLength(1);
  });

  it.each([
    ['retcode 12 FREQUENT', { retcode: 12 }],
    ['HTTP 503 from a proxy', { status: 503 }],
  ])('a balance answered %s that MT5 carried out all the same is credited once', async (_, answer) => {
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 20 } });
    fake.faults.applyButRefuse({ path: BALANCE, ...answer });
    const w = worker();
    expect(await w.runOnce()).toMatchObject({ unknown: 1 });
    clock.advance(300);
    expect(await w.runOnce()).toMatchObject({ succeeded: 1, resolved: 1 });
    expect(fake.counters.balanceCalls).toBe(1);
    expect(dealsOf(k)).toHaveLength(1);
    expect(fake.ledger.account(login)?.balance).toBe(20);
  });

  it('applied but reply lost: the next attempt finds the deal and does not send it again', async () => {
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 100 } });
    fake.faults.applyButLoseReply({ path: BALANCE });
    const { first, second, row } = await twoRounds(k);
    expect(first).toMatchObject({ retried: 1, unknown: 1 });
    expect(second).toMatchObject({ succeeded: 1, resolved: 1 });
    expect(fake.counters.balanceCalls).toBe(1);
    expect(dealsOf(k)).toHaveLength(1);
    expect(row).toMatchObject({ state: 'succeeded', result: { deal: String(dealsOf(k)[0]!.deal) } });
    expect(fake.ledger.account(login)?.balance).toBe(100);
  });

  it('a timed-out or dropped balance that never landed is looked up, then sent once more', async () => {
    for (const arm of [
      () => fake.faults.timeout({ path: BALANCE }),
      () => fake.faults.drop({ path: BALANCE }),
    ]) {
      const k = key('dep');
      await enqueue({ key: k, kind: 'balance', payload: { login, amount: 7 } });
      const calls = fake.counters.balanceCalls;
      arm();
      const { first, second, row } = await twoRounds(k);
      expect(first).toMatchObject({ retried: 1, unknown: 1 });
      // Within the settle window it is only looked up: the first send might still land.
      expect(second).toMatchObject({ retried: 1, succeeded: 0 });
      expect(row).toMatchObject({ state: 'queued', lastError: expect.stringMatching(/^Checking with MT5/) });
      expect(fake.counters.balanceCalls - calls).toBe(1);
      clock.advance(300);
      expect(await worker().runOnce()).toMatchObject({ succeeded: 1, resolved: 0 });
      expect(fake.counters.balanceCalls - calls).toBe(2);
      expect(dealsOf(k)).toHaveLength(1);
      expect((await operation(database.db, k)).state).toBe('succeeded');
    }
  });

  it('resolves the operation of a worker that died after MT5 applied it', async () => {
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 55 } });
    await claimOperations(database.db, { now: clock.now(), limit: 5, leaseSeconds: 120, platforms: ['MT5'] });
    await mt5.balance(login, 55, k); // it got this far, then the process died
    const w = worker({ leaseSeconds: 120 });
    expect(await w.runOnce()).toMatchObject({ claimed: 0 });
    clock.advance(120);
    expect(await w.runOnce()).toMatchObject({ succeeded: 1, resolved: 1 });
    expect(fake.counters.balanceCalls).toBe(1);
    expect(dealsOf(k)).toHaveLength(1);
  });

  it('creates an account once when the reply to user/add is lost, recognising it by name and group', async () => {
    const k = key('acc');
    const wanted = 960_001;
    await enqueue({ key: k, kind: 'createAccount', payload: { ...newAccount, login: wanted } });
    fake.faults.applyButLoseReply({ path: '/api/user/add' });
    const { first, second, row } = await twoRounds(k);
    expect(first).toMatchObject({ unknown: 1 });
    expect(second).toMatchObject({ succeeded: 1, resolved: 1 });
    expect(row).toMatchObject({ state: 'succeeded', result: { login: wanted } });
    expect(row.payload).toMatchObject({ passwordMain: '', passwordInvestor: '' });
    expect(fake.ledger.accounts().filter((a) => a.login === wanted)).toHaveLength(1);
  });

  it('does not create an account MT5 already holds under our name and group (a restored database)', async () => {
    const k = key('acc');
    const wanted = 960_002;
    // Created before the database was restored from a backup that has no record of it.
    await mt5.createAccount({ ...newAccount, login: wanted });
    const adds = () => fake.received.filter((r) => r.path === '/api/user/add').length;
    const before = adds();
    await enqueue({ key: k, kind: 'createAccount', payload: { ...newAccount, login: wanted } });
    expect(await worker().runOnce()).toMatchObject({ succeeded: 1, resolved: 1 });
    expect(adds()).toBe(before);
    expect(await operation(database.db, k)).toMatchObject({ state: 'succeeded', result: { login: wanted } });
  });

  it('sends a leverage change again when its reply is lost', async () => {
    const k = key('lev');
    await enqueue({ key: k, kind: 'setLeverage', payload: { login, leverage: 300 } });
    fake.faults.applyButLoseReply({ path: '/api/user/update' });
    const { first, row } = await twoRounds(k);
    expect(first).toMatchObject({ unknown: 1 });
    expect(row.state).toBe('succeeded');
    expect(fake.ledger.account(login)?.leverage).toBe(300);
  });

  it('a balance MT5 applies after the client gave up is not sent again: one deal', async () => {
    const k = key('dep');
    await enqueue({ key: k, kind: 'balance', payload: { login, amount: 500 } });
    // MT5 under load: the request lands long after the client stopped waiting for it.
    fake.faults.late({ path: BALANCE, seconds: 3_600 });
    const w = worker();
    expect(await w.runOnce()).toMatchObject({ retried: 1, unknown: 1 });
    // Looked up a few seconds later: nothing there yet. The naive retry sent it again here.
    clock.advance(5);
    expect(await w.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(fake.counters.balanceCalls).toBe(1);
    expect(await operation(database.db, k)).toMatchObject({
      state: 'queued',
      settleUntil: expect.any(Number),
      lastError: expect.stringMatching(/^Checking with MT5/),
    });
    // Now the first request lands.
    expect(fake.landLate()).toBe(1);
    clock.advance(300);
    expect(await w.runOnce()).toMatchObject({ succeeded: 1, resolved: 1 });
    expect(fake.counters.balanceCalls).toBe(1);
    expect(dealsOf(k)).toHaveLength(1);
    expect(fake.ledger.account(login)?.balance).toBe(500);
  });

  it('the MT5 session drops a change whose deadline passed while it waited in the queue', async () => {
    // A read holds the session's one connection until the client gives up on it...
    fake.faults.timeout({ path: '/api/user/get' });
    const held = fake.nextRequest('/api/user/get');
    const slowRead = mt5.getAccount(login).catch((e: unknown) => e);
    await held;
    // ...while a balance with a deadline waits behind it, and the deadline passes meanwhile.
    const queued = mt5
      .balance(login, 10, key('dep'), { deadline: clock.now() + 30 })
      .catch((e: unknown) => e);
    clock.advance(31);
    await slowRead;
    expect(await queued).toMatchObject({ kind: 'transient', code: -1 });
    expect(fake.counters.balanceCalls).toBe(0);
    // A deadline still ahead goes through.
    await mt5.balance(login, 10, key('dep'), { deadline: clock.now() + 30 });
    expect(fake.counters.balanceCalls).toBe(1);
  });

  it('keeps one login in approval order: a later change waits while an earlier one is unknown', async () => {
    const first = key('lev');
    const second = key('lev');
    await enqueue({ key: first, kind: 'setLeverage', payload: { login, leverage: 200 } });
    await enqueue({ key: second, kind: 'setLeverage', payload: { login, leverage: 500 } });
    fake.faults.late({ path: '/api/user/update', seconds: 3_600 });
    const w = worker();
    expect(await w.runOnce()).toMatchObject({ claimed: 1, unknown: 1 });
    clock.advance(60);
    // The earlier one is still being waited out; the later one is not even claimed.
    expect(await w.runOnce()).toMatchObject({ claimed: 1, retried: 1, succeeded: 0 });
    fake.landLate();
    clock.advance(300);
    expect(await w.runOnce()).toMatchObject({ claimed: 2, succeeded: 2 });
    // The newer value stays: the older change landed before the newer one was sent.
    expect(fake.ledger.account(login)?.leverage).toBe(500);
  });
});
