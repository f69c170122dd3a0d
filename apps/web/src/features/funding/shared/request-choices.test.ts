import type { Deposit, Withdrawal } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { toOrdersQuery } from '../withdrawals/orders-columns.tsx';
import { depositChoices, modalStatus, withdrawalChoices } from './request-choices.ts';

const deposit = (over: Partial<Deposit>) => ({ status: 'pending', MTStatus: '', ...over }) as Deposit;
const values = (c: { options: { value: string }[] }) => c.options.map((o) => o.value);

describe('what the deposit and withdrawal modals offer', () => {
  it('offers the four choices while the request is open', () => {
    expect(values(depositChoices(deposit({ status: 'incomplete' })))).toEqual([
      'pending',
      'rejected',
      'approved',
      'approve_process',
    ]);
    expect(values(withdrawalChoices({ status: 'pending' } as Withdrawal))).toHaveLength(4);
  });

  it('offers Retry or Reject once the platform refused the money', () => {
    expect(
      values(depositChoices(deposit({ status: 'approved', MTStatus: 'Account not found (13)' }))),
    ).toEqual(['retry', 'rejected']);
    expect(values(withdrawalChoices({ status: 'error' } as Withdrawal))).toEqual(['retry', 'rejected']);
  });

  it('locks a request that is done, or whose credit is still on its way', () => {
    for (const d of [deposit({ status: 'approved', MTStatus: 'SUCCESS' }), deposit({ status: 'approved' })]) {
      const select = modalStatus(depositChoices(d), d.status);
      expect(select.options).toEqual([]);
      expect(select.initialStatus).toBe('approved');
      expect(select.readOnlyReason).toMatch(/already approved/);
    }
    expect(
      modalStatus(withdrawalChoices({ status: 'error' } as Withdrawal), 'error', 'rejected'),
    ).toMatchObject({
      initialStatus: 'rejected',
      readOnlyReason: undefined,
    });
  });
});

describe('the Orders query string', () => {
  it('sends paging, the sort and one key per filter', () => {
    expect(
      toOrdersQuery({
        page: 2,
        sizePerPage: 10,
        sortField: 'withdrawalAmount',
        sortOrder: 'asc',
        filters: { client: ' ann ', accountNumber: '500123', providerStatus: 'CREATED', bogus: 'x' },
      }),
    ).toEqual({
      page: 2,
      sizePerPage: 10,
      sortField: 'withdrawalAmount',
      sortOrder: 'asc',
      client: 'ann',
      accountNumber: 500123,
      providerStatus: 'CREATED',
    });
  });
});
