import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  BULK_MESSAGES,
  calls,
  FOUR_EYES_MESSAGES,
  MESSAGES,
  type BulkKind,
  type BulkResult,
} from '@brokerdesk/contract';
import { testDbKind } from '../support/db.ts';
import { auditLog } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { rosterSuite } from '../funding/support.ts';

type Reply = { results: BulkResult[]; errors?: Record<string, string> };
const STAFF = ['sys', 'ann', 'bob'] as const;
type Who = (typeof STAFF)[number];

/**
 * Bulk Approve / Reject on the money lists: every row through the list's own Approve
 * (approve and process) or Reject, with its four-eyes and state rules; one answer per id.
 */
describe(`bulk decisions on deposits, withdrawals and transfers (${testDbKind})`, () => {
  const d = rosterSuite(STAFF, 'bulk.test', 'client@bulk.test', { alertRules: false });
  const { ids, tokens } = d;

  const bulk = (who: Who, kind: BulkKind, body: Record<string, unknown>) =>
    d.t.raw<Reply>(calls.bulk.BULK_CALLS[kind], { body }, d.t.auth(tokens[who]));
  const audits = async (id: string) =>
    (await d.t.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(asc(auditLog.id))).map(
      (a) => [a.action, a.actorId],
    );

  it('approves and credits the open deposits, and answers the decided, unknown and four-eyes ones per id', async () => {
    await d.t.call(
      calls.approvals.setThreshold,
      { body: { requestType: 'deposit', currency: 'USD', amount: 1000 } },
      d.t.auth(tokens.sys),
    );
    const login = await d.f.account();
    const pending = await d.f.deposit(login, 100);
    const incomplete = await d.f.deposit(login, 50, { status: 'incomplete' });
    const decided = await d.f.deposit(login, 70, { status: 'approved' });
    const large = await d.f.deposit(login, 5000);
    const unknown = newId();

    const r = await bulk('ann', 'deposit', {
      action: 'approve',
      ids: [pending, decided, large, unknown, incomplete],
    });
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([
      { _id: pending, ok: true, message: 'Deposit updated.' },
      { _id: decided, ok: false, status: 409, error: 'This deposit is already approved.' },
      { _id: large, ok: true, message: FOUR_EYES_MESSAGES.firstApprovalRecorded },
      { _id: unknown, ok: false, status: 404, error: 'No such deposit.' },
      { _id: incomplete, ok: true, message: 'Deposit updated.' },
    ]);
    await d.f.settle();
    expect(await d.f.balanceOf(login)).toBe(150);
    expect(await d.f.depositRow(large)).toMatchObject({ status: 'pending' });
    // One audit record per decided row, by the staff member who ticked them.
    expect(await audits(pending)).toEqual([['deposit.approve-process', ids.ann]]);
    expect(await audits(incomplete)).toEqual([['deposit.approve-process', ids.ann]]);
    expect(await audits(large)).toEqual([['deposit.first-approval', ids.ann]]);
    expect(await audits(decided)).toEqual([]);

    // Four-eyes holds in bulk: the first approver is refused, another staff member completes it.
    const again = await bulk('ann', 'deposit', { action: 'approve', ids: [large] });
    expect(again.body.results).toEqual([
      { _id: large, ok: false, status: 403, error: FOUR_EYES_MESSAGES.sameApprover },
    ]);
    const second = await bulk('bob', 'deposit', { action: 'approve', ids: [large] });
    expect(second.body.results).toEqual([{ _id: large, ok: true, message: 'Deposit updated.' }]);
    await d.f.settle();
    expect(await d.f.balanceOf(login)).toBe(5150);
    expect(await audits(large)).toEqual([
      ['deposit.first-approval', ids.ann],
      ['deposit.approve-process', ids.bob],
    ]);
  });

  it('rejects with one reason for all, and refuses a rejection without one before touching any row', async () => {
    const login = await d.f.account();
    const a = await d.f.deposit(login, 10);
    const b = await d.f.deposit(login, 20, { status: 'incomplete' });
    const gone = await d.f.deposit(login, 30, { status: 'rejected' });

    const blank = await bulk('ann', 'deposit', { action: 'reject', ids: [a, b], reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ reason: MESSAGES.rejectWithoutReason('deposit') });
    expect(await d.f.depositRow(a)).toMatchObject({ status: 'pending' });

    const r = await bulk('ann', 'deposit', { action: 'reject', ids: [a, gone, b], reason: 'Duplicate' });
    expect(r.body.results).toEqual([
      { _id: a, ok: true, message: 'Deposit updated.' },
      { _id: gone, ok: false, status: 409, error: 'This deposit is already rejected.' },
      { _id: b, ok: true, message: 'Deposit updated.' },
    ]);
    expect(await d.f.depositRow(a)).toMatchObject({ status: 'rejected', comment: 'Duplicate' });
    expect(await d.f.depositRow(b)).toMatchObject({ status: 'rejected', comment: 'Duplicate' });
    expect(await audits(a)).toEqual([['deposit.rejected', ids.ann]]);
  });

  it('takes at most 100 ids, each once, and at least one', async () => {
    const login = await d.f.account();
    const id = await d.f.deposit(login, 10);
    const many = Array.from({ length: 101 }, () => newId());
    const tooMany = await bulk('ann', 'deposit', { action: 'approve', ids: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ ids: BULK_MESSAGES.tooMany });
    const twice = await bulk('ann', 'deposit', { action: 'approve', ids: [id, id] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ ids: BULK_MESSAGES.repeated });
    expect((await bulk('ann', 'deposit', { action: 'approve', ids: [] })).status).toBe(400);
    expect((await bulk('ann', 'deposit', { action: 'remove', ids: [id] })).status).toBe(400);
    expect(await d.f.depositRow(id)).toMatchObject({ status: 'pending' });
  });

  it('approves withdrawals as the Approve button does (a card-provider one waits), and rejects them', async () => {
    const login = await d.f.account(1000);
    const wire = await d.f.withdrawal(login, 100);
    const card = await d.f.withdrawal(login, 40, { providerHandled: true, providerStatus: 'new' });
    const failed = await d.f.withdrawal(login, 10, { status: 'error' });
    const r = await bulk('ann', 'withdrawal', { action: 'approve', ids: [wire, card, failed] });
    expect(r.body.results).toEqual([
      { _id: wire, ok: true, message: 'Withdrawal updated.' },
      { _id: card, ok: true, message: MESSAGES.waitingForProvider },
      // The Error tab's retry and close are its update modal's: not a bulk approval.
      { _id: failed, ok: false, status: 409, error: 'This withdrawal is already error.' },
    ]);
    await d.f.settle();
    expect(await d.f.balanceOf(login)).toBe(900);
    expect(await d.f.withdrawalRow(card)).toMatchObject({ status: 'pending' });
    expect(await audits(wire)).toEqual([['withdrawal.approve-process', ids.ann]]);

    const other = await d.f.withdrawal(login, 5, { dontEmailUser: true });
    const rejected = await bulk('bob', 'withdrawal', {
      action: 'reject',
      ids: [other, wire],
      reason: 'Wrong account',
    });
    expect(rejected.body.results).toEqual([
      { _id: other, ok: true, message: 'Withdrawal updated.' },
      { _id: wire, ok: false, status: 409, error: 'This withdrawal is already approved.' },
    ]);
    expect(await d.f.withdrawalRow(other)).toMatchObject({
      status: 'rejected',
      comment: 'Wrong account',
      dontEmailUser: true,
    });
    expect(await audits(other)).toEqual([['withdrawal.rejected', ids.bob]]);
  });

  it('processes and rejects transfers; a transfer decided meanwhile gets the 409', async () => {
    const from = await d.f.account(500);
    const to = await d.f.account();
    const one = await d.f.transfer(from, to, 100);
    const two = await d.f.transfer(from, to, 50);
    const approved = await bulk('ann', 'transfer', { action: 'approve', ids: [one] });
    expect(approved.body.results).toEqual([{ _id: one, ok: true, message: 'Transfer updated.' }]);
    await d.f.settle();
    expect(await d.f.balanceOf(to)).toBe(100);
    const r = await bulk('bob', 'transfer', { action: 'reject', ids: [one, two], reason: 'Not allowed' });
    expect(r.body.results).toEqual([
      { _id: one, ok: false, status: 409, error: 'This transfer is already approved.' },
      { _id: two, ok: true, message: 'Transfer updated.' },
    ]);
    expect(await d.f.transferRow(two)).toMatchObject({ status: 'rejected', comment: 'Not allowed' });
    expect(await audits(one)).toEqual([['transfer.approve_process', ids.ann]]);
    expect(await audits(two)).toEqual([['transfer.rejected', ids.bob]]);
  });
});
