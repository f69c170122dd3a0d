export { listStaff } from './list-staff.ts';
export { inviteStaff } from './invite-staff.ts';
export { updateStaff } from './update-staff.ts';
