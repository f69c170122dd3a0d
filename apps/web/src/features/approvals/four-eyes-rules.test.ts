import { FOUR_EYES_MESSAGES, type FundingApproval } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { ALL_UPDATE_STATUSES, updateStatusOptions } from '../../shared/update-modal/index.ts';
import { approverNames, fourEyesChoices, isFirstApprover } from './four-eyes-rules.ts';
import { changesOf, inputsOf } from './threshold-values.ts';

const approval = (over: Partial<FundingApproval> = {}): FundingApproval => ({
  _id: 'a'.repeat(24),
  requestType: 'deposit',
  requestId: 'b'.repeat(24),
  action: 'approve_process',
  amount: 500,
  currency: 'USD',
  threshold: 100,
  state: 'awaiting',
  firstBy: 'ann',
  firstAt: 1_790_000_000,
  firstComment: '',
  secondBy: null,
  secondAt: null,
  secondComment: null,
  ...over,
});
const OPTIONS = updateStatusOptions(ALL_UPDATE_STATUSES);
const values = (o: { value: string }[]) => o.map((x) => x.value);

describe('four-eyes in the update modal', () => {
  it('keeps the approvals from the first approver, with the reason', () => {
    expect(isFirstApprover(approval(), 'ann')).toBe(true);
    const mine = fourEyesChoices(OPTIONS, approval(), 'ann');
    expect(values(mine.options)).toEqual(['pending', 'rejected']);
    expect(mine.note).toBe(FOUR_EYES_MESSAGES.sameApprover);
  });

  it('offers another staff member the first approver’s decision as the second approval', () => {
    const theirs = fourEyesChoices(OPTIONS, approval(), 'bob');
    expect(values(theirs.options)).toEqual(['pending', 'rejected', 'approve_process']);
    expect(theirs.note).toBeUndefined();
    expect(values(fourEyesChoices(OPTIONS, approval({ action: 'approved' }), 'bob').options)).toEqual([
      'pending',
      'rejected',
      'approved',
    ]);
  });

  it('changes nothing without an awaiting approval, and names both approvers once done', () => {
    expect(fourEyesChoices(OPTIONS, undefined, 'ann').options).toEqual(OPTIONS);
    const done = approval({ state: 'approved', secondBy: 'bob', secondAt: 1_790_000_100 });
    expect(isFirstApprover(done, 'ann')).toBe(false);
    expect(approverNames(done, { ann: 'Ann Admin', bob: 'Bob Admin' })).toBe('Ann Admin + Bob Admin');
  });
});

describe('threshold inputs', () => {
  it('sends a set per changed amount and a removal per cleared one', () => {
    const saved = inputsOf(
      [{ requestType: 'deposit', currency: 'USD', amount: 100, updatedBy: 'sys', updatedAt: 1 }],
      'deposit',
    );
    expect(saved).toEqual({ EUR: '', GBP: '', USD: 100 });
    expect(changesOf('deposit', saved, { EUR: 5000.004, GBP: '', USD: '' })).toEqual([
      { requestType: 'deposit', currency: 'EUR', amount: 5000 },
      { requestType: 'deposit', currency: 'USD', amount: null },
    ]);
  });
});
