import type { Transfer } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { fundingTone } from '../shared/funding-rows.ts';
import { halfDoneState, transferChoices, transferLockReason } from './transfer-rules.ts';

const transfer = (over: Partial<Transfer>): Transfer => ({
  _id: 'a'.repeat(24),
  userId: 'b'.repeat(24),
  sourceAccount: 500001,
  sourceAccountPlatform: 'MT5',
  destinationAccount: 500002,
  destinationAccountPlatform: 'MT5',
  transferCurrency: 'USD',
  transferAmount: 75,
  sourceMTStatus: '',
  destinationMTStatus: '',
  timestamp: 1_790_000_000,
  status: 'pending',
  times: {},
  comment: '',
  ...over,
});

describe('transfer row colours', () => {
  it('is bright red when either leg has a status other than SUCCESS', () => {
    expect(
      fundingTone(
        transfer({ status: 'approved', sourceMTStatus: 'SUCCESS', destinationMTStatus: 'Not enough money' }),
      ),
    ).toBe('failed');
    expect(fundingTone(transfer({ status: 'error', sourceMTStatus: 'Not enough money' }))).toBe('failed');
  });

  it('is green when approved and both legs succeeded (or have not run)', () => {
    expect(
      fundingTone(
        transfer({ status: 'approved', sourceMTStatus: 'SUCCESS', destinationMTStatus: 'SUCCESS' }),
      ),
    ).toBe('approved');
    expect(fundingTone(transfer({ status: 'approved' }))).toBe('approved');
  });

  it('is light red when rejected, declined or error without a failed leg, and plain when pending', () => {
    expect(fundingTone(transfer({ status: 'rejected' }))).toBe('rejected');
    expect(fundingTone(transfer({ status: 'error' }))).toBe('rejected');
    expect(fundingTone(transfer({ status: 'pending' }))).toBeNull();
  });
});

describe('half-done transfers', () => {
  it('spots a refused credit after a debit, and a refused debit', () => {
    expect(
      halfDoneState(
        transfer({
          status: 'approved',
          sourceMTStatus: 'SUCCESS',
          destinationMTStatus: 'Platform timed out',
        }),
      ),
    ).toBe('creditFailed');
    expect(halfDoneState(transfer({ status: 'approved', sourceMTStatus: 'Not enough money' }))).toBe(
      'sourceFailed',
    );
  });

  it('is not half-done while the legs run, when complete, or when not approved', () => {
    expect(halfDoneState(transfer({ status: 'approved' }))).toBeNull();
    expect(halfDoneState(transfer({ status: 'approved', sourceMTStatus: 'SUCCESS' }))).toBeNull();
    expect(
      halfDoneState(
        transfer({ status: 'approved', sourceMTStatus: 'SUCCESS', destinationMTStatus: 'SUCCESS' }),
      ),
    ).toBeNull();
    expect(halfDoneState(transfer({ status: 'error', sourceMTStatus: 'Not enough money' }))).toBeNull();
  });

  it('offers Complete and Reverse when money is in between, Complete or Reject when nothing moved', () => {
    const values = (t: Transfer) => transferChoices(t).map((c) => c.value);
    expect(
      values(transfer({ status: 'approved', sourceMTStatus: 'SUCCESS', destinationMTStatus: 'x' })),
    ).toEqual(['complete', 'reverse']);
    expect(values(transfer({ status: 'approved', sourceMTStatus: 'x' }))).toEqual(['complete', 'rejected']);
    expect(values(transfer({ status: 'pending' }))).toEqual([
      'pending',
      'rejected',
      'approved',
      'approve_process',
    ]);
    expect(transferChoices(transfer({ status: 'rejected' }))).toEqual([]);
  });

  it('says why a transfer cannot be changed', () => {
    expect(transferLockReason(transfer({ status: 'pending' }))).toBeUndefined();
    expect(transferLockReason(transfer({ status: 'approved', sourceMTStatus: 'SUCCESS' }))).toMatch(
      /still moving/,
    );
    expect(transferLockReason(transfer({ status: 'rejected' }))).toMatch(/already rejected/);
  });
});
