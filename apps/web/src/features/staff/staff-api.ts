import { calls, type StaffInviteRequest, type StaffUpdateRequest } from '@brokerdesk/contract';
import { call, type RequestOptions } from '../../shared/api.ts';
import { entityKeys } from '../../shared/query-keys.ts';

/** Staff management calls, typed by the contract. */
export const staffApi = {
  list: (options?: RequestOptions) => call(calls.staff.listStaff, {}, options),
  invite: (body: StaffInviteRequest) => call(calls.staff.inviteStaff, { body }),
  update: (body: StaffUpdateRequest) => call(calls.staff.updateStaff, { body }),
};

export const staffKeys = entityKeys('staff');
