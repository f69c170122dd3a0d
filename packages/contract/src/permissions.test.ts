import { describe, expect, it } from 'vitest';
import { editPermissions } from './permissions.ts';

describe('edit permissions (SPEC 5, 6)', () => {
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

  it('blocks a non-SYSOP editing a SYSOP, and anyone editing an ADMIN', () => {
    expect(editPermissions('ADMIN', 'SYSOP').canEdit).toBe(false);
    expect(editPermissions('SYSOP', 'SYSOP').canEdit).toBe(true);
    expect(editPermissions('SYSOP', 'ADMIN').canEdit).toBe(false);
    expect(editPermissions('ADMIN', 'ADMIN').canEdit).toBe(false);
  });

  it('offers status to a SYSOP, or to an ADMIN editing a non-ADMIN', () => {
    expect(editPermissions('ADMIN', 'MODERATOR').canChangeStatus).toBe(true);
    expect(editPermissions('ADMIN', 'SYSOP').canChangeStatus).toBe(false);
    expect(editPermissions('SYSOP', 'SYSOP').canChangeStatus).toBe(true);
  });
});
