import {
  FUNDING_TYPES,
  fundingTabSchema,
  withdrawalCurrencyText,
  type FundingTab,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { deposits, transfers, withdrawals } from '../../db/schema.ts';
import { listExport, type ExportableListDef } from '../exports/registry.ts';
import { amount, clientColumns, clientsOf, isoTime, oneOf } from '../exports/columns.ts';
import { planFundingList } from './list.ts';
import { planWithdrawalOrders } from './orders.ts';

type Deposit = typeof deposits.$inferSelect;
type Withdrawal = typeof withdrawals.$inferSelect;
type Transfer = typeof transfers.$inferSelect;

/**
 * Deposit requests (docs/product.md [screen.deposits] columns), with status and the approval fields of the
 * later tabs.
 */
const depositPlan = (db: Db, tab: FundingTab, plan: ReturnType<typeof planFundingList>) =>
  listExport(db, deposits, plan, {
    lookup: clientsOf,
    name: `deposits-${tab}`,
    columns: [
      { header: 'Id', value: (d: Deposit) => d.id },
      { header: 'Gateway', value: (d) => d.paymentGatewayService },
      { header: 'Time (UTC)', value: (d) => isoTime(d.timestamp) },
      { header: 'Payment method', value: (d) => d.depositPaymentName },
      ...clientColumns<Deposit>(),
      { header: 'Transaction id', value: (d) => d.transactionId },
      { header: 'Account number', value: (d) => d.accountNumber },
      { header: 'Amount', value: (d) => amount(d.depositAmountSent) },
      { header: 'Currency', value: (d) => d.depositCurrency },
      { header: 'Status', value: (d) => d.status },
      { header: 'Approved time (UTC)', value: (d) => isoTime(d.timeApproved) },
      { header: 'Approved by', value: (d) => d.adminId },
      { header: 'MT status', value: (d) => d.mtStatus },
    ],
  });

/**
 * Withdrawal request columns (docs/product.md [screen.withdrawals]); crypto currency in brackets after the
 * currency.
 */
const withdrawalColumns = () => [
  { header: 'Id', value: (w: Withdrawal) => w.id },
  { header: 'Gateway', value: (w: Withdrawal) => w.gateway },
  { header: 'Time of request (UTC)', value: (w: Withdrawal) => isoTime(w.timestamp) },
  { header: 'Payment method', value: (w: Withdrawal) => w.withdrawalPaymentName },
  ...clientColumns<Withdrawal>(),
  { header: 'Transaction id', value: (w: Withdrawal) => w.requestId },
  { header: 'Trading account number', value: (w: Withdrawal) => w.accountNumber },
  { header: 'Amount', value: (w: Withdrawal) => amount(w.withdrawalAmount) },
  {
    header: 'Currency',
    value: (w: Withdrawal) => withdrawalCurrencyText(w),
  },
  { header: 'Type', value: (w: Withdrawal) => w.withdrawalType },
  { header: 'Status', value: (w: Withdrawal) => w.status },
  { header: 'Approved time (UTC)', value: (w: Withdrawal) => isoTime(w.timeApproved) },
  { header: 'Approved by', value: (w: Withdrawal) => w.adminId },
  { header: 'MT status', value: (w: Withdrawal) => w.mtStatus },
];

const withdrawalPlan = (db: Db, name: string, plan: ReturnType<typeof planFundingList>) =>
  listExport(db, withdrawals, plan, {
    lookup: clientsOf,
    name,
    columns: withdrawalColumns(),
  });

/** Internal transfer columns (docs/product.md [screen.transfers]). */
const transferPlan = (db: Db, tab: FundingTab, plan: ReturnType<typeof planFundingList>) =>
  listExport(db, transfers, plan, {
    lookup: clientsOf,
    name: `transfers-${tab}`,
    columns: [
      { header: 'Id', value: (t: Transfer) => t.id },
      { header: 'Source account', value: (t) => `${t.sourceAccount} ${t.sourceAccountPlatform}` },
      {
        header: 'Destination account',
        value: (t) => `${t.destinationAccount} ${t.destinationAccountPlatform}`,
      },
      ...clientColumns<Transfer>(),
      { header: 'Amount', value: (t) => amount(t.transferAmount) },
      { header: 'Currency', value: (t) => t.transferCurrency },
      { header: 'Withdrawn status', value: (t) => t.sourceMtStatus },
      { header: 'Deposited status', value: (t) => t.destinationMtStatus },
      { header: 'Status', value: (t) => t.status },
      { header: 'Requested time (UTC)', value: (t) => isoTime(t.timestamp) },
    ],
  });

/** A request-list tab: params `{ type: deposit|withdrawal|transfer, status: <tab> }`. */
export const fundingListExport: ExportableListDef = {
  plan(db, params, req) {
    const type = oneOf(params, 'type', FUNDING_TYPES);
    const tab = oneOf(params, 'status', fundingTabSchema.options);
    const plan = planFundingList(type, tab, req);
    if (type === 'deposit') return depositPlan(db, tab, plan);
    if (type === 'withdrawal') return withdrawalPlan(db, `withdrawals-${tab}`, plan);
    return transferPlan(db, tab, plan);
  },
};

/** The Orders table of card-provider withdrawals. */
export const withdrawalOrdersExport: ExportableListDef = {
  plan(db, _params, req) {
    const plan = planWithdrawalOrders(req);
    return listExport(db, withdrawals, plan, {
      lookup: clientsOf,
      name: 'withdrawal-orders',
      columns: [
        ...withdrawalColumns(),
        { header: 'Order ID', value: (w: Withdrawal) => w.providerOrderId },
        { header: 'Order status', value: (w: Withdrawal) => w.providerStatus },
        { header: 'Payout status', value: (w: Withdrawal) => w.providerPayoutStatus },
      ],
    });
  },
};
