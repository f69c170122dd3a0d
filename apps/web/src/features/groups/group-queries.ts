import type { deleteGroupRequest } from '@brokerdesk/contract';
import { groupResponse, groupsResponse, type GroupFieldsRequest } from '@brokerdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api.ts';
import { isRefetch } from '../../shared/background-fetch.ts';
import { ensureSuccess } from '../../shared/ensure-success.ts';
import { showSuccessNotice } from '../../shared/notify.ts';
import { entityKeys } from '../../shared/query-keys.ts';

export const groupKeys = entityKeys('groups');

/** SPEC 7.5: the whole list in one call. */
export function useGroups() {
  return useQuery({
    queryKey: groupKeys.lists(),
    queryFn: (ctx) =>
      api.get('/api/admin/groups/getGroups', groupsResponse, {
        signal: ctx.signal,
        background: isRefetch(ctx),
      }),
    select: (reply) => reply.groups,
  });
}

type Change =
  | { action: 'add' | 'edit'; body: GroupFieldsRequest }
  | { action: 'delete'; body: z.input<typeof deleteGroupRequest> };

const PATHS = {
  add: '/api/admin/groups/addGroup',
  edit: '/api/admin/groups/editGroup',
  delete: '/api/admin/groups/deleteGroup',
} as const;
const NOTICES = { add: 'Group added.', edit: 'Group updated.', delete: 'Group deleted.' } as const;

/**
 * Add, edit or delete a group. Errors are shown in the group modal (SPEC 8), so no notice pops up on
 * top of it; the list and the group's detail load again after any change.
 */
export function useGroupChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change) =>
      ensureSuccess(await api.post(PATHS[change.action], groupResponse, change.body)),
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
