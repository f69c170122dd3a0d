import { z } from 'zod';

/** Role ranks of docs/product.md [roles], lowest to highest. */
export const ROLE_RANK = { USER: 0, PARTNER: 1, MODERATOR: 2, ADMIN: 8, SYSOP: 9 } as const;
export const ROLES = ['USER', 'PARTNER', 'MODERATOR', 'ADMIN', 'SYSOP'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export function roleRank(role: Role): number {
  return ROLE_RANK[role];
}

/** The portal is for ADMIN and above. */
export function isStaff(role: Role): boolean {
  return roleRank(role) >= ROLE_RANK.ADMIN;
}

/** A user can assign only roles strictly below their own (docs/product.md [role.assign]). */
export function assignableRoles(editor: Role): Role[] {
  return ROLES.filter((r) => roleRank(r) < roleRank(editor));
}
