import { ROLE_RANK, assignableRoles, type Role } from './roles.ts';

/**
 * What an editor may do to a user in the Edit User form (docs/product.md [rule.edit-user], [roles]). Server
 * and web both use it.
 */
export type EditPermissions = {
  canEdit: boolean;
  canChangeRole: boolean;
  canChangeStatus: boolean;
  /** Roles the editor may pick: strictly below their own. */
  roles: Role[];
};

export function editPermissions(editor: Role, target: Role): EditPermissions {
  // Staff (ADMIN, SYSOP) are changed only on the Staff screen (role, status, password), whoever edits:
  // the last-SYSOP rule and the staff password policy hold there.
  const canEdit = target !== 'ADMIN' && target !== 'SYSOP';
  const isSysop = editor === 'SYSOP';
  return {
    canEdit,
    canChangeRole: canEdit && isSysop,
    canChangeStatus: canEdit && (isSysop || (editor === 'ADMIN' && ROLE_RANK[target] < ROLE_RANK.ADMIN)),
    roles: assignableRoles(editor),
  };
}
