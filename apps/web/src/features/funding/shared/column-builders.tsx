import {
  CURRENCIES,
  type AlertFlag,
  type FundingTab,
  type LookupClient,
  REQUEST_KIND_WIRES,
} from '@brokerdesk/contract';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../../shared/data-table/index.ts';
import { formatAmount } from '../../../shared/formatters.ts';
import { ClientCell, RequestStatusCell, TimeCell } from './cells.tsx';
import { TIME_WIDTH } from '../../../shared/time-zone/index.ts';
import { RejectApproveButtons } from './row-actions.tsx';
import { AlertFlagCell } from './alert-gate.tsx';
// One helper for every 'admin' column of the console (trading accounts use it too).
import { adminLabel } from '../../accounts/admin-label.ts';

/** Column pieces shared by the deposit, withdrawal and transfer lists. Ids are the server's fields. */

type Base = { _id: string; userId: string; status: string };
export type Clients = Readonly<Record<string, LookupClient>>;
/** The page's rows with open or confirmed alerts, by request id (the list reply's `alerts`). */
export type AlertFlags = Readonly<Record<string, AlertFlag>>;

export const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

export function timeColumn<T>(
  id: string,
  header: string,
  read: (row: T) => number | null,
): DataTableColumn<T> {
  return {
    id,
    header,
    cell: (r) => <TimeCell seconds={read(r)} />,
    sortable: true,
    sortDescFirst: true,
    // Held at its text's width: a squeezed table would cut the time short.
    width: TIME_WIDTH,
  };
}

/** First and last name; its filter (`client`) matches name or email on the server. */
export function clientColumn<T extends Base>(clients: Clients | undefined): DataTableColumn<T> {
  return {
    id: 'client',
    header: 'Name',
    cell: (r) => <ClientCell userId={r.userId} client={clients?.[r.userId]} />,
    fitWidth: 170,
    filter: { kind: 'text', placeholder: 'Name or email' },
  };
}

/**
 * The flag of a request with alerts (docs/product.md [alerts.on-approval]); its filter keeps only the
 * flagged requests, or only the others.
 */
export function alertFlagColumn<T extends Base>(
  flags: AlertFlags | undefined,
  tab: FundingTab | undefined,
): DataTableColumn<T> {
  // On the tabs of decided requests the flag is history: hidden at first, the first to leave a narrow screen.
  const decided = tab !== undefined && tab !== 'pending' && tab !== 'incomplete';
  return {
    defaultHidden: decided || undefined,
    spareRank: decided ? -1 : undefined,
    id: 'flagged',
    header: 'Alerts',
    cell: (r) => <AlertFlagCell flag={flags?.[r._id]} />,
    filter: {
      kind: 'select',
      placeholder: 'All',
      options: [
        { value: 'true', label: 'Flagged' },
        { value: 'false', label: 'Not flagged' },
      ],
    },
    fitWidth: 110,
  };
}

export function textColumn<T>(id: string, header: string, read: (row: T) => string): DataTableColumn<T> {
  return { id, header, cell: read, sortable: true, filter: { kind: 'text' } };
}

/** Long references (crypto hashes) are cut to fit; the whole value is in the tooltip and copy works. */
export function referenceColumn<T>(id: string, header: string, read: (row: T) => string): DataTableColumn<T> {
  return {
    id,
    header,
    cell: (r) => (
      <Text size="sm" ff="monospace" truncate="end" maw={120} title={read(r)}>
        {read(r)}
      </Text>
    ),
    sortable: true,
    filter: { kind: 'text' },
    fitWidth: 130,
  };
}

export function accountColumn<T>(id: string, header: string, read: (row: T) => number): DataTableColumn<T> {
  return { id, header, cell: read, sortable: true, filter: { kind: 'number' } };
}

/** 2 decimals, right-aligned so the digits line up (docs/product.md [const.amounts]). */
export function amountColumn<T>(id: string, read: (row: T) => number): DataTableColumn<T> {
  return {
    id,
    header: 'Amount',
    cell: (r) => formatAmount(read(r)),
    sortable: true,
    sortDescFirst: true,
    align: 'right',
  };
}

export function currencyColumn<T>(id: string, cell: (row: T) => string): DataTableColumn<T> {
  return {
    id,
    header: 'Currency',
    cell,
    sortable: true,
    filter: { kind: 'select', options: CURRENCY_OPTIONS },
  };
}

/** Deposits and withdrawals are open in the same statuses (the contract's request kinds). */
const OPEN = new Set<string>(REQUEST_KIND_WIRES.deposit.open);

/**
 * Approved time and approved by (docs/product.md [screen.withdrawals], [screen.deposits]); no admin is
 * AUTOMATION (docs/product.md [entities]). A rejected request shows when and by whom it was decided; an open
 * one shows nothing rather than AUTOMATION.
 */
export function approvalColumns<T extends Base & { adminId: string }>(
  admins: Readonly<Record<string, string>> | undefined,
  decidedAt: (row: T) => number | null,
): DataTableColumn<T>[] {
  return [
    timeColumn<T>('timeApproved', 'Approved time', decidedAt),
    {
      id: 'adminId',
      header: 'Approved by',
      cell: (r) => (OPEN.has(r.status) ? '' : adminLabel(r.adminId, admins)),
    },
  ];
}

export function statusColumn<T extends Base>(mtStatus: (row: T) => string): DataTableColumn<T> {
  return {
    id: 'status',
    header: 'Status',
    cell: (r) => <RequestStatusCell status={r.status} mtStatus={mtStatus(r)} />,
    // The platform's reason for a failure decides a retry: it is read whole, never cut.
    fullText: true,
    fitWidth: 170,
  };
}

export type RowActions<T> = {
  onReject: (row: T) => void;
  onApprove: (row: T) => void;
  /** The row whose approval is on its way. */
  approvingId: string | undefined;
  /** Why the signed-in staff member may not approve a row (four-eyes), if so. */
  approveBlocked?: (row: T) => string | undefined;
  /** The refusal's word where the list has its own (bank accounts are declined). */
  rejectLabel?: string;
};

export function actionsColumn<T extends Base>(actions: RowActions<T>): DataTableColumn<T> {
  return {
    id: 'actions',
    header: '',
    sticky: 'right',
    // Reject and Approve, two small buttons.
    fitWidth: 150,
    cell: (r) => (
      <RejectApproveButtons
        onReject={() => actions.onReject(r)}
        onApprove={() => actions.onApprove(r)}
        approving={actions.approvingId === r._id}
        disabled={actions.approvingId !== undefined && actions.approvingId !== r._id}
        approveBlocked={actions.approveBlocked?.(r)}
        rejectLabel={actions.rejectLabel}
      />
    ),
  };
}

type Field<T, V> = { id: string; read: (row: T) => V };

/** Where a deposit's or withdrawal's fields are: the two lists show the same columns of other fields. */
export type RequestFields<T> = {
  gateway: Field<T, string>;
  time: { header: string; read: (row: T) => number | null };
  payment: Field<T, string>;
  reference: Field<T, string>;
  account: Field<T, number> & { header: string };
  amount: Field<T, number>;
  currency: Field<T, string>;
};

/**
 * The columns a deposit and a withdrawal list open with (docs/product.md [screen.deposits],
 * [screen.withdrawals]): gateway, time, payment method, name, transaction id, account, amount, currency.
 */
export function requestColumns<T extends Base>(
  f: RequestFields<T>,
  ctx: { clients?: Clients; alerts?: AlertFlags; tab?: FundingTab },
): DataTableColumn<T>[] {
  return [
    textColumn<T>(f.gateway.id, 'Gateway', f.gateway.read),
    timeColumn<T>('timestamp', f.time.header, f.time.read),
    textColumn<T>(f.payment.id, 'Payment method', f.payment.read),
    clientColumn<T>(ctx.clients),
    alertFlagColumn<T>(ctx.alerts, ctx.tab),
    referenceColumn<T>(f.reference.id, 'Transaction ID', f.reference.read),
    accountColumn<T>(f.account.id, f.account.header, f.account.read),
    amountColumn<T>(f.amount.id, f.amount.read),
    currencyColumn<T>(f.currency.id, f.currency.read),
  ];
}

/** What a tab adds after a request's own columns: who decided and when, the status, the buttons. */
export function decisionColumns<T extends Base & { adminId: string }>(
  extra: { approval: boolean; status: boolean; actions: boolean },
  ctx: { admins?: Readonly<Record<string, string>>; actions?: RowActions<T> },
  row: { decidedAt: (row: T) => number | null; mtStatus: (row: T) => string },
): DataTableColumn<T>[] {
  return [
    ...(extra.approval ? approvalColumns<T>(ctx.admins, row.decidedAt) : []),
    ...(extra.status ? [statusColumn<T>(row.mtStatus)] : []),
    ...(extra.actions && ctx.actions ? [actionsColumn(ctx.actions)] : []),
  ];
}

/** A list's columns on one tab, with the lookups they show. */
export type ColumnsContext<T> = {
  tab: FundingTab;
  clients?: Clients;
  admins?: Readonly<Record<string, string>>;
  actions?: RowActions<T>;
  alerts?: AlertFlags;
};

/** Sortable fields of a column list, for the URL state's allow-list. */
export function sortFieldsOf<T>(columns: readonly DataTableColumn<T>[]): string[] {
  return columns.filter((c) => c.sortable).map((c) => c.id);
}
