import {
  staffInviteResponse,
  staffListResponse,
  staffUpdateResponse,
  type StaffInviteRequest,
  type StaffUpdateRequest,
} from '@brokerdesk/contract';
import { api, type RequestOptions } from '../../shared/api.ts';
import { entityKeys } from '../../shared/query-keys.ts';

/** Staff management calls (issue 18), typed by the contract. */
export const staffApi = {
  list: (options?: RequestOptions) => api.get('/api/admin/staff', staffListResponse, options),
  invite: (body: StaffInviteRequest) => api.post('/api/admin/staff/invite', staffInviteResponse, body),
  update: (body: StaffUpdateRequest) => api.post('/api/admin/staff/update', staffUpdateResponse, body),
};

export const staffKeys = entityKeys('staff');
