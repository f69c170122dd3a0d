import { describe, expect, it } from 'vitest';
import { navGroupsFor } from '../../app/shell/nav-items.ts';

const links = (role: Parameters<typeof navGroupsFor>[0]) =>
  navGroupsFor(role).flatMap((g) => g.items.map((i) => i.to));

describe('the sidebar by role', () => {
  it('shows the audit trail and reconciliation to ADMINs, and staff sessions to SYSOPs only', () => {
    expect(links('ADMIN')).toEqual(expect.arrayContaining(['/audit', '/reconciliation']));
    expect(links('ADMIN')).not.toContain('/sessions');
    expect(links('SYSOP')).toEqual(expect.arrayContaining(['/audit', '/reconciliation', '/sessions']));
    expect(links(null)).not.toContain('/audit');
    expect(links('SYSOP')).toContain('/users/all');
  });

  it('shows the Staff screen (CONTROL) to ADMINs and SYSOPs', () => {
    expect(links('ADMIN')).toContain('/staff');
    expect(links('SYSOP')).toContain('/staff');
    expect(links(null)).not.toContain('/staff');
  });
});
