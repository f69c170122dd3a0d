import { describe, expect, it } from 'vitest';
import { approvedWithoutAccount, countsAsApproved, CRM_OPTIONS, crmLabel, ekycState } from './user-labels.ts';

describe('user list labels', () => {
  it('treats every status but new, pending and rejected as approved', () => {
    expect(countsAsApproved('approved')).toBe(true);
    expect(countsAsApproved('disabled')).toBe(true);
    expect(countsAsApproved('new')).toBe(false);
    expect(countsAsApproved('pending')).toBe(false);
    expect(countsAsApproved('rejected')).toBe(false);
  });

  it('marks approved clients without a first account', () => {
    expect(approvedWithoutAccount({ status: 'approved', firstAccountCreated: false })).toBe(true);
    expect(approvedWithoutAccount({ status: 'approved', firstAccountCreated: true })).toBe(false);
    expect(approvedWithoutAccount({ status: 'pending', firstAccountCreated: false })).toBe(false);
  });

  it('shows FLAGGED before any eKYC outcome', () => {
    const base = { eKYCApproved: false, eKYCPending: false, eKYCFlagged: false };
    expect(ekycState({ ...base, eKYCApproved: true, eKYCFlagged: true })).toBe('flagged');
    expect(ekycState({ ...base, eKYCApproved: true })).toBe('approved');
    expect(ekycState({ ...base, eKYCPending: true })).toBe('pending');
    expect(ekycState(base)).toBe('nonapproved');
  });

  it('labels CRM lifecycle ids', () => {
    expect(crmLabel('42')).toBe('Lead');
    expect(crmLabel('44')).toBe('Deposited');
    expect(crmLabel(null)).toBe('');
  });
});

describe('CRM lifecycle filter options', () => {
  it('lists the stages in lifecycle order, Lead first and Deposited last', () => {
    expect(CRM_OPTIONS.map((o) => o.label)).toEqual([
      'Lead',
      'Level 1',
      'Level 2',
      'Registered',
      'Deposited',
    ]);
  });
});
