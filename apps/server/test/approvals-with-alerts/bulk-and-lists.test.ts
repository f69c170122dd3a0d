import { describe, expect, it } from 'vitest';
import { ALERT_GATE_MESSAGES, calls, LIVE_EVENTS, type BulkResult } from '@brokerdesk/contract';
import { testDbKind } from '../support/db.ts';
import { connectStream } from '../events/support.ts';
import { alertDesk } from './support.ts';

const STAFF = ['sys', 'ann'] as const;

/**
 * Flagged requests on the lists (docs/product.md [alerts.on-approval]): bulk Approve leaves them undone
 * and says why per row; the lists flag them and filter to them; the sidebar counts the open alerts and
 * the live stream announces them; the client's timeline tells every step.
 */
describe(`flagged requests on the lists (${testDbKind})`, () => {
  const d = alertDesk(STAFF, 'flags.test');
  const { ids, tokens } = d;

  const newWithdrawals = async (n: number) => {
    const login = await d.f.account(5000);
    const made: string[] = [];
    for (let i = 0; i < n; i++) {
      d.t.clock.advance(1);
      made.push(await d.f.withdrawal(login, 10 + i));
    }
    return made;
  };
  const about = (id: string) => ({ type: 'withdrawal' as const, id, userId: d.clientId });
  const pendingWithdrawals = (filters: Record<string, unknown> = {}) =>
    d.t.unchecked(
      calls.funding.listFundingRequests,
      { body: { type: 'withdrawal', status: 'pending', page: 1, sizePerPage: 100, filters } },
      d.t.auth(tokens.ann),
    );

  it('bulk Approve leaves the flagged rows undone and says why for each', async () => {
    const [clean, open, confirmed] = await newWithdrawals(3);
    await d.a.raise(about(open!));
    await d.a.raise(about(confirmed!), { status: 'confirmed', assignedTo: ids.sys });
    const r = await d.t.raw<{ results: BulkResult[] }>(
      calls.bulk.BULK_CALLS.withdrawal,
      { body: { action: 'approve', ids: [clean, open, confirmed], reason: 'Checked.' } },
      d.t.auth(tokens.sys),
    );
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([
      { _id: clean, ok: true, message: 'Withdrawal updated.' },
      { _id: open, ok: false, status: 400, error: ALERT_GATE_MESSAGES.noteRequired('withdrawal', 1) },
      { _id: confirmed, ok: false, status: 409, error: ALERT_GATE_MESSAGES.confirmed('withdrawal') },
    ]);
    expect((await d.f.withdrawalRow(clean!)).status).toBe('approved');
    expect((await d.f.withdrawalRow(open!)).status).toBe('pending');
    expect((await d.f.withdrawalRow(confirmed!)).status).toBe('pending');
    expect(await d.a.audits(open!)).toEqual([]);

    // Bulk Reject is not held back by alerts.
    const rejected = await d.t.raw<{ results: BulkResult[] }>(
      calls.bulk.BULK_CALLS.withdrawal,
      { body: { action: 'reject', ids: [open, confirmed], reason: 'Source of funds not shown.' } },
      d.t.auth(tokens.sys),
    );
    expect(rejected.body.results.map((x) => x.ok)).toEqual([true, true]);
  });

  it('flags the rows with open or confirmed alerts and filters to them, or away from them', async () => {
    const [plain, open, confirmed, cleared] = await newWithdrawals(4);
    await d.a.raise(about(open!));
    await d.a.raise(about(open!));
    await d.a.raise(about(confirmed!), { status: 'confirmed' });
    await d.a.raise(about(cleared!), { status: 'cleared', assignedTo: ids.ann, note: 'Fine.' });

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
    const one = await d.t.call(
      calls.funding.getFundingRequest,
      { params: { type: 'withdrawal', id: open! } },
      d.t.auth(tokens.ann),
    );
    expect(one.body.data.alerts).toEqual({ [open!]: { open: 2, confirmed: 0 } });
  });

  it('counts the open alerts for the sidebar and announces every change on the live stream', async () => {
    const counters = async () =>
      (await d.t.call(calls.system.countNewRequests, {}, d.t.auth(tokens.ann))).body.openAlerts;
    const before = await counters();
    const stream = await connectStream(d.t.base, tokens.ann);
    await stream.next(LIVE_EVENTS.ready);
    try {
      const [w] = await newWithdrawals(1);
      const alertId = await d.a.raise(about(w!));
      await stream.change('alerts', 2000);
      expect(await counters()).toBe(before + 1);

      const resolved = await d.t.call(
        calls.alerts.resolveAlert,
        { params: { alertId }, body: { outcome: 'cleared', note: 'Known salary payments.' } },
        d.t.auth(tokens.ann),
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
    const assigned = await d.a.raise(about(first!));
    const confirmedId = await d.a.raise(about(second!));
    const steps = [
      await d.t.call(calls.alerts.assignAlert, { params: { alertId: assigned } }, d.t.auth(tokens.ann)),
      await d.t.call(
        calls.alerts.resolveAlert,
        { params: { alertId: confirmedId }, body: { outcome: 'confirmed', note: 'Card of a third party.' } },
        d.t.auth(tokens.ann),
      ),
      await d.t.call(
        calls.funding.updateWithdrawal,
        {
          body: {
            withdrawal: { _id: first!, status: 'approve_process', comment: '', alertNote: 'Own card.' },
          },
        },
        d.t.auth(tokens.sys),
      ),
      await d.t.call(
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
        d.t.auth(tokens.sys),
      ),
    ];
    expect(steps.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const timeline = await d.t.call(
      calls.clients.getTimeline,
      { params: { id: d.clientId }, query: { limit: 50 } },
      d.t.auth(tokens.ann),
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
