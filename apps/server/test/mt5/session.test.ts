import { describe, expect, it } from 'vitest';
import { KEPT_OLD_VALUE, PlatformError } from '../../src/integrations/platform/types.ts';
import { connect, newAccount, startFake } from './harness.ts';

/** The look-ups' start: the requests these tests serve were made at most a minute before them. */
const startedAt = Math.floor(Date.now() / 1000) - 60;

describe('MT5 client: a session against the fake server', () => {
  it('creates, reads, changes and funds an account on one authenticated connection', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url);

    expect(await mt5.status()).toEqual({ ok: true });
    const { login } = await mt5.createAccount(newAccount);
    expect(fake.ledger.account(login)).toMatchObject({
      group: 'demo\\forex',
      name: 'Ann Lee',
      leverage: 100,
    });
    expect(await mt5.getAccount(login)).toEqual({
      login,
      name: 'Ann Lee',
      group: 'demo\\forex',
      leverage: 100,
      balance: 0,
      equity: 0,
    });

    await mt5.setLeverage(login, 200);
    await mt5.setName(login, 'Ann Smith');
    expect(await mt5.getAccount(login)).toMatchObject({
      leverage: 200,
      name: 'Ann Smith',
      group: 'demo\\forex',
    });

    expect(await mt5.checkPassword(login, 'main', 'Main1234')).toBe(true);
    expect(await mt5.checkPassword(login, 'main', 'Wrong123')).toBe(false);
    await mt5.changePassword(login, 'investor', 'NewInv99');
    expect(await mt5.checkPassword(login, 'investor', 'NewInv99')).toBe(true);
    expect(fake.ledger.account(login)?.passwordInvestor).toBe('NewInv99');

    const deposit = await mt5.balance(login, 1500.25, 'dep:64f0c0ffee00000000000001');
    const withdrawal = await mt5.balance(login, -500, 'wd:64f0c0ffee00000000000002');
    expect(deposit).toMatch(/^\d+$/);
    expect(withdrawal).not.toBe(deposit);
    expect(await mt5.getAccount(login)).toMatchObject({ balance: 1000.25, equity: 1000.25 });
    expect(await mt5.findDeal(login, 'dep:64f0c0ffee00000000000001', startedAt)).toEqual({
      deal: deposit,
      login,
      amount: 1500.25,
      comment: 'dep:64f0c0ffee00000000000001',
      time: expect.any(Number),
    });
    expect(await mt5.findDeal(login, 'wd:64f0c0ffee00000000000002', startedAt)).toMatchObject({
      amount: -500,
    });
    expect(await mt5.findDeal(login, 'deposit:never', startedAt)).toBeNull();

    expect(await mt5.groups()).toEqual(['demo\\forex', 'real\\standard', 'real\\pro']);
    expect(await mt5.group('real\\pro')).toMatchObject({ name: 'real\\pro', currency: 'USD' });
    expect(Math.abs((await mt5.serverTime()) - Date.now() / 1000)).toBeLessThan(60);

    expect(fake.counters).toMatchObject({ auths: 1, connections: 1, unauthenticated: 0, maxInFlight: 1 });
  });

  it('asks for a login and carries names with separators, backslashes and spaces intact', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url);
    const name = 'O\'Neil = Ann | Lee \\ "Jr"\nsecond line';
    const { login } = await mt5.createAccount({
      ...newAccount,
      login: 777_001,
      name,
      group: 'real\\standard',
    });
    expect(login).toBe(777_001);
    expect(fake.ledger.account(login)?.name).toBe(name);
    expect((await mt5.getAccount(login)).name).toBe(name);
    await mt5.balance(login, 10, 'dep:a=b|c\\d e');
    expect(await mt5.findDeal(login, 'dep:a=b|c\\d e', startedAt)).toMatchObject({ amount: 10 });
  });

  it('reports the platform refusals as permanent errors with their codes', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url);
    const { login } = await mt5.createAccount(newAccount);
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => e as PlatformError,
      );

    expect(await refusal(mt5.balance(login, -1, 'wd:1'))).toMatchObject({ kind: 'permanent', code: 10019 });
    expect(await refusal(mt5.getAccount(1))).toMatchObject({ kind: 'permanent', code: 13 });
    expect(await refusal(mt5.createAccount({ ...newAccount, login }))).toMatchObject({ code: 3004 });
    expect(await refusal(mt5.createAccount({ ...newAccount, passwordMain: 'weak' }))).toMatchObject({
      code: 3006,
    });
    expect(await refusal(mt5.createAccount({ ...newAccount, group: 'nope' }))).toMatchObject({ code: 8 });
    // MT5 keeps a leverage the group does not allow and answers 0 Done: the client sees it kept.
    expect(await refusal(mt5.setLeverage(login, 5000))).toMatchObject({
      kind: 'permanent',
      code: KEPT_OLD_VALUE,
      message: 'MT5 kept leverage 1:100',
    });
    expect(await refusal(mt5.balance(login, 2e9, 'dep:big'))).toMatchObject({ code: 4005 });

    const before = fake.counters.balanceCalls;
    const long = await refusal(mt5.balance(login, 10, 'x'.repeat(32)));
    expect(long).toBeInstanceOf(PlatformError);
    expect(long).toMatchObject({ kind: 'permanent' });
    expect(fake.counters.balanceCalls).toBe(before);
    expect(fake.ledger.deals(login)).toEqual([]);
  });

  it('runs concurrent calls one at a time on the one connection', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url);
    const { login } = await mt5.createAccount(newAccount);
    const reads = await Promise.all(Array.from({ length: 8 }, () => mt5.getAccount(login)));
    expect(reads.every((r) => r.login === login)).toBe(true);
    expect(fake.counters).toMatchObject({ auths: 1, connections: 1, maxInFlight: 1 });
  });

  it('names only the changed field in user/update, so changes on one account never undo each other', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url);
    const { login } = await mt5.createAccount(newAccount);
    await mt5.setLeverage(login, 300);
    await mt5.setName(login, 'Ann Smith');
    await mt5.setGroup(login, 'real\\pro');
    expect(fake.ledger.userUpdates).toEqual([
      { login, fields: ['leverage'] },
      { login, fields: ['name'] },
      { login, fields: ['group'] },
    ]);
    // A manager changes the account on MT5 meanwhile: a change of another field leaves theirs alone.
    fake.ledger.update(login, { name: 'Changed On MT5' });
    await mt5.setLeverage(login, 400);
    expect(fake.ledger.account(login)).toMatchObject({ name: 'Changed On MT5', leverage: 400 });
    // Changes of different fields sent together, each queued behind the others' reads and writes.
    await Promise.all([
      mt5.setName(login, 'Ann Lee-Smith'),
      mt5.setLeverage(login, 500),
      mt5.setGroup(login, 'real\\standard'),
    ]);
    expect(fake.ledger.account(login)).toMatchObject({
      name: 'Ann Lee-Smith',
      leverage: 500,
      group: 'real\\standard',
    });
    expect(fake.ledger.userUpdates.slice(3).map((u) => u.fields.join())).toEqual([
      'leverage',
      'name',
      'leverage',
      'group',
    ]);
  });

  it('lets overlapping status checks share one ping', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url);
    expect(await Promise.all([mt5.status(), mt5.status(), mt5.status()])).toEqual([
      { ok: true },
      { ok: true },
      { ok: true },
    ]);
    expect(fake.counters.pings).toBe(1);
  });

  it('pings while idle without authenticating again', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url, { pingIntervalMs: 20 });
    await mt5.status();
    await fake.nextRequest('/api/test/access');
    await fake.nextRequest('/api/test/access');
    expect(fake.counters.pings).toBeGreaterThanOrEqual(3);
    expect(fake.counters.auths).toBe(1);
  });

  it('ends the session with /api/quit on close and refuses calls afterwards', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url);
    await mt5.status();
    const quit = fake.nextRequest('/api/quit');
    await mt5.close();
    expect(await quit).toEqual({ path: '/api/quit', outcome: 'replied' });
    await expect(mt5.getAccount(1)).rejects.toMatchObject({ kind: 'permanent' });
    expect(await mt5.status()).toMatchObject({ ok: false });
  });
});
