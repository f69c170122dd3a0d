import { describe, expect, it } from 'vitest';
import { DEAL_PAGE } from '../../src/integrations/platform/mt5/client.ts';
import { connect, newAccount, startFake } from './harness.ts';

/**
 * A look-up reads only the window in which the deal can be: from the request's creation, in the
 * trade server's own time zone, page by page; never the login's whole history.
 */

const nowUtc = () => Math.floor(Date.now() / 1000);

describe('MT5 look-ups: bounded by the request, in the server zone, page by page', () => {
  it('an active trader with 100,000 deals: the look-up asks for the window, not the history', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url);
    const { login } = await mt5.createAccount(newAccount);
    // A trade a minute for about 69 days up to now.
    fake.ledger.history(login, 100_000, 60);
    const since = nowUtc() - 30;
    await mt5.balance(login, 250, 'dep:64f0c0ffee0000000000aaaa');
    const served = fake.counters.dealsServed;
    expect(await mt5.findDeal(login, 'dep:64f0c0ffee0000000000aaaa', since)).toMatchObject({ amount: 250 });
    // The window starts an hour before the request: about 60 trades and the deposit, one page.
    expect(fake.counters.dealsServed - served).toBeLessThanOrEqual(DEAL_PAGE);
    expect(fake.counters.dealsServed - served).toBeGreaterThan(0);
    // And a key that is not there costs the same window, not the history.
    const before = fake.counters.dealsServed;
    expect(await mt5.findDeal(login, 'dep:64f0c0ffee0000000000bbbb', since)).toBeNull();
    expect(fake.counters.dealsServed - before).toBeLessThanOrEqual(DEAL_PAGE);
  });

  it.each([
    ['five hours behind UTC', -5 * 3600],
    ['fourteen hours ahead of UTC', 14 * 3600],
    ['UTC+5:45', 5 * 3600 + 45 * 60],
  ])('finds a deal on a trade server %s', async (_, utcOffset) => {
    const { url } = await startFake({ utcOffset });
    const mt5 = connect(url);
    const { login } = await mt5.createAccount(newAccount);
    const since = nowUtc() - 30;
    await mt5.balance(login, 40, 'wd:64f0c0ffee0000000000cccc');
    expect(await mt5.serverOffset()).toBe(utcOffset);
    expect(await mt5.findDeal(login, 'wd:64f0c0ffee0000000000cccc', since)).toMatchObject({ amount: 40 });
  });

  it('reads page after page when the window holds more than a page, and finds any of the keys', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url);
    const { login } = await mt5.createAccount(newAccount);
    const since = nowUtc() - 600;
    fake.ledger.history(login, 2 * DEAL_PAGE + 50, 1);
    await mt5.balance(login, 15, 'dep:64f0c0ffee0000000000dddd:2');
    const pages = fake.counters.dealPageReads;
    const found = await mt5.findDeal(
      login,
      ['dep:64f0c0ffee0000000000dddd', 'dep:64f0c0ffee0000000000dddd:1', 'dep:64f0c0ffee0000000000dddd:2'],
      since,
    );
    expect(found).toMatchObject({ amount: 15, comment: 'dep:64f0c0ffee0000000000dddd:2' });
    expect(fake.counters.dealPageReads - pages).toBe(3);
  });

  it('when the server clock cannot be read, the window widens by the widest zone instead of failing', async () => {
    const { fake, url } = await startFake({ utcOffset: -12 * 3600 });
    const mt5 = connect(url);
    const { login } = await mt5.createAccount(newAccount);
    const since = nowUtc() - 30;
    await mt5.balance(login, 5, 'dep:64f0c0ffee0000000000eeee');
    fake.faults.refuse({ path: '/api/time/server', retcode: 8 });
    expect(await mt5.findDeal(login, 'dep:64f0c0ffee0000000000eeee', since)).toMatchObject({ amount: 5 });
  });
});
