import { ROLE_RANK, type MenuCounters, type Role } from '@brokerdesk/contract';
import {
  IconAlertTriangle,
  IconArchive,
  IconArrowsExchange,
  IconBuildingBank,
  IconCashPlus,
  IconChartCandle,
  IconCirclePlus,
  IconCode,
  IconDevices,
  IconGauge,
  IconScale,
  IconReportAnalytics,
  IconHandStop,
  IconHistory,
  IconUserCheck,
  IconUserPause,
  IconUserPlus,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  IconUserX,
  IconWallet,
  IconCashMinus,
  IconShieldCheck,
  type Icon,
} from '@tabler/icons-react';

export type NavItem = {
  label: string;
  to: string;
  icon: Icon;
  /**
   * The menu counter shown as a badge on this link (docs/product.md [screen.sidebar],
   * [entity.menu-counters]).
   */
  counter?: keyof MenuCounters;
  /** What the badge counts, for screen readers ("3 new" unless said otherwise). */
  counterLabel?: string;
  /** Highlight for every status tab of the screen, not only the one the link opens. */
  activePrefix?: string;
  /** Shown only to staff of this role or above (the server refuses the others anyway). */
  minRole?: Role;
};

export type NavGroup = { label: string; items: NavItem[] };

/** The sidebar of docs/product.md [screen.sidebar], in its order. */
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
      // Routes of docs/product.md [routes] that had no link in the original sidebar: without these, staff
      // had no way to them (docs/product.md [screen.sidebar.extra-links]).
      { label: 'Historical Requests', to: '/historical-requests', icon: IconArchive },
      { label: 'Four-eyes approvals', to: '/approval-thresholds', icon: IconShieldCheck },
    ],
  },
  {
    label: 'TRADING ACCOUNTS',
    items: [
      { label: 'Wallet Accounts', to: '/wallet-accounts', icon: IconWallet },
      { label: 'Trading Accounts', to: '/trading-accounts', icon: IconChartCandle },
      { label: 'Manage Groups', to: '/manage-groups', icon: IconUsersGroup },
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
  // Not in the original sidebar: the controls added to the product
  // (docs/product.md [screen.sidebar.extra-links]).
  {
    label: 'CONTROL',
    items: [
      { label: 'Audit Trail', to: '/audit', icon: IconHistory, minRole: 'ADMIN' },
      // Alerts on clients' money (docs/product.md [screen.alerts]).
      {
        label: 'Alerts',
        to: '/alerts',
        icon: IconAlertTriangle,
        minRole: 'ADMIN',
        activePrefix: '/alerts',
        counter: 'openAlerts',
        counterLabel: 'open',
      },
      {
        label: 'Reconciliation',
        to: '/reconciliation',
        icon: IconScale,
        minRole: 'ADMIN',
        // Open critical mismatches: money moved twice on the platform.
        counter: 'criticalMismatches',
        counterLabel: 'critical',
      },
      // Scheduled reports: the history for staff, subscriptions for a SYSOP (docs/product.md [screen.reports]).
      { label: 'Reports', to: '/reports', icon: IconReportAnalytics, minRole: 'ADMIN' },
      { label: 'Staff', to: '/staff', icon: IconUserShield, minRole: 'ADMIN' },
      { label: 'Staff Sessions', to: '/sessions', icon: IconDevices, minRole: 'SYSOP' },
    ],
  },
];

export function isItemActive(item: NavItem, pathname: string): boolean {
  return item.activePrefix ? pathname.startsWith(item.activePrefix) : pathname === item.to;
}

/** The groups and links a role sees: links above the role are left out, and groups left empty. */
export function navGroupsFor(role: Role | null): NavGroup[] {
  const allowed = (item: NavItem) =>
    !item.minRole || (role !== null && ROLE_RANK[role] >= ROLE_RANK[item.minRole]);
  return NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter(allowed) })).filter((g) => g.items.length > 0);
}

/**
 * What a folded group's heading shows: the sum of its links' badges, counted as they count ('new',
 * or 'critical' where every badge of the group says so).
 */
export function groupBadge(
  group: NavGroup,
  counters: MenuCounters | undefined,
): { count: number; label: string } {
  const countOf = (item: NavItem) => Math.max(0, counters?.[item.counter!] ?? 0);
  const counted = group.items.filter((item) => item.counter);
  const count = counted.reduce((sum, item) => sum + countOf(item), 0);
  // Named by the badges that show: two open alerts beside no critical mismatch are "open".
  const showing = counted.filter((item) => countOf(item) > 0);
  const labels = new Set((showing.length > 0 ? showing : counted).map((item) => item.counterLabel ?? 'new'));
  return { count, label: labels.size === 1 ? [...labels][0]! : 'new' };
}
