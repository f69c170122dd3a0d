import type { MenuCounters } from '@brokerdesk/contract';
import {
  IconArrowsExchange,
  IconBuildingBank,
  IconCashPlus,
  IconChartCandle,
  IconCirclePlus,
  IconCode,
  IconGauge,
  IconHandStop,
  IconUserCheck,
  IconUserPause,
  IconUserPlus,
  IconUsers,
  IconUserX,
  IconWallet,
  IconCashMinus,
  type Icon,
} from '@tabler/icons-react';

export type NavItem = {
  label: string;
  to: string;
  icon: Icon;
  /** The menu counter shown as a badge on this link (SPEC 2.2, 3). */
  counter?: keyof MenuCounters;
  /** Highlight for every status tab of the screen, not only the one the link opens. */
  activePrefix?: string;
};

export type NavGroup = { label: string; items: NavItem[] };

/** The sidebar of SPEC 2.2, in its order. */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'CLIENT MANAGEMENT',
    items: [
      { label: 'All Accounts', to: '/users/all', icon: IconUsers },
      { label: 'New Clients', to: '/users/new', icon: IconUserPlus, counter: 'newClients' },
      { label: 'Approved Accounts', to: '/users/approved', icon: IconUserCheck },
      { label: 'Pending Accounts', to: '/users/pending', icon: IconUserPause },
      { label: 'Rejected Accounts', to: '/users/rejected', icon: IconUserX },
    ],
  },
  {
    label: 'PARTNER MANAGEMENT',
    items: [
      { label: 'IB Requests', to: '/ib-requests', icon: IconHandStop, counter: 'newIntroducerRequests' },
      { label: 'IB Codes', to: '/ib-codes', icon: IconCode },
    ],
  },
  {
    label: 'FUNDING',
    items: [
      {
        label: 'Deposits',
        to: '/deposit-requests/pending',
        icon: IconCashPlus,
        counter: 'newDeposits',
        activePrefix: '/deposit-requests/',
      },
      {
        label: 'Withdrawals',
        to: '/withdrawal-requests/pending',
        icon: IconCashMinus,
        counter: 'newWithdrawals',
        activePrefix: '/withdrawal-requests/',
      },
      {
        label: 'Internal Transfers',
        to: '/transfer-requests/pending',
        icon: IconArrowsExchange,
        counter: 'newTransfers',
        activePrefix: '/transfer-requests/',
      },
      {
        label: 'Bank Accounts',
        to: '/bank-verification-requests/pending',
        icon: IconBuildingBank,
        counter: 'newBankDetails',
        activePrefix: '/bank-verification-requests/',
      },
    ],
  },
  {
    label: 'TRADING ACCOUNTS',
    items: [
      { label: 'Wallet Accounts', to: '/wallet-accounts', icon: IconWallet },
      { label: 'Trading Accounts', to: '/trading-accounts', icon: IconChartCandle },
      {
        label: 'New Sub Account Requests',
        to: '/new-sub-account-requests/pending',
        icon: IconCirclePlus,
        counter: 'newSubAccounts',
        activePrefix: '/new-sub-account-requests/',
      },
      {
        label: 'Change Leverage Requests',
        to: '/change-leverage-requests/pending',
        icon: IconGauge,
        counter: 'newChangeLeverages',
        activePrefix: '/change-leverage-requests/',
      },
    ],
  },
];

export function isItemActive(item: NavItem, pathname: string): boolean {
  return item.activePrefix ? pathname.startsWith(item.activePrefix) : pathname === item.to;
}
