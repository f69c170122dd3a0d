import { AMOUNT_TOO_SMALL, MESSAGES } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  ALL_UPDATE_STATUSES,
  DEAL_AMOUNT_REQUIRED,
  STATUS_REQUIRED,
  rejectionBlocked,
  updateStatusOptions,
  validateUpdate,
  type UpdateValues,
} from './update-values.ts';

const values = (over: Partial<UpdateValues>): UpdateValues => ({
  status: 'approved',
  comment: '',
  modifyDealAmount: false,
  dealAmount: 100,
  ...over,
});

describe('update modal values', () => {
  it('labels the four choices as the update modal names them', () => {
    expect(updateStatusOptions(ALL_UPDATE_STATUSES).map((o) => o.label)).toEqual([
      'pending',
      'Reject',
      'Set as approved',
      'Approve & process',
    ]);
  });

  it('needs a status', () => {
    expect(validateUpdate(values({ status: null }), 'deposit')).toEqual({
      ok: false,
      problems: { status: STATUS_REQUIRED },
    });
  });

  it('blocks a rejection without a non-blank reason, with the alert of its kind', () => {
    expect(rejectionBlocked('rejected', '  \n ')).toBe(true);
    expect(rejectionBlocked('rejected', 'Third-party payment')).toBe(false);
    expect(rejectionBlocked('approved', '')).toBe(false);
    const result = validateUpdate(values({ status: 'rejected', comment: ' ' }), 'withdrawal');
    expect(result).toEqual({ ok: false, problems: { comment: MESSAGES.rejectWithoutReason('withdrawal') } });
    expect(MESSAGES.rejectWithoutReason('leverage change')).toBe(
      'You cannot reject leverage change without a reason',
    );
  });

  it('sends the deal amount only when it is modified, and then it must be positive', () => {
    expect(validateUpdate(values({ dealAmount: 5 }), 'deposit')).toMatchObject({
      ok: true,
      values: { modifyDealAmount: false, dealAmount: undefined },
    });
    expect(validateUpdate(values({ modifyDealAmount: true, dealAmount: 99.5 }), 'deposit')).toMatchObject({
      ok: true,
      values: { modifyDealAmount: true, dealAmount: 99.5 },
    });
    for (const dealAmount of ['', 0, -3]) {
      expect(validateUpdate(values({ modifyDealAmount: true, dealAmount }), 'deposit')).toEqual({
        ok: false,
        problems: { dealAmount: DEAL_AMOUNT_REQUIRED },
      });
    }
  });

  it('refuses a deal amount that rounds to 0.00 (0.001, 0.004), as the server does', () => {
    for (const dealAmount of [0.001, '0.004']) {
      expect(validateUpdate(values({ modifyDealAmount: true, dealAmount }), 'deposit')).toEqual({
        ok: false,
        problems: { dealAmount: AMOUNT_TOO_SMALL },
      });
    }
  });
});
