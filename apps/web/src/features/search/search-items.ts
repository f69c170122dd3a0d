import type { SearchResponse } from '@brokerdesk/contract';
import { formatAmount, fullName } from '../../shared/formatters.ts';

/** One row of the results: where Enter (or a click) takes the staff member. */
export type SearchItem = {
  id: string;
  group: SearchGroup;
  title: string;
  detail: string;
  href: string;
};

export type SearchGroup = 'Clients' | 'Trading accounts' | 'Transactions' | 'IB codes';
export const SEARCH_GROUPS: readonly SearchGroup[] = [
  'Clients',
  'Trading accounts',
  'Transactions',
  'IB codes',
];

const profile = (userId: string) => `/user/profile/${userId}`;

/** A list screen of one status tab, filtered to one transaction id (the list's own URL state). */
function requestList(base: string, tab: string, field: string, reference: string): string {
  const filter = reference ? `?${new URLSearchParams({ [`f.${field}`]: reference })}` : '';
  return `/${base}/${tab}${filter}`;
}

/** The answer as one list in group order, so the arrow keys walk through every group. */
export function searchItems(r: SearchResponse): SearchItem[] {
  return [
    ...r.clients.map<SearchItem>((c) => ({
      id: `client:${c._id}`,
      group: 'Clients',
      title: fullName(c.name, c.surname) || c.email,
      detail: [c.email, c.mobilePhone, c.status].filter(Boolean).join(' · '),
      href: profile(c._id),
    })),
    ...r.accounts.map<SearchItem>((a) => ({
      id: `account:${a._id}`,
      group: 'Trading accounts',
      title: `${a.number} (${a.platform}, ${a.live ? 'live' : 'demo'})`,
      detail: [a.clientName, a.type, a.baseCurrency].filter(Boolean).join(' · '),
      href: profile(a.userId),
    })),
    ...r.transactions.map<SearchItem>((x) => ({
      id: `${x.type}:${x._id}`,
      group: 'Transactions',
      title: `${x.type === 'deposit' ? 'Deposit' : 'Withdrawal'} ${x.reference || x._id}`,
      detail: [x.clientName, `${formatAmount(x.amount)} ${x.currency}`, x.status].filter(Boolean).join(' · '),
      href:
        x.type === 'deposit'
          ? requestList('deposit-requests', x.tab, 'transactionId', x.reference)
          : requestList('withdrawal-requests', x.tab, 'requestId', x.reference),
    })),
    ...r.ibCodes.map<SearchItem>((ib) => ({
      id: `ib:${ib._id}`,
      group: 'IB codes',
      title: `${ib.agentCode} · ${ib.name}`,
      detail: [ib.code, ib.statusCode].filter(Boolean).join(' · '),
      href: ib.partnerId
        ? profile(ib.partnerId)
        : `/ib-codes?${new URLSearchParams({ 'f.q': String(ib.agentCode) })}`,
    })),
  ];
}

/** The next active row for an arrow key: wraps around both ends; -1 when there is nothing. */
export function moveActive(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return delta === 1 ? 0 : count - 1;
  return (active + delta + count) % count;
}
