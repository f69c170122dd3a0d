import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallBody, AMOUNT_TOO_SMALL } from '@brokerdesk/contract';
import { startTestApp, type TestApp, type BodyOnlyCall } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { fundingDesk, type fundingFixtures } from './support.ts';

/**
 * A fault found once: a deal amount of 0.001 with "Approve & process" was a 500, and 0.004 with "Set as
 * approved" stored an approved 0.00 deposit. An amount that rounds to zero at 2 decimals is a 400 on every
 * call that moves money, and the request is left as it was.
 */
describe(`amounts that round to zero (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let f: ReturnType<typeof fundingFixtures>;
  beforeAll(async () => {
    t = await startTestApp();
    ({ f, token } = await fundingDesk(t, 'zero'));
  });
  afterAll(() => t.stop());

  const post = <D extends BodyOnlyCall>(def: D, body: CallBody<D>) => t.post(def, body, t.auth(token));
  let order = 1;
  /** A card-provider withdrawal, not yet processed by the provider. */
  const providerWithdrawal = (login: number, amount: number) =>
    f.withdrawal(login, amount, {
      withdrawalType: 'others',
      gateway: 'Card',
      providerHandled: true,
      providerOrderId: `PO-ZERO-${String(order++).padStart(4, '0')}`,
      providerStatus: 'CREATED',
      providerPayoutStatus: 'WAITING',
    });

  for (const amount of [0.001, 0.004]) {
    for (const status of ['approve_process', 'approved', 'pending'] as const) {
      it(`refuses a modified deposit amount of ${amount} (${status})`, async () => {
        const login = await f.account();
        const id = await f.deposit(login, 100);
        const r = await post(calls.funding.updateDeposit, {
          deposit: { _id: id, status, comment: '', modifyDealAmount: true, depositAmountSent: amount },
        });
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ errors: { deposit: AMOUNT_TOO_SMALL } });
        expect(await f.depositRow(id)).toMatchObject({ status: 'pending', depositAmountSent: 100 });
      });

      for (const [route, make] of [
        [calls.funding.updateWithdrawal, (login: number, amount: number) => f.withdrawal(login, amount)],
        [calls.funding.updateProviderWithdrawal, providerWithdrawal],
      ] as const) {
        it(`refuses a modified withdrawal amount of ${amount} (${status}, ${route.path})`, async () => {
          const login = await f.account(500);
          const id = await make(login, 100);
          const r = await t.raw(
            route,
            {
              body: {
                withdrawal: {
                  _id: id,
                  status,
                  comment: '',
                  modifyDealAmount: true,
                  withdrawalAmount: amount,
                },
              },
            },
            t.auth(token),
          );
          expect(r.status).toBe(400);
          expect(r.body).toMatchObject({ errors: { withdrawal: AMOUNT_TOO_SMALL } });
          expect(await f.withdrawalRow(id)).toMatchObject({ status: 'pending', withdrawalAmount: 100 });
        });
      }
    }
  }

  it('refuses to approve a stored 0.00 deposit, withdrawal or transfer (approve, set as approved, process)', async () => {
    const login = await f.account(500);
    const other = await f.account();
    const dep = await f.deposit(login, 0);
    const wd = await f.withdrawal(login, 0);
    const tr = await f.transfer(login, other, 0);
    const requests: [BodyOnlyCall, unknown, string][] = [
      [calls.funding.processDeposit, { depositId: dep }, 'depositAmountSent'],
      [
        calls.funding.updateDeposit,
        { deposit: { _id: dep, status: 'approved', comment: '' } },
        'depositAmountSent',
      ],
      [calls.funding.processWithdrawal, { withdrawalId: wd }, 'withdrawalAmount'],
      [
        calls.funding.updateWithdrawal,
        { withdrawal: { _id: wd, status: 'approve_process', comment: '' } },
        'withdrawalAmount',
      ],
      [calls.funding.processTransfer, { transferId: tr }, 'transferAmount'],
      [
        calls.funding.updateTransfer,
        { transfer: { _id: tr, status: 'approved', comment: '' } },
        'transferAmount',
      ],
    ];
    for (const [def, body, field] of requests) {
      const r = await t.raw(def, { body }, t.auth(token));
      expect(r.status, def.path).toBe(400);
      expect(r.body, def.path).toMatchObject({ errors: { [field]: AMOUNT_TOO_SMALL } });
    }
    expect((await f.depositRow(dep)).status).toBe('pending');
    expect((await f.withdrawalRow(wd)).status).toBe('pending');
    expect((await f.transferRow(tr)).status).toBe('pending');
    await f.settle();
    // Only the seed deal that funded the account: nothing was credited or debited.
    expect(await f.dealsOf(login)).toHaveLength(1);
    expect(await f.dealsOf(other)).toHaveLength(0);
    // Rejecting such a request is still possible.
    const rejected = await post(calls.funding.updateDeposit, {
      deposit: { _id: dep, status: 'rejected', comment: 'Nothing to credit' },
    });
    expect(rejected.status).toBe(200);
  });

  describe('the card-provider withdrawal calls (adminUpdateProviderWithdrawal, adminProcessProviderWithdrawal)', () => {
    it('refuses to approve or process a stored 0.00 one, and debits nothing', async () => {
      const login = await f.account(500);
      const id = await providerWithdrawal(login, 0);
      const requests: [BodyOnlyCall, unknown][] = [
        [calls.funding.processProviderWithdrawal, { withdrawalId: id }],
        ...(['approve_process', 'approved'] as const).map((status): [BodyOnlyCall, unknown] => [
          calls.funding.updateProviderWithdrawal,
          { withdrawal: { _id: id, status, comment: '' } },
        ]),
      ];
      for (const [def, body] of requests) {
        const r = await t.raw(def, { body }, t.auth(token));
        expect(r.status, `${def.path} ${JSON.stringify(body)}`).toBe(400);
        expect(r.body, def.path).toMatchObject({ errors: { withdrawalAmount: AMOUNT_TOO_SMALL } });
      }
      expect((await f.withdrawalRow(id)).status).toBe('pending');
      await f.settle();
      expect(await f.dealsOf(login)).toHaveLength(1);
    });
  });

  it('still accepts 0.005 (rounds to 0.01)', async () => {
    const login = await f.account();
    const id = await f.deposit(login, 100);
    const r = await post(calls.funding.updateDeposit, {
      deposit: { _id: id, status: 'approved', comment: '', modifyDealAmount: true, depositAmountSent: 0.005 },
    });
    expect(r.status).toBe(200);
    expect((await f.depositRow(id)).depositAmountSent).toBe(0.01);
  });
});
