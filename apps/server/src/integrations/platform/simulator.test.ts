import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind } from '../../../test/support/db.ts';
import type { Database } from '../../db/client.ts';
import { manualClock } from '../../lib/clock.ts';
import { parseFaults } from './faults.ts';
import { SimulatorPlatform } from './simulator.ts';
import { PlatformError } from './types.ts';

describe(`simulator platform (${testDbKind})`, () => {
  let database: Database;
  let sim: SimulatorPlatform;
  beforeAll(async () => {
    database = await openTestDatabase();
    sim = new SimulatorPlatform(database.db, manualClock(), parseFaults(''), () => 0.5);
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
    expect(await sim.findDeal(login, 'dep:1')).toMatchObject({ amount: 250.5, comment: 'dep:1' });
    expect(await sim.findDeal(login, 'wd:2')).toBeNull();
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
    expect(await sim.findDeal(login, 'dep:lost')).toMatchObject({ amount: 10 });
    expect((await sim.getAccount(login)).balance).toBe(10);
  });

  it('reports itself down and refuses calls when unreachable', async () => {
    sim.setFaults(parseFaults('down=1'));
    expect(await sim.status()).toEqual({ ok: false, reason: 'Platform unreachable' });
    await expect(sim.getAccount(500_000)).rejects.toMatchObject({ kind: 'transient' });
    sim.setFaults(parseFaults(''));
    expect(await sim.status()).toEqual({ ok: true });
  });
});
