import { describe, expect, it } from 'vitest';
import type { PlatformError } from '../../src/integrations/platform/types.ts';
import { connect, newAccount, SHORT_TIMEOUT_MS, startFake } from './harness.ts';

/** The look-ups' start: the requests these tests serve were made at most a minute before them. */
const startedAt = Math.floor(Date.now() / 1000) - 60;

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as PlatformError,
  );

async function fundedAccount(timeoutMs?: number) {
  const { fake, url } = await startFake();
  const mt5 = connect(url, timeoutMs ? { timeoutMs } : {});
  const { login } = await mt5.createAccount(newAccount);
  return { fake, mt5, login };
}

describe('MT5 client: lost connections and busy servers', () => {
  it('authenticates again and repeats a read after the server drops the connection mid-call', async () => {
    const { fake, mt5, login } = await fundedAccount();
    fake.faults.drop({ path: '/api/user/get' });
    expect(await mt5.getAccount(login)).toMatchObject({ login, leverage: 100 });
    expect(fake.counters).toMatchObject({ auths: 2, connections: 2, unauthenticated: 0 });
  });

  it('authenticates again on a new connection after the server closes an idle one', async () => {
    const { fake, mt5, login } = await fundedAccount();
    fake.dropConnections();
    expect(await mt5.getAccount(login)).toMatchObject({ login });
    expect(fake.counters.auths).toBe(2);
    expect(fake.counters.unauthenticated).toBe(0);
  });

  it('repeats a read that timed out, on a fresh session', async () => {
    const { fake, mt5, login } = await fundedAccount(SHORT_TIMEOUT_MS);
    fake.faults.timeout({ path: '/api/user/account/get' });
    expect(await mt5.getAccount(login)).toMatchObject({ balance: 0 });
    expect(fake.counters.auths).toBe(2);
  });

  it('backs off on 12 FREQUENT and then succeeds, on the same session', async () => {
    const { fake, mt5, login } = await fundedAccount();
    const before = fake.counters.requests;
    fake.faults.frequent({ times: 2, path: '/api/user/get' });
    expect(await mt5.getAccount(login)).toMatchObject({ login });
    expect(fake.counters.requests - before).toBe(4); // user/get three times, account/get once
    expect(fake.counters.auths).toBe(1);
  });

  it('never sends a balance again on 12 FREQUENT: nothing documented says it was not applied', async () => {
    const { fake, mt5, login } = await fundedAccount();
    fake.faults.frequent({ path: '/api/trade/balance' });
    expect(await failure(mt5.balance(login, 50, 'dep:frequent'))).toMatchObject({
      kind: 'unknown',
      code: 12,
    });
    expect(fake.counters.balanceCalls).toBe(1);
    expect(fake.ledger.deals(login)).toEqual([]);
  });

  it('gives up after its attempts with a transient error carrying code 12', async () => {
    const { fake, mt5, login } = await fundedAccount();
    fake.faults.frequent({ times: 10, path: '/api/user/get' });
    expect(await failure(mt5.getAccount(login))).toMatchObject({ kind: 'transient', code: 12 });
  });

  it('repeats a read refused with a transient retcode, not one refused for good', async () => {
    const { fake, mt5, login } = await fundedAccount();
    fake.faults.refuse({ path: '/api/user/get', retcode: 15 });
    expect(await mt5.getAccount(login)).toMatchObject({ login });
    fake.faults.refuse({ path: '/api/group/total', retcode: 8 });
    expect(await failure(mt5.groups())).toMatchObject({ kind: 'permanent', code: 8 });
  });
});

describe('MT5 client: a balance operation is never sent twice blindly', () => {
  it('reports an applied balance whose reply was lost as unknown, and findDeal finds it once', async () => {
    const { fake, mt5, login } = await fundedAccount();
    fake.faults.applyButLoseReply({ path: '/api/trade/balance' });

    const err = await failure(mt5.balance(login, 100, 'dep:64f0c0ffee00000000000003'));
    expect(err).toMatchObject({ name: 'PlatformError', kind: 'unknown' });
    expect(fake.counters.balanceCalls).toBe(1);

    // What a caller does with an unknown outcome: look the deal up before sending again.
    const found = await mt5.findDeal(login, 'dep:64f0c0ffee00000000000003', startedAt);
    expect(found).toMatchObject({ login, amount: 100, comment: 'dep:64f0c0ffee00000000000003' });
    expect(fake.ledger.deals(login).filter((d) => d.comment === 'dep:64f0c0ffee00000000000003')).toHaveLength(
      1,
    );
    expect(fake.ledger.account(login)?.balance).toBe(100);
    expect(fake.counters.auths).toBe(2);
  });

  it('reports a balance that timed out as unknown; when findDeal finds nothing it is safe to send again', async () => {
    const { fake, mt5, login } = await fundedAccount(SHORT_TIMEOUT_MS);
    fake.faults.timeout({ path: '/api/trade/balance' });

    expect(await failure(mt5.balance(login, 70, 'dep:timeout'))).toMatchObject({ kind: 'unknown' });
    expect(fake.counters.balanceCalls).toBe(1);
    expect(await mt5.findDeal(login, 'dep:timeout', startedAt)).toBeNull();
    await mt5.balance(login, 70, 'dep:timeout');
    expect(fake.ledger.deals(login)).toHaveLength(1);
    expect(fake.ledger.account(login)?.balance).toBe(70);
  });

  it('does not repeat a balance whose connection dropped after sending', async () => {
    const { fake, mt5, login } = await fundedAccount();
    fake.faults.drop({ path: '/api/trade/balance' });
    expect(await failure(mt5.balance(login, 10, 'dep:drop'))).toMatchObject({ kind: 'unknown' });
    expect(fake.counters.balanceCalls).toBe(1);
    expect(fake.ledger.deals(login)).toEqual([]);
  });

  it('calls a balance answered HTTP 503 or a retcode 9 timeout unknown, without repeating', async () => {
    const { fake, mt5, login } = await fundedAccount();
    fake.faults.refuse({ path: '/api/trade/balance', status: 503 });
    expect(await failure(mt5.balance(login, 10, 'dep:503'))).toMatchObject({ kind: 'unknown' });
    fake.faults.refuse({ path: '/api/trade/balance', retcode: 9 });
    expect(await failure(mt5.balance(login, 10, 'dep:9'))).toMatchObject({ kind: 'unknown', code: 9 });
    expect(fake.counters.balanceCalls).toBe(2);
  });

  it('reports an account creation whose reply was lost as unknown', async () => {
    const { fake, mt5 } = await fundedAccount();
    fake.faults.applyButLoseReply({ path: '/api/user/add' });
    expect(await failure(mt5.createAccount({ ...newAccount, login: 880_001 }))).toMatchObject({
      kind: 'unknown',
    });
    expect(fake.ledger.account(880_001)).toBeDefined();
  });
});

describe('MT5 client: a session the server forgot while the connection stays open', () => {
  it('signs in again on a new connection and repeats a read once', async () => {
    const { fake, mt5, login } = await fundedAccount();
    fake.forgetSessions();
    expect(await mt5.getAccount(login)).toMatchObject({ login });
    expect(fake.counters).toMatchObject({ auths: 2, connections: 2, unauthenticated: 1 });
    // The light stays green: the next status check runs on the new session.
    expect(await mt5.status()).toEqual({ ok: true });
  });

  it('a balance refused that way is unknown and not sent again by the client', async () => {
    const { fake, mt5, login } = await fundedAccount();
    fake.forgetSessions();
    expect(await failure(mt5.balance(login, 10, 'dep:forgotten'))).toMatchObject({ kind: 'unknown' });
    expect(fake.counters.balanceCalls).toBe(1);
    expect(fake.ledger.deals(login)).toEqual([]);
    // The next call signs in again instead of meeting 403 for as long as the socket lives.
    expect(await mt5.getAccount(login)).toMatchObject({ login });
    expect(fake.counters.auths).toBe(2);
  });

  it('a read refused again right after signing in fails instead of looping', async () => {
    const { fake, mt5, login } = await fundedAccount();
    const lost = { status: 403, body: {} };
    fake.faults.answer({ path: '/api/user/get', reply: lost, times: 2 });
    expect(await failure(mt5.getAccount(login))).toMatchObject({ kind: 'transient' });
    expect(fake.counters.auths).toBe(2);
  });
});
