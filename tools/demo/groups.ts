import { ACCOUNT_TYPES, CURRENCIES, DEMO_ACCOUNT_TYPES } from '@brokerdesk/contract';
import { groupIdOf } from './accounts.ts';
import type { SeedState } from './context.ts';
import { DAY, YEAR } from './random.ts';

/** Older groups the desk keeps around: disabled ones, and copies flagged 'D' (shown red). */
const EXTRA_GROUPS = [
  { groupId: 'real\\vip-usd', groupName: 'Real VIP USD', groupStatus: 'active', copy: '' },
  { groupId: 'real\\islamic-usd', groupName: 'Real Islamic USD', groupStatus: 'disabled', copy: '' },
  {
    groupId: 'real\\standard-usd-copy',
    groupName: 'Real Standard USD (copy)',
    groupStatus: 'active',
    copy: 'D',
  },
  { groupId: 'real\\ecn-eur-copy', groupName: 'Real ECN EUR (copy)', groupStatus: 'disabled', copy: 'D' },
  {
    groupId: 'demo\\contest-2025',
    groupName: 'Demo Trading Contest 2025',
    groupStatus: 'disabled',
    copy: '',
  },
] as const;

/** One MT5 group per side, account type and currency (every demo account belongs to one), plus a few old ones. */
export function addGroups(state: SeedState): void {
  const { r } = state;
  const since = r.now - 2 * YEAR - 60 * DAY;
  for (const live of [true, false]) {
    for (const type of live ? ACCOUNT_TYPES : DEMO_ACCOUNT_TYPES) {
      for (const currency of CURRENCIES) {
        state.rows.groups.push({
          groupId: groupIdOf(live, type, currency),
          groupName: `${live ? 'Real' : 'Demo'} ${type} ${currency}`,
          groupStatus: 'active',
          timestamp: r.between(since, since + 30 * DAY),
          copy: '',
        });
      }
    }
  }
  for (const g of EXTRA_GROUPS)
    state.rows.groups.push({ ...g, timestamp: r.between(since, r.now - 30 * DAY) });
}
