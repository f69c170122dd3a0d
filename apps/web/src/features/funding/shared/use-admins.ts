import { useQuery } from '@tanstack/react-query';
import { isRefetch } from '../../../shared/background-fetch.ts';
import { fundingApi } from './funding-api.ts';
import { adminKeys } from './funding-keys.ts';

/** Shown for requests approved without a staff member (SPEC 3: adminId empty or '0'). */
export const AUTOMATION = 'AUTOMATION';

/** The staff list changes rarely; five minutes is fresh enough for names. */
const ADMINS_STALE_MS = 5 * 60_000;

/** Staff id -> name (SPEC 6: 'Approved by' names come from the admins list). */
export function useAdmins() {
  return useQuery({
    queryKey: adminKeys.lists(),
    queryFn: (ctx) => fundingApi.admins({ signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => reply.admins,
    staleTime: ADMINS_STALE_MS,
  });
}

/**
 * The 'Approved by' text: AUTOMATION for no admin, the staff member's name, or the raw id when the
 * name is unknown (a former staff member), so the approval can still be traced.
 */
export function approvedByName(adminId: string, admins: Readonly<Record<string, string>> | undefined): string {
  const id = adminId.trim();
  if (id === '' || id === '0') return AUTOMATION;
  return admins?.[id] ?? id;
}
