import { LEVERAGE_OPTIONS, MESSAGES } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  accountEditDefaults,
  leverageNumber,
  leverageOptions,
  passwordOutcome,
  toAccountUpdate,
} from './account-update.ts';

const account = {
  _id: 'a'.repeat(24),
  userId: 'b'.repeat(24),
  type: 'Standard' as const,
  leverage: 100,
};

describe('account edit', () => {
  it('sends nothing when neither leverage nor password changed', () => {
    expect(toAccountUpdate(account, accountEditDefaults(account))).toBeNull();
    expect(toAccountUpdate(account, { leverage: '1:100', password: '   ' })).toBeNull();
  });

  it('sends the new leverage with the old one and the account type', () => {
    expect(toAccountUpdate(account, { leverage: '1:500', password: '' })).toEqual({
      userId: account.userId,
      accountId: account._id,
      accountType: 'Standard',
      oldLeverage: 100,
      leverage: 500,
    });
  });

  it('sends only the password when the leverage is unchanged, exactly as typed', () => {
    const body = toAccountUpdate(account, { leverage: '1:100', password: ' Ab3$xyzQw9' });
    expect(body).toMatchObject({ password: ' Ab3$xyzQw9', oldLeverage: 100 });
    expect(body).not.toHaveProperty('leverage');
  });

  it('sends both when both changed', () => {
    expect(toAccountUpdate(account, { leverage: '1:50', password: 'Newpass123' })).toMatchObject({
      leverage: 50,
      password: 'Newpass123',
    });
  });

  it('starts from the current leverage as the select shows it', () => {
    expect(accountEditDefaults({ leverage: 300 })).toEqual({ leverage: '1:300', password: '' });
  });

  it('offers the listed leverages, plus an account’s own odd one so it can be shown', () => {
    expect(leverageOptions(200)).toEqual(LEVERAGE_OPTIONS);
    expect(leverageOptions(30)).toEqual(['1:30', ...LEVERAGE_OPTIONS]);
    expect(leverageNumber('1:400')).toBe(400);
  });
});

describe('password change check', () => {
  it('approved is a success, anything else a failure', () => {
    expect(passwordOutcome('approved')).toEqual({ ok: true, message: MESSAGES.passwordChanged });
    for (const status of ['pending', 'failed', 'none', undefined]) {
      expect(passwordOutcome(status)).toEqual({ ok: false, message: MESSAGES.passwordChangeFailed });
    }
  });
});
