import { roleRank, roleSchema, type Role } from '@brokerdesk/contract';
import { decodeClaims } from '../../shared/session.ts';
import { useSessionToken } from '../../shared/use-session.ts';

/** The signed-in staff member's role, from the token (the server checks it again on every call). */
export function useStaffRole(): Role | null {
  const token = useSessionToken();
  const role = roleSchema.safeParse(token ? decodeClaims(token)?.role : undefined);
  return role.success ? role.data : null;
}

/** True when the role is at least `min`. */
export function hasRole(role: Role | null, min: Role): boolean {
  return role !== null && roleRank(role) >= roleRank(min);
}
