import { z } from 'zod';
import { groupSchema, groupStatusSchema } from './entities.ts';

/**
 * Calls of docs/product.md [calls.groups]. id, name and status are all required for add and edit
 * (docs/product.md [rules]).
 */
export const groupFieldsRequest = z.strictObject({
  groupId: z.string().trim().min(1, 'Group ID is required.').max(64),
  groupName: z.string().trim().min(1, 'Group name is required.').max(120),
  groupStatus: groupStatusSchema,
  copy: z.string().trim().max(8).default(''),
});
export type GroupFieldsRequest = z.input<typeof groupFieldsRequest>;
export const deleteGroupRequest = z.strictObject({ groupId: z.string().trim().min(1).max(64) });
export const groupsResponse = z.object({ groups: z.array(groupSchema) });
export const groupResponse = z.object({ success: z.boolean(), group: groupSchema.optional() });
