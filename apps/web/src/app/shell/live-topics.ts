import { LIVE_TOPICS, type LiveTopic } from '@brokerdesk/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { entityKeys, systemKeys } from '../../shared/query-keys.ts';

/*
 * The screens' key families, by the entity names their features give entityKeys() (live-topics.test.ts
 * checks they agree). Named here rather than imported so the shell does not load the screens' code.
 */
const lists = (entity: string) => entityKeys(entity).lists();
const COUNTERS = systemKeys.counters();
const FUNDING_HISTORY = entityKeys('funding-history').all;
/** The Home dashboard: its queues, money and decisions move with every request table and the platform. */
const DASHBOARD = entityKeys('dashboard').all;

/**
 * What to refetch when a table changes: the sidebar badges, the new-deposit notice, the platform lights
 * and the lists on screen (a list keeps its rows and offers the new ones, see DataTable).
 */
export const TOPIC_KEYS: Record<LiveTopic, readonly QueryKey[]> = {
  users: [COUNTERS, lists('clients'), DASHBOARD],
  ib_requests: [COUNTERS, lists('ib-requests'), DASHBOARD],
  deposits: [COUNTERS, systemKeys.newDeposits(), lists('deposit-requests'), FUNDING_HISTORY, DASHBOARD],
  withdrawals: [COUNTERS, lists('withdrawal-requests'), FUNDING_HISTORY, DASHBOARD],
  transfers: [COUNTERS, lists('transfer-requests'), FUNDING_HISTORY, DASHBOARD],
  bank_accounts: [COUNTERS, lists('bank-accounts'), DASHBOARD],
  sub_account_requests: [COUNTERS, lists('sub-account-requests'), DASHBOARD],
  leverage_changes: [COUNTERS, lists('leverage-requests'), DASHBOARD],
  platform_status: [systemKeys.platformStatus(), DASHBOARD],
  // A critical mismatch found or acknowledged: the red badge on Reconciliation and the page's panel.
  reconciliation_alerts: [COUNTERS, entityKeys('reconciliation-alerts').all, DASHBOARD],
  // An alert raised, assigned or resolved: the Alerts badge and screen, a modal's alerts, the lists' flags.
  alerts: [
    COUNTERS,
    entityKeys('alerts').all,
    entityKeys('request-alerts').all,
    lists('deposit-requests'),
    lists('withdrawal-requests'),
    lists('transfer-requests'),
    DASHBOARD,
  ],
};

/** The distinct keys for a set of topics (one refetch of the counters for five changed tables). */
export function keysFor(topics: readonly LiveTopic[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const topic of topics) for (const key of TOPIC_KEYS[topic]) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}

/** Marks the queries stale; those on screen refetch in the background at once. */
export function refreshTopics(queryClient: QueryClient, topics: readonly LiveTopic[] = LIVE_TOPICS): void {
  for (const queryKey of keysFor(topics)) void queryClient.invalidateQueries({ queryKey });
}
