export { listGroups } from './list-groups.ts';
export { addGroup } from './add-group.ts';
export { editGroup } from './edit-group.ts';
export { deleteGroup } from './delete-group.ts';
