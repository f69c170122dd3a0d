import type { SearchResponse } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { moveActive, searchItems } from './search-items.ts';

const ID = (n: number) => n.toString(16).padStart(24, '0');

const answer: SearchResponse = {
  clients: [
    {
      _id: ID(1),
      name: 'Anna',
      surname: 'Meyer',
      email: 'anna@example.com',
      mobilePhone: '+44 7700 900123',
      status: 'approved',
      role: 'USER',
    },
  ],
  accounts: [
    {
      _id: ID(2),
      number: 500123,
      platform: 'MT5',
      live: true,
      type: 'Standard',
      baseCurrency: 'EUR',
      userId: ID(1),
      clientName: 'Anna Meyer',
    },
  ],
  transactions: [
    {
      _id: ID(3),
      type: 'deposit',
      reference: 'TX 42/1',
      status: 'approved',
      tab: 'historical',
      amount: 150.5,
      currency: 'EUR',
      timestamp: 1_790_000_000,
      userId: ID(1),
      clientName: 'Anna Meyer',
    },
    {
      _id: ID(4),
      type: 'withdrawal',
      reference: '',
      status: 'error',
      tab: 'error',
      amount: 99,
      currency: 'USD',
      timestamp: 1_790_000_000,
      userId: ID(1),
      clientName: 'Anna Meyer',
    },
  ],
  ibCodes: [
    {
      _id: ID(5),
      agentCode: 10077,
      code: 'Xy7Kp2Qa',
      name: 'Ben Annan',
      statusCode: 'STANDARD',
      partnerId: null,
    },
    {
      _id: ID(6),
      agentCode: 10078,
      code: 'Pq8Lm3Rb',
      name: 'Cleo',
      statusCode: 'STANDARD',
      partnerId: ID(7),
    },
  ],
};

describe('searchItems', () => {
  it('lists the groups in order, each row pointing where Enter should go', () => {
    const items = searchItems(answer);
    expect(items.map((i) => [i.group, i.href])).toEqual([
      ['Clients', `/user/profile/${ID(1)}`],
      ['Trading accounts', `/user/profile/${ID(1)}`],
      ['Transactions', '/deposit-requests/historical?f.transactionId=TX+42%2F1'],
      ['Transactions', '/withdrawal-requests/error'],
      ['IB codes', '/ib-codes?f.q=10077'],
      ['IB codes', `/user/profile/${ID(7)}`],
    ]);
    expect(items[0]).toMatchObject({
      title: 'Anna Meyer',
      detail: 'anna@example.com · +44 7700 900123 · approved',
    });
    expect(items[2]).toMatchObject({
      title: 'Deposit TX 42/1',
      detail: 'Anna Meyer · 150.50 EUR · approved',
    });
    expect(items[3]!.title).toBe(`Withdrawal ${ID(4)}`);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });
});

describe('moveActive', () => {
  it('walks down and up, wrapping at both ends', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});
