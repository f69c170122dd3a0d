import { createSubAccountRequest } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  NEW_ACCOUNT_DEFAULTS,
  accountTypeChoices,
  canOpenLive,
  toCreateAccount,
  withRequestType,
} from './new-account-values.ts';

const userId = 'c'.repeat(24);
const live = {
  requestType: 'live',
  accType: 'Mini FX',
  baseCurrency: 'USD',
  leverage: '200',
  balance: '',
} as const;

describe('New sub-account', () => {
  it('sends nothing while a required value is empty', () => {
    expect(toCreateAccount(userId, NEW_ACCOUNT_DEFAULTS)).toBeNull();
    for (const key of ['requestType', 'accType', 'baseCurrency', 'leverage'] as const) {
      expect(toCreateAccount(userId, { ...live, [key]: '' })).toBeNull();
    }
  });

  it('needs a balance for demo, and sends it as a number', () => {
    const demo = { ...live, requestType: 'demo', accType: 'ECN' } as const;
    expect(toCreateAccount(userId, demo)).toBeNull();
    const body = toCreateAccount(userId, { ...demo, balance: '5000' });
    expect(body).toEqual({
      userId,
      requestType: 'demo',
      platform: 'MT5',
      accType: 'ECN',
      baseCurrency: 'USD',
      leverage: 200,
      balance: 5000,
    });
    expect(createSubAccountRequest.safeParse(body).success).toBe(true);
  });

  it('sends a live account without a balance, in the shape the server accepts', () => {
    const body = toCreateAccount(userId, live);
    expect(body).not.toHaveProperty('balance');
    expect(createSubAccountRequest.safeParse(body).success).toBe(true);
  });

  it('offers Mini FX for live accounts only, and drops it when switching to demo', () => {
    expect(accountTypeChoices('live')).toContain('Mini FX');
    expect(accountTypeChoices('demo')).not.toContain('Mini FX');
    expect(withRequestType(live, 'demo')).toMatchObject({ requestType: 'demo', accType: '' });
    expect(toCreateAccount(userId, { ...live, requestType: 'demo', balance: '200' })).toBeNull();
  });

  it('drops the balance when switching to live', () => {
    const demo = { ...live, requestType: 'demo', accType: 'ECN', balance: '500' } as const;
    expect(withRequestType(demo, 'live')).toMatchObject({ accType: 'ECN', balance: '' });
  });

  it('opens live accounts for approved clients only', () => {
    expect(canOpenLive('approved')).toBe(true);
    expect(canOpenLive('pending')).toBe(false);
    expect(canOpenLive('new')).toBe(false);
  });
});
