import { describe, expect, it } from 'vitest';
import { requestLink } from './request-link.ts';

describe('links from a mismatch to its request', () => {
  it('opens the list of the request, on its status tab, filtered to the account', () => {
    const at = (
      requestType: 'deposit' | 'withdrawal' | 'transfer' | null,
      requestStatus: string | null,
      leg = null as never,
    ) => requestLink({ requestType, requestStatus, login: 500123, leg });
    expect(at('deposit', 'approved')).toBe('/deposit-requests/historical?f.accountNumber=500123');
    expect(at('deposit', 'pending')).toBe('/deposit-requests/pending?f.accountNumber=500123');
    expect(at('withdrawal', 'error')).toBe('/withdrawal-requests/error?f.accountNumber=500123');
    expect(at('withdrawal', 'rejected')).toBe('/withdrawal-requests/historical?f.accountNumber=500123');
    expect(at('transfer', 'rejected')).toBe('/transfer-requests/rejected?f.sourceAccount=500123');
    expect(
      requestLink({
        requestType: 'transfer',
        requestStatus: 'approved',
        login: 7,
        leg: 'transfer_destination',
      }),
    ).toBe('/transfer-requests/approved?f.destinationAccount=7');
    expect(at(null, null)).toBeNull();
  });
});
