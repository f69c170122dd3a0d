import { calls, type Alert, type AlertRule } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { DAY, moneyFixtures } from '../evidence/fixtures.ts';

export { DAY };

/**
 * The alert tests' clients and money (the shared funding fixtures: deposits two days old, withdrawals
 * open and a minute old unless told) and their reads (docs/product.md [alerts]).
 */
export function alertFixtures(t: TestApp, token: () => string) {
  const f = moneyFixtures(t, {
    depositAgo: 2 * DAY,
    withdrawal: { timestamp: t.clock.now() - 60, status: 'pending' },
  });

  /** One trade of `lots` on a login at `time`. */
  const trade = (login: number, time: number, lots: number) => f.trade(login, [{ time, lots }]);

  async function evaluate(userId: string) {
    const r = await t.call(calls.alerts.evaluateClientAlerts, { params: { userId } }, t.auth(token()));
    if (r.status !== 200) throw new Error(`evaluate: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }

  /** The open alerts of a client (every page). */
  async function openOf(userId: string, rule?: AlertRule): Promise<Alert[]> {
    const all: Alert[] = [];
    for (let page = 1; ; page++) {
      const r = await t.call(
        calls.alerts.listAlerts,
        { query: { status: 'open', page, pageSize: 100 } },
        t.auth(token()),
      );
      if (r.status !== 200) throw new Error(`list: ${r.status}`);
      all.push(...r.body.alerts);
      if (page * 100 >= r.body.total) break;
    }
    return all.filter((a) => a.userId === userId && (!rule || a.rule === rule));
  }

  return { ...f, trade, evaluate, openOf };
}
