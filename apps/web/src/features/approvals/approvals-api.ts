import { setThresholdResponse, thresholdsResponse, type SetThresholdRequest } from '@brokerdesk/contract';
import { api, type RequestOptions } from '../../shared/api.ts';
import { entityKeys } from '../../shared/query-keys.ts';

/** Four-eyes thresholds (README API table; issue 9). */
export const approvalsApi = {
  thresholds: (options?: RequestOptions) =>
    api.get('/api/admin/approvals/thresholds', thresholdsResponse, options),
  setThreshold: (body: SetThresholdRequest) =>
    api.post('/api/admin/approvals/setThreshold', setThresholdResponse, body),
};

export const thresholdKeys = entityKeys('approval-thresholds');
