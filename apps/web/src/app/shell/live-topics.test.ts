import { LIVE_TOPICS } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { leverageKeys } from '../../features/accounts/change-leverage/leverage-api.ts';
import { subAccountKeys } from '../../features/accounts/sub-account-requests/sub-account-queries.ts';
import { clientKeys, fundingHistoryKeys } from '../../features/clients/client-keys.ts';
import { bankKeys, fundingKeys } from '../../features/funding/shared/funding-keys.ts';
import { ibRequestKeys } from '../../features/partners/partners-keys.ts';
import { dashboardKeys } from '../../features/home/dashboard-queries.ts';
import { reconciliationAlertKeys } from '../../features/reconciliation/reconciliation-queries.ts';
import { systemKeys } from '../../shared/query-keys.ts';
import { alertKeys, requestAlertKeys } from '../../features/alerts/alerts-api.ts';
import { TOPIC_KEYS, keysFor } from './live-topics.ts';

describe('live topics -> query keys', () => {
  it("names the lists by the keys the screens' own queries use", () => {
    expect(TOPIC_KEYS.users).toContainEqual(clientKeys.lists());
    expect(TOPIC_KEYS.ib_requests).toContainEqual(ibRequestKeys.lists());
    expect(TOPIC_KEYS.deposits).toContainEqual(fundingKeys.deposit.lists());
    expect(TOPIC_KEYS.withdrawals).toContainEqual(fundingKeys.withdrawal.lists());
    expect(TOPIC_KEYS.transfers).toContainEqual(fundingKeys.transfer.lists());
    expect(TOPIC_KEYS.deposits).toContainEqual(fundingHistoryKeys.all);
    expect(TOPIC_KEYS.bank_accounts).toContainEqual(bankKeys.lists());
    expect(TOPIC_KEYS.sub_account_requests).toContainEqual(subAccountKeys.lists());
    expect(TOPIC_KEYS.leverage_changes).toContainEqual(leverageKeys.lists());
    expect(TOPIC_KEYS.reconciliation_alerts).toContainEqual(reconciliationAlertKeys.all);
    expect(TOPIC_KEYS.alerts).toContainEqual(alertKeys.all);
    expect(TOPIC_KEYS.alerts).toContainEqual(requestAlertKeys.all);
    expect(TOPIC_KEYS.alerts).toContainEqual(fundingKeys.withdrawal.lists());
  });

  it('refreshes the dashboard on every change it shows', () => {
    for (const topic of LIVE_TOPICS) expect(TOPIC_KEYS[topic], topic).toContainEqual(dashboardKeys.all);
  });

  it('refreshes the badges for every request table, the notice for deposits, the lights for platforms', () => {
    for (const topic of LIVE_TOPICS.filter((t) => t !== 'platform_status'))
      expect(TOPIC_KEYS[topic], topic).toContainEqual(systemKeys.counters());
    expect(keysFor(['deposits'])).toContainEqual(systemKeys.newDeposits());
    expect(keysFor(['withdrawals'])).not.toContainEqual(systemKeys.newDeposits());
    expect(keysFor(['platform_status'])).toEqual([systemKeys.platformStatus(), dashboardKeys.all]);
  });

  it('asks for each key once however many tables changed', () => {
    const keys = keysFor(['deposits', 'withdrawals', 'transfers']).map((k) => JSON.stringify(k));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => k === JSON.stringify(systemKeys.counters()))).toHaveLength(1);
  });
});
