import { calls, type SetThresholdRequest } from '@brokerdesk/contract';
import { call, type RequestOptions } from '../../shared/api.ts';
import { entityKeys } from '../../shared/query-keys.ts';

/** Four-eyes thresholds (README API table). */
export const approvalsApi = {
  thresholds: (options?: RequestOptions) => call(calls.approvals.listThresholds, {}, options),
  setThreshold: (body: SetThresholdRequest) => call(calls.approvals.setThreshold, { body }),
};

export const thresholdKeys = entityKeys('approval-thresholds');
