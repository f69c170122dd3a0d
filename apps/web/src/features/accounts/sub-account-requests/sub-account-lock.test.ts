import type { SubAccountRequest } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { subAccountLockReason } from './sub-account-update-modal.tsx';

const request = (over: Partial<SubAccountRequest>) =>
  ({ status: 'pending', adminRequested: false, ...over }) as SubAccountRequest;

describe('Update account', () => {
  it('can be decided only for a client request on the pending list', () => {
    expect(subAccountLockReason(request({}), 'pending')).toBeUndefined();
    expect(subAccountLockReason(request({ adminRequested: true, status: 'approved' }), 'approved')).toMatch(
      /staff/,
    );
    expect(subAccountLockReason(request({ status: 'approved' }), 'approved')).toMatch(/already approved/);
  });
});
