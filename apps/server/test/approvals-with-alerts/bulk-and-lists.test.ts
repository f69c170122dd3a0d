import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_GATE_MESSAGES, calls, LIVE_EVENTS, type BulkResult } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { signInAll } from '../support/desk.ts';
import { rosterFundingDesk, type fundingFixtures } from '../funding/support.ts';
import { connectStream } from '../events/support.ts';
import { alertFixtures } from './support.ts';

const STAFF = ['sys', 'ann'] as const;
type Who = (typeof STAFF)[number];

/**
 * Flagged requests on the lists (docs/product.md [alerts.on-approval]): bulk Approve leaves them undone
 * and says why per row; the lists flag them and filter to them; the sidebar counts the open alerts and
 * the live stream announces them; the client's timeline tells every step.
 */
describe(`flagged requests on the lists (${testDbKind})`, () => {
  let t: TestApp;
  let f: ReturnType<typeof fundingFixtures>;
  let a: ReturnType<typeof alertFixtures>;
  let clientId: string;
  const ids = {} as Record<Who, string>;
  const tokens = {} as Record<Who, string>;
  beforeAll(async () => {
    t = await startTestApp();
    ({ f, clientId } = await rosterFundingDesk(t, STAFF, 'flags.test', 'client@flags.test', ids));
    a = alertFixtures(t);
  });
  beforeEach(async () => {
    await signInAll(t, STAFF, 'flags.test', tokens);
  });
  afterAll(() => t.stop());

  const newWithdrawals = async (n: number) => {
    const login = await f.account(5000);
    const made: string[] = [];
    for (let i = 0; i < n; i++) {
      t.clock.advance(1);
      made.push(await f.withdrawal(login, 10 + i));
    }
    return made;
  };
  const about = (id: string) => ({ type: 'withdrawal' as const, id, userId: clientId });
  const pendingWithdrawals = (filters: Record<string, unknown> = {}) =>
    t.unchecked(
      calls.funding.listFundingRequests,
      { body: { type: 'withdrawal', status: 'pending', page: 1, sizePerPage: 100, filters } },
      t.auth(tokens.ann),
    );

  it('bulk Approve leaves the flagged rows undone and says why for each', async () => {
    const [clean, open, confirmed] = await newWithdrawals(3);
    await a.raise(about(open!));
    await a.raise(about(confirmed!), { status: 'confirmed', assignedTo: ids.sys });
    const r = await t.raw<{ results: BulkResult[] }>(
      calls.bulk.BULK_CALLS.withdrawal,
      { body: { action: 'approve', ids: [clean, open, confirmed], reason: 'Checked.' } },
      t.auth(tokens.sys),
    );
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([
      { _id: clean, ok: true, message: 'Withdrawal updated.' },
      { _id: open, ok: false, status: 400, error: ALERT_GATE_MESSAGES.noteRequired('withdrawal', 1) },
      { _id: confirmed, ok: false, status: 409, error: ALERT_GATE_MESSAGES.confirmed('withdrawal') },
    ]);
    expect((await f.withdrawalRow(clean!)).status).toBe('approved');
    expect((await f.withdrawalRow(open!)).status).toBe('pending');
    expect((await f.withdrawalRow(confirmed!)).status).toBe('pending');
    expect(await a.audits(open!)).toEqual([]);

    // Bulk Reject is not held back by alerts.
    const rejected = await t.raw<{ results: BulkResult[] }>(
      calls.bulk.BULK_CALLS.withdrawal,
      { body: { action: 'reject', ids: [open, confirmed], reason: 'Source of funds not shown.' } },
      t.auth(tokens.sys),
    );
    expect(rejected.body.results.map((x) => x.ok)).toEqual([true, true]);
  });

  it('flags the rows with open or confirmed alerts and filters to them, or away from them', async () => {
    const [plain, open, confirmed, cleared] = await newWithdrawals(4);
    await a.raise(about(open!));
    await a.raise(about(open!));
    await a.raise(about(confirmed!), { status: 'confirmed' });
    await a.raise(about(cleared!), { status: 'cleared', assignedTo: ids.ann, note: 'Fine.' });

    const all = await pendingWithdrawals();
    expect(all.status).toBe(200);
    const flags = all.body.data!.alerts;
    expect(flags[open!]).toEqual({ open: 2, confirmed: 0 });
    expect(flags[confirmed!]).toEqual({ open: 0, confirmed: 1 });
    expect(flags[plain!]).toBeUndefined();
    expect(flags[cleared!]).toBeUndefined();

    const flagged = await pendingWithdrawals({ flagged: { filterType: 'SELECT', filterVal: 'true' } });
    const flaggedIds = flagged.body.data!.transfers.map((w) => w._id);
    expect(flaggedIds).toEqual(expect.arrayContaining([open, confirmed]));
    expect(flaggedIds).not.toContain(plain);
    expect(flaggedIds).not.toContain(cleared);
    expect(flagged.body.data!.totalSize).toBe(flaggedIds.length);

    const unflagged = await pendingWithdrawals({ flagged: { filterType: 'SELECT', filterVal: 'false' } });
    const unflaggedIds = unflagged.body.data!.transfers.map((w) => w._id);
    expect(unflaggedIds).toEqual(expect.arrayContaining([plain, cleared]));
    expect(unflaggedIds).not.toContain(open);

    const bad = await pendingWithdrawals({ flagged: { filterType: 'SELECT', filterVal: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'filters.flagged': 'Expected true or false.' });

    // One request by id (a deep link to its modal) carries its flag too.
    const one = await t.call(
      calls.funding.getFundingRequest,
      { params: { type: 'withdrawal', id: open! } },
      t.auth(tokens.ann),
    );
    expect(one.body.data.alerts).toEqual({ [open!]: { open: 2, confirmed: 0 } });
  });

  it('counts the open alerts for the sidebar and announces every change on the live stream', async () => {
    const counters = async () =>
      (await t.call(calls.system.countNewRequests, {}, t.auth(tokens.ann))).body.openAlerts;
    const before = await counters();
    const stream = await connectStream(t.base, tokens.ann);
    await stream.next(LIVE_EVENTS.ready);
    try {
      const [w] = await newWithdrawals(1);
      const alertId = await a.raise(about(w!));
      await stream.change('alerts', 2000);
      expect(await counters()).toBe(before + 1);

      const resolved = await t.call(
        calls.alerts.resolveAlert,
        { params: { alertId }, body: { outcome: 'cleared', note: 'Known salary payments.' } },
        t.auth(tokens.ann),
      );
      expect(resolved.status).toBe(200);
      await stream.change('alerts', 2000);
      expect(await counters()).toBe(before);
    } finally {
      stream.close();
    }
  });

  it("tells the client's timeline every step: assigned, confirmed, cleared on approval, overridden", async () => {
    const [first, second] = await newWithdrawals(2);
    const assigned = await a.raise(about(first!));
    const confirmedId = await a.raise(about(second!));
    const steps = [
      await t.call(calls.alerts.assignAlert, { params: { alertId: assigned } }, t.auth(tokens.ann)),
      await t.call(
        calls.alerts.resolveAlert,
        { params: { alertId: confirmedId }, body: { outcome: 'confirmed', note: 'Card of a third party.' } },
        t.auth(tokens.ann),
      ),
      await t.call(
        calls.funding.updateWithdrawal,
        {
          body: {
            withdrawal: { _id: first!, status: 'approve_process', comment: '', alertNote: 'Own card.' },
          },
        },
        t.auth(tokens.sys),
      ),
      await t.call(
        calls.funding.updateWithdrawal,
        {
          body: {
            withdrawal: {
              _id: second!,
              status: 'approved',
              comment: '',
              alertNote: 'Card holder confirmed in writing.',
              alertOverride: true,
            },
          },
        },
        t.auth(tokens.sys),
      ),
    ];
    expect(steps.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const timeline = await t.call(
      calls.clients.getTimeline,
      { params: { id: clientId }, query: { limit: 50 } },
      t.auth(tokens.ann),
    );
    const alertSteps = timeline.body.entries
      .filter((e) => e.title.startsWith('Alert') || e.title.startsWith('Approved over'))
      .map((e) => [e.title.replace(/:.*/, ''), e.detail, e.actor]);
    expect(alertSteps).toEqual(
      expect.arrayContaining([
        ['Alert assigned', '', 'ann Staff'],
        ['Alert confirmed as suspicious', 'Card of a third party.', 'ann Staff'],
        ['Alert cleared', 'Own card.', 'sys Staff'],
        ['Approved over a confirmed alert', 'Card holder confirmed in writing.', 'sys Staff'],
      ]),
    );
  });
});
