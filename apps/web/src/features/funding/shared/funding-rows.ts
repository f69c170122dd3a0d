import type { Deposit, LookupClient, Transfer, Withdrawal } from '@brokerdesk/contract';
import type { CSSProperties } from 'react';
import { formatAmount } from '../../../shared/formatters.ts';
import { clientLabel } from './request-summary.tsx';
import { rowBackground, rowTone, type RowTone } from '../../../shared/status-colors.ts';

export type FundingRow = Deposit | Withdrawal | Transfer;

/** The list reply mixes the three kinds in one array; each screen keeps its own. */
export const isDeposit = (r: FundingRow): r is Deposit => 'depositAmountSent' in r;
export const isWithdrawal = (r: FundingRow): r is Withdrawal => 'withdrawalAmount' in r;
export const isTransfer = (r: FundingRow): r is Transfer => 'transferAmount' in r;

/** The platform statuses of a row: both legs of a transfer, else its MTStatus. */
export function mtStatusesOf(row: FundingRow): string[] {
  return isTransfer(row) ? [row.sourceMTStatus, row.destinationMTStatus] : [row.MTStatus];
}

/** A card-provider withdrawal whose order is still open (docs/product.md [states]: amber). */
export function providerPending(row: FundingRow): boolean {
  return isWithdrawal(row) && row.providerHandled && row.status === 'pending';
}

/**
 * docs/product.md [state.row-colours] row colours of a funding row (bright red failed platform leg first,
 * then status).
 */
export function fundingTone(row: FundingRow): RowTone | null {
  return rowTone({
    status: row.status,
    mtStatuses: mtStatusesOf(row),
    providerPending: providerPending(row),
  });
}

const TONE_TITLES: Record<RowTone, string> = {
  failed: 'The platform operation failed: money may be half-moved',
  rejected: 'Rejected, declined or failed',
  providerPending: 'Waiting for the payment provider',
  checking: "The platform's answer was lost: checking whether it applied before anything is sent again",
  approved: 'Approved',
};

export function fundingRowStyle(row: FundingRow): CSSProperties | undefined {
  const background = rowBackground({
    status: row.status,
    mtStatuses: mtStatusesOf(row),
    providerPending: providerPending(row),
  });
  return background ? { background } : undefined;
}

export function fundingRowTitle(row: FundingRow): string | undefined {
  const tone = fundingTone(row);
  return tone ? TONE_TITLES[tone] : undefined;
}

/** A request as bulk results name it: the client and the amount ('Ann Lee, 100.00 USD'). */
export function describeFundingRow(
  row: FundingRow,
  clients: Readonly<Record<string, LookupClient>> | undefined,
): string {
  const who = clientLabel(clients?.[row.userId], row.userId);
  const [amount, currency] = isDeposit(row)
    ? [row.depositAmountSent, row.depositCurrency]
    : isWithdrawal(row)
      ? [row.withdrawalAmount, row.withdrawalCurrency]
      : [row.transferAmount, row.transferCurrency];
  return `${who}, ${formatAmount(amount)} ${currency}`;
}
