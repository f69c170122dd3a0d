import { describe, expect, it } from 'vitest';
import { editPermissions } from './permissions.ts';

describe('edit permissions', () => {
  it('lets only a SYSOP change roles, offering roles strictly below their own', () => {
    expect(editPermissions('SYSOP', 'USER')).toEqual({
      canEdit: true,
      canChangeRole: true,
      canChangeStatus: true,
      roles: ['USER', 'PARTNER', 'MODERATOR', 'ADMIN'],
    });
    expect(editPermissions('ADMIN', 'USER')).toMatchObject({
      canEdit: true,
      canChangeRole: false,
      canChangeStatus: true,
    });
    expect(editPermissions('ADMIN', 'USER').roles).toEqual(['USER', 'PARTNER', 'MODERATOR']);
  });

  it('blocks anyone editing a staff member (ADMIN or SYSOP): the Staff screen changes staff', () => {
    expect(editPermissions('ADMIN', 'SYSOP').canEdit).toBe(false);
    expect(editPermissions('SYSOP', 'SYSOP').canEdit).toBe(false);
    expect(editPermissions('SYSOP', 'ADMIN').canEdit).toBe(false);
    expect(editPermissions('ADMIN', 'ADMIN').canEdit).toBe(false);
  });

  it('offers status to a SYSOP, or to an ADMIN editing a non-ADMIN', () => {
    expect(editPermissions('ADMIN', 'MODERATOR').canChangeStatus).toBe(true);
    expect(editPermissions('ADMIN', 'SYSOP').canChangeStatus).toBe(false);
    expect(editPermissions('SYSOP', 'SYSOP').canChangeStatus).toBe(false);
    expect(editPermissions('SYSOP', 'USER').canChangeStatus).toBe(true);
  });
});
