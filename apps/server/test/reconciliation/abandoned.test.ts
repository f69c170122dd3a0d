import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { reconciliationReports as reports } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { ReconciliationService } from '../../src/features/reconciliation/service.ts';
import type { TradingPlatform } from '../../src/integrations/platform/types.ts';
import { seeder } from './support.ts';

const MINUTE = 60;

/**
 * A manual run lives in its HTTP request: when its server dies mid-run nothing would ever finish its
 * report. A running report beats every minute; one whose beat stopped ten minutes ago is marked failed,
 * as of its last beat, and a new run starts as usual.
 */
describe(`reconciliation reports left running by a dead server (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let s: ReturnType<typeof seeder>;
  let login: number;

  beforeAll(async () => {
    ({ t, token } = await startDesk('ada@abandoned.test'));
    const clientId = await t.createUser({ email: 'client@abandoned.test', role: 'USER' });
    s = seeder(t, token, clientId);
    // No opening balance: no deal, so a run over it is all clear.
    login = await s.account();
  });
  afterAll(() => t.stop());

  const report = (id: string) =>
    t.call(calls.reconciliation.getReconciliationReport, { params: { id } }, t.auth(token));
  /** A manual report as a server left it when it died: running, its last heartbeat `beatAgo` seconds back. */
  async function leftRunning(beatAgo: number) {
    const id = newId();
    const now = t.clock.now();
    await t.db.insert(reports).values({
      id,
      trigger: 'manual',
      status: 'running',
      login,
      periodFrom: now - 86_400,
      periodTo: now,
      startedAt: now - beatAgo - 5 * MINUTE,
      heartbeatAt: now - beatAgo,
    });
    return id;
  }

  it('marks a report failed once its heartbeat has stopped for ten minutes, as of its last beat', async () => {
    const dead = await leftRunning(10 * MINUTE + 1);
    const lastBeat = t.clock.now() - 10 * MINUTE - 1;
    const alive = await leftRunning(9 * MINUTE);
    const list = await t.call(
      calls.reconciliation.listReconciliationReports,
      { body: { login } },
      t.auth(token),
    );
    expect(list.status).toBe(200);
    const byId = new Map(list.body.reports.map((r) => [r._id, r]));
    expect(byId.get(dead)).toMatchObject({
      status: 'failed',
      finishedAt: lastBeat,
      error: expect.stringMatching(/^Interrupted/),
    });
    expect(byId.get(alive)).toMatchObject({ status: 'running', finishedAt: null });

    // A minute later the other one's beat has stopped for ten minutes as well.
    t.clock.advance(MINUTE + 1);
    expect((await report(alive)).body).toMatchObject({ status: 'failed' });
  });

  it('starts a new run as usual after one was abandoned', async () => {
    const dead = await leftRunning(60 * MINUTE);
    const now = t.clock.now();
    const r = await t.call(
      calls.reconciliation.runReconciliation,
      { body: { login, from: now - 86_400, to: now } },
      t.auth(token),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', finishedAt: now });
    expect((await report(dead)).body.status).toBe('failed');
  });

  it('beats while it runs, and a run marked failed meanwhile stays failed', async () => {
    // A platform that answers slowly: the first two reads of a group's day of deals arrive six minutes
    // after they were asked for.
    const slow: TradingPlatform = Object.create(t.platform) as TradingPlatform;
    const beats: (number | null)[] = [];
    let reportId = '';
    slow.groupBalanceDeals = async (group, from, to) => {
      const [row] = await t.db.select().from(reports).where(eq(reports.status, 'running'));
      reportId = row?.id ?? reportId;
      beats.push(row?.heartbeatAt ?? null);
      if (beats.length <= 2) t.clock.advance(6 * MINUTE);
      return t.platform.groupBalanceDeals(group, from, to);
    };
    const service = new ReconciliationService({ db: t.db, platform: slow, clock: t.clock });
    const start = t.clock.now();
    await service.runNow({ from: start - 86_400, to: start }, { userId: newId(), ip: '127.0.0.1' });
    // The report's heartbeat is the start, then written again before the second call (the group's next day).
    expect(beats[0]).toBe(start);
    expect(beats[1]).toBe(start + 6 * MINUTE);
    expect((await report(reportId)).body.status).toBe('ok');

    // A run whose heartbeat could not be written for too long was marked failed by another server:
    // when it ends after all, the report stays failed and keeps no mismatches.
    const stalled: TradingPlatform = Object.create(t.platform) as TradingPlatform;
    stalled.balanceDeals = async (l, from, to) => {
      t.clock.advance(11 * MINUTE);
      await new ReconciliationService({ db: t.db, platform: t.platform, clock: t.clock }).failAbandoned();
      return t.platform.balanceDeals(l, from, to);
    };
    const now = t.clock.now();
    const late = await new ReconciliationService({ db: t.db, platform: stalled, clock: t.clock }).runNow(
      { login, from: now - 86_400, to: now },
      { userId: newId(), ip: '127.0.0.1' },
    );
    expect(late).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Interrupted/) });
  });
});
