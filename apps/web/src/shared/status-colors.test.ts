import { describe, expect, it } from 'vitest';
import { rowTone } from './status-colors.ts';

describe('funding row tones (SPEC 4)', () => {
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
});
