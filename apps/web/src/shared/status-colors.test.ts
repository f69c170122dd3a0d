import { describe, expect, it } from 'vitest';
import { checkingMtStatus } from '@brokerdesk/contract';
import { isFailedMtStatus, rowTone } from './status-colors.ts';

describe('funding row tones', () => {
  it('colours by status', () => {
    expect(rowTone({ status: 'approved', mtStatuses: ['SUCCESS'] })).toBe('approved');
    expect(rowTone({ status: 'rejected' })).toBe('rejected');
    expect(rowTone({ status: 'declined' })).toBe('rejected');
    expect(rowTone({ status: 'error' })).toBe('rejected');
    expect(rowTone({ status: 'pending' })).toBeNull();
    expect(rowTone({ status: 'pending', providerPending: true })).toBe('providerPending');
  });

  it('puts a failed platform leg above everything else', () => {
    expect(rowTone({ status: 'approved', mtStatuses: ['SUCCESS', 'Not enough money'] })).toBe('failed');
    expect(rowTone({ status: 'approved', mtStatuses: ['', 'SUCCESS'] })).toBe('approved');
  });

  it('shows an outcome being checked with MT5 as amber, never as a failure', () => {
    const checking = checkingMtStatus(1_795_000_000);
    expect(checking).toBe('Checking with MT5 until 2026/11/18 11:06:40 UTC');
    expect(isFailedMtStatus(checking)).toBe(false);
    expect(rowTone({ status: 'approved', mtStatuses: [checking] })).toBe('checking');
    expect(rowTone({ status: 'approved', mtStatuses: ['SUCCESS', checking] })).toBe('checking');
    expect(rowTone({ status: 'approved', mtStatuses: [checking, 'Not enough money'] })).toBe('failed');
  });
});
