import { calls, type GroupFieldsRequest } from '@brokerdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../shared/api.ts';
import { isRefetch } from '../../shared/background-fetch.ts';
import { ensureSuccess } from '../../shared/ensure-success.ts';
import { showSuccessNotice } from '../../shared/notify.ts';
import { entityKeys } from '../../shared/query-keys.ts';

export const groupKeys = entityKeys('groups');

/** docs/product.md [calls.groups]: the whole list in one call. */
export function useGroups() {
  return useQuery({
    queryKey: groupKeys.lists(),
    queryFn: (ctx) => call(calls.groups.listGroups, {}, { signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => reply.groups,
  });
}

type Change =
  | { action: 'add' | 'edit'; body: GroupFieldsRequest }
  | { action: 'delete'; body: z.input<typeof calls.groups.deleteGroup.body> };

const CALLS = {
  add: calls.groups.addGroup,
  edit: calls.groups.editGroup,
  delete: calls.groups.deleteGroup,
} as const;
const NOTICES = { add: 'Group added.', edit: 'Group updated.', delete: 'Group deleted.' } as const;

/**
 * Add, edit or delete a group. Errors are shown in the group modal (docs/product.md [messages]), so no notice
 * pops up on top of it; the list and the group's detail load again after any change.
 */
export function useGroupChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change) =>
      ensureSuccess(await call(CALLS[change.action], { body: change.body })),
    meta: { errorNotice: false },
    onSuccess: async (_reply, change) => {
      showSuccessNotice(NOTICES[change.action]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: groupKeys.detail(change.body.groupId) }),
      ]);
    },
  });
}
