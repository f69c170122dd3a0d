import { describe, expect, it } from 'vitest';
import {
  TRANSFER_REPAIRS,
  halfDoneState,
  isApprovalAction,
  secondApprovalRefusal,
  withdrawalCurrencyText,
} from './request-rules.ts';

describe('shared request rules', () => {
  it('calls a transfer half-done only when approved and a leg failed, the credit only after the debit', () => {
    const t = (status: string, sourceMTStatus: string, destinationMTStatus: string) =>
      halfDoneState({ status, sourceMTStatus, destinationMTStatus });
    expect(t('approved', 'Not enough money', '')).toBe('sourceFailed');
    expect(t('approved', 'SUCCESS', 'Account disabled')).toBe('creditFailed');
    expect(t('approved', 'SUCCESS', 'SUCCESS')).toBeNull();
    expect(t('approved', '', '')).toBeNull();
    // Still running: "Checking with MT5 until ..." is not a failure.
    expect(t('approved', 'SUCCESS', '')).toBeNull();
    expect(t('pending', 'Not enough money', '')).toBeNull();
    expect(t('rejected', 'SUCCESS', 'Account disabled')).toBeNull();
  });

  it('repairs a failed credit by completing or reversing, a refused debit by completing or closing', () => {
    expect(TRANSFER_REPAIRS.creditFailed).toEqual(['complete', 'reverse']);
    expect(TRANSFER_REPAIRS.sourceFailed).toEqual(['complete', 'rejected']);
  });

  it('lets only someone else give the second approval, and only the decision the first approval chose', () => {
    const awaiting = { firstBy: 'adam', action: 'approve_process' };
    expect(secondApprovalRefusal(awaiting, 'adam', 'approve_process')).toBe('sameApprover');
    expect(secondApprovalRefusal(awaiting, 'sofia', 'approved')).toBe('otherAction');
    expect(secondApprovalRefusal(awaiting, 'sofia', 'approve_process')).toBeNull();
    expect(['approved', 'approve_process', 'pending', 'rejected'].filter(isApprovalAction)).toEqual([
      'approved',
      'approve_process',
    ]);
  });

  it('prints a crypto withdrawal currency with the coin in brackets', () => {
    expect(withdrawalCurrencyText({ withdrawalCurrency: 'USD', cryptoCurrency: 'BTC' })).toBe('USD (BTC)');
    expect(withdrawalCurrencyText({ withdrawalCurrency: 'EUR', cryptoCurrency: '' })).toBe('EUR');
  });
});
