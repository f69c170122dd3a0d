export { countNewRequests } from './count-new-requests.ts';
export { checkNewDeposits } from './check-new-deposits.ts';
export { listPlatformStatuses } from './list-platform-statuses.ts';
export { getServerInfo } from './get-server-info.ts';
export { getDevOutbox } from './get-dev-outbox.ts';
export { checkHealth } from './check-health.ts';
export { checkReadiness } from './check-readiness.ts';
