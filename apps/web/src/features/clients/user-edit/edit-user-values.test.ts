import type { User } from '@brokerdesk/contract';
import { editPermissions, editUserRequest, STAFF_MESSAGES } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { blockedReason, editUserDefaults, roleOptions, toEditRequest } from './edit-user-values.ts';

const user: User = {
  _id: '0123456789abcdef01234567',
  role: 'USER',
  title: 'Mr.',
  name: 'Jon',
  surname: 'Smith',
  email: 'jon@example.test',
  mobilePhone: '07700 900123',
  birthDay: null,
  birthMonth: 2,
  birthYear: 1980,
  addressNo: '10',
  address: 'Downing Street',
  city: 'London',
  postcode: 'SW1A 2AA',
  county: '',
  country: 'GB',
  nationality: 'GB',
  status: 'new',
  accountType: 'Individual',
  reason: '',
  agentCode: null,
  nullpointCmpId: '',
  emailVerified: false,
  eKYCApproved: false,
  eKYCPending: false,
  eKYCFlagged: false,
  registered: false,
  firstAccountCreated: false,
  timestamp: 1,
  hubspotLifecycleId: null,
};

describe('Edit User values', () => {
  it('starts from the saved client and passes the contract unchanged', () => {
    const parsed = editUserRequest.parse(editUserDefaults(user));
    const body = toEditRequest(parsed, user);
    expect(body).not.toHaveProperty('newEmail');
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({ _id: user._id, role: 'USER', status: 'new', city: 'London' });
    expect(body.birthDay).toBeUndefined();
  });

  it('sends a changed email as newEmail and a typed password with its confirmation', () => {
    const parsed = editUserRequest.parse({
      ...editUserDefaults(user),
      newEmail: 'new@example.test',
      password: 'secret1',
      password2: 'secret1',
    });
    expect(toEditRequest(parsed, user)).toMatchObject({
      newEmail: 'new@example.test',
      password: 'secret1',
      password2: 'secret1',
    });
  });

  it('explains a blocked edit', () => {
    expect(blockedReason('SYSOP', 'USER')).toBeNull();
    expect(blockedReason('SYSOP', 'ADMIN')).toBe(STAFF_MESSAGES.managedOnStaffScreen);
    expect(blockedReason('ADMIN', 'SYSOP')).toBe(STAFF_MESSAGES.managedOnStaffScreen);
    expect(blockedReason('SYSOP', 'SYSOP')).toBe(STAFF_MESSAGES.managedOnStaffScreen);
  });

  it('offers only roles below the editor, showing the current one when it is not among them', () => {
    expect(roleOptions(editPermissions('ADMIN', 'USER'), 'USER').map((o) => o.value)).toEqual([
      'USER',
      'PARTNER',
      'MODERATOR',
    ]);
    const narrow = { canEdit: true, canChangeRole: true, canChangeStatus: true, roles: ['USER' as const] };
    expect(roleOptions(narrow, 'PARTNER').at(-1)).toEqual({
      value: 'PARTNER',
      label: 'PARTNER',
      disabled: true,
    });
  });
});
