import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind } from '../../../test/support/db.ts';
import type { Database } from '../../db/client.ts';
import { manualClock, type ManualClock } from '../../lib/clock.ts';
import { parseFaults } from './faults.ts';
import { SimulatorPlatform } from './simulator.ts';
import { PlatformError } from './types.ts';

describe(`simulator platform (${testDbKind})`, () => {
  let database: Database;
  let sim: SimulatorPlatform;
  let clock: ManualClock;
  beforeAll(async () => {
    database = await openTestDatabase();
    clock = manualClock();
    // The caller waits 10 s for a reply (MT5_TIMEOUT_SECONDS).
    sim = new SimulatorPlatform(database.db, clock, parseFaults(''), () => 0.5, 10);
  });
  afterAll(() => database.close());

  const account = {
    name: 'Ann Lee',
    group: 'real\\standard',
    leverage: 100,
    passwordMain: 'Pa55!word',
    passwordInvestor: 'Inv3st!or',
  };

  it('creates accounts with increasing logins and refuses a taken login', async () => {
    const a = await sim.createAccount(account);
    const b = await sim.createAccount(account);
    expect(b.login).toBe(a.login + 1);
    await expect(sim.createAccount({ ...account, login: a.login })).rejects.toMatchObject({
      kind: 'permanent',
      code: 3004,
    });
  });

  it('moves an account to another group; an unknown login or a blank group is refused', async () => {
    const { login } = await sim.createAccount(account);
    await sim.setGroup(login, 'real\\ecn-usd');
    expect((await sim.getAccount(login)).group).toBe('real\\ecn-usd');
    await expect(sim.setGroup(login + 1000, 'real\\ecn-usd')).rejects.toMatchObject({
      kind: 'permanent',
      code: 13,
    });
    await expect(sim.setGroup(login, ' ')).rejects.toMatchObject({ kind: 'permanent', code: 8 });
    expect((await sim.getAccount(login)).group).toBe('real\\ecn-usd');
  });

  it('moves money, refuses an overdraft, and finds a deal by its comment', async () => {
    const { login } = await sim.createAccount(account);
    await sim.balance(login, 250.5, 'dep:1');
    await sim.balance(login, -50.25, 'wd:1');
    expect(await sim.getAccount(login)).toMatchObject({ balance: 200.25, equity: 200.25, leverage: 100 });
    await expect(sim.balance(login, -1000, 'wd:2')).rejects.toMatchObject({ kind: 'permanent', code: 10019 });
    expect(await sim.findDeal(login, 'dep:1', 0)).toMatchObject({ amount: 250.5, comment: 'dep:1' });
    expect(await sim.findDeal(login, 'wd:2', 0)).toBeNull();
    await expect(sim.balance(login, 1, 'x'.repeat(32))).rejects.toBeInstanceOf(PlatformError);
  });

  it('changes leverage, name and passwords', async () => {
    const { login } = await sim.createAccount(account);
    await sim.setLeverage(login, 500);
    await sim.setName(login, 'Ann Lee Ltd');
    await sim.changePassword(login, 'main', 'N3w!pass');
    expect(await sim.getAccount(login)).toMatchObject({ leverage: 500, name: 'Ann Lee Ltd' });
    expect(await sim.checkPassword(login, 'main', 'N3w!pass')).toBe(true);
    expect(await sim.checkPassword(login, 'investor', 'N3w!pass')).toBe(false);
    await expect(sim.setLeverage(999_999_999, 100)).rejects.toMatchObject({ kind: 'permanent', code: 13 });
  });

  it('applies a deal whose reply is lost exactly once, and says the outcome is unknown', async () => {
    const { login } = await sim.createAccount(account);
    sim.setFaults(parseFaults('lost=1'));
    await expect(sim.balance(login, 10, 'dep:lost')).rejects.toMatchObject({ kind: 'unknown' });
    sim.setFaults(parseFaults(''));
    expect(await sim.findDeal(login, 'dep:lost', 0)).toMatchObject({ amount: 10 });
    expect((await sim.getAccount(login)).balance).toBe(10);
  });

  it('reports itself down and refuses calls when unreachable', async () => {
    sim.setFaults(parseFaults('down=1'));
    expect(await sim.status()).toEqual({ ok: false, reason: 'Platform unreachable' });
    await expect(sim.getAccount(500_000)).rejects.toMatchObject({ kind: 'transient' });
    sim.setFaults(parseFaults(''));
    expect(await sim.status()).toEqual({ ok: true });
  });

  /** Whether a promise has settled yet, and how. */
  const watch = <T>(p: Promise<T>) => {
    const seen: { state: 'pending' | 'resolved' | 'rejected'; value?: unknown } = { state: 'pending' };
    p.then(
      (value) => Object.assign(seen, { state: 'resolved', value }),
      (value: unknown) => Object.assign(seen, { state: 'rejected', value }),
    );
    return seen;
  };
  /** Resolves once `n` calls wait on the clock (time is moved only then). */
  const held = (n: number) => expect.poll(() => clock.sleeping()).toBe(n);
  /** Lets the promise callbacks that a move of the clock set off run. */
  const settle = () => new Promise<void>((r) => setImmediate(r));

  it("late shorter than the caller's wait: the call waits N seconds and gets the real reply", async () => {
    const { login } = await sim.createAccount(account);
    sim.setFaults(parseFaults('late=5'));
    const arrived = clock.now();
    const call = sim.balance(login, 40, 'dep:late-short');
    const seen = watch(call);
    await held(1);
    clock.advance(4);
    await settle();
    expect(seen.state).toBe('pending');
    expect(await sim.findDeal(login, 'dep:late-short', 0)).toBeNull();
    clock.advance(1);
    const deal = await call;
    sim.setFaults(parseFaults(''));
    expect(await sim.findDeal(login, 'dep:late-short', 0)).toMatchObject({
      deal,
      amount: 40,
      time: arrived + 5,
    });
    expect((await sim.getAccount(login)).balance).toBe(40);
  });

  it("late longer than the caller's wait: unknown when the wait ends, and the change still lands at N", async () => {
    const { login } = await sim.createAccount(account);
    sim.setFaults(parseFaults('late=30'));
    const arrived = clock.now();
    const seen = watch(sim.balance(login, 70, 'dep:late-long'));
    await held(2); // the change, and the caller's wait
    clock.advance(9);
    await settle();
    expect(seen.state).toBe('pending');
    clock.advance(1);
    await expect.poll(() => seen.state).toBe('rejected');
    expect(seen.value).toMatchObject({ kind: 'unknown', code: 9 });
    sim.setFaults(parseFaults(''));
    // The caller looks it up after its wait: nothing there yet...
    clock.advance(19);
    await settle();
    expect(await sim.findDeal(login, 'dep:late-long', 0)).toBeNull();
    // ...and the platform applies it N seconds after it arrived, with nobody waiting.
    clock.advance(1);
    await expect.poll(() => sim.findDeal(login, 'dep:late-long', 0)).toMatchObject({ amount: 70 });
    expect(await sim.findDeal(login, 'dep:late-long', 0)).toMatchObject({ time: arrived + 30 });
    expect((await sim.getAccount(login)).balance).toBe(70);
  });

  it("a stall longer than a change's deadline drops it unsent; a read waits it out", async () => {
    const { login } = await sim.createAccount(account);
    sim.setFaults(parseFaults('stall=20'));
    const send = watch(sim.balance(login, 15, 'dep:stalled', { deadline: clock.now() + 6 }));
    const read = sim.getAccount(login);
    await held(2);
    clock.advance(20);
    await expect.poll(() => send.state).toBe('rejected');
    expect(send.value).toMatchObject({ kind: 'transient', code: -1 });
    expect(await read).toMatchObject({ login, balance: 0 });
    sim.setFaults(parseFaults(''));
    expect(await sim.findDeal(login, 'dep:stalled', 0)).toBeNull();
  });
});
