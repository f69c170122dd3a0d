import type { FundingLeg, FundingRequestType, MismatchKind } from '@brokerdesk/contract';
import type { Deal } from '../../integrations/platform/types.ts';
import { parseOperationKey } from '../../operations/index.ts';
import { LEG_KINDS, legOfPrefix } from '../funding/kinds.ts';

/**
 * The rules of reconciliation, free of the database and the platform: which movements a request
 * should have left on the platform (its legs), how a deal names its request (the operation key in its
 * comment), and how one account's legs and deals are matched.
 */

/** One movement the console recorded as done on the platform. */
export type Leg = {
  requestType: FundingRequestType;
  requestId: string;
  requestStatus: string;
  leg: FundingLeg;
  /** The operation key prefix the deal's comment starts with. */
  prefix: string;
  userId: string;
  login: number;
  /** Signed, as the deal should be. */
  amount: number;
  currency: string;
  approvedAt: number;
  /** When the request was made: where a look-up for its deal starts. */
  createdAt: number;
};

export type MismatchRow = {
  kind: MismatchKind;
  login: number;
  requestType: FundingRequestType | null;
  requestId: string | null;
  requestStatus: string | null;
  leg: FundingLeg | null;
  userId: string | null;
  currency: string;
  expectedAmount: number | null;
  approvedAt: number | null;
  dealId: string | null;
  dealAmount: number | null;
  dealTime: number | null;
  comment: string;
  note: string;
};

/** What a deposit and a withdrawal, each one movement on one account, have alike. */
type OneLegRequest = {
  id: string;
  timestamp: number;
  userId: string;
  status: string;
  mtStatus: string;
  timeApproved: number | null;
  accountNumber: number;
};
export type DepositLike = OneLegRequest & { depositAmountSent: number; depositCurrency: string };
export type WithdrawalLike = OneLegRequest & { withdrawalAmount: number; withdrawalCurrency: string };
export type TransferLike = {
  id: string;
  timestamp: number;
  userId: string;
  status: string;
  sourceAccount: number;
  destinationAccount: number;
  transferAmount: number;
  transferCurrency: string;
  sourceMtStatus: string;
  destinationMtStatus: string;
  times: unknown;
};

const DONE = 'SUCCESS';

/**
 * The leg of a deposit (a credit) or a withdrawal (a debit): there once it is approved and the platform
 * answered SUCCESS. 'Set as approved' moved nothing.
 */
function oneLeg(kind: 'deposit' | 'withdrawal', r: OneLegRequest, amount: number, currency: string): Leg[] {
  if (r.status !== 'approved' || r.mtStatus !== DONE || r.timeApproved === null) return [];
  return [
    {
      requestType: kind,
      requestId: r.id,
      requestStatus: r.status,
      leg: kind,
      prefix: LEG_KINDS[kind].prefix,
      userId: r.userId,
      login: r.accountNumber,
      amount: LEG_KINDS[kind].sign * amount,
      currency,
      approvedAt: r.timeApproved,
      createdAt: r.timestamp,
    },
  ];
}

export const depositLegs = (d: DepositLike): Leg[] =>
  oneLeg('deposit', d, d.depositAmountSent, d.depositCurrency);

export const withdrawalLegs = (w: WithdrawalLike): Leg[] =>
  oneLeg('withdrawal', w, w.withdrawalAmount, w.withdrawalCurrency);

/**
 * A transfer's legs: the source debit and the destination credit once each answered SUCCESS. A
 * reversed transfer (rejected, times.reversed) was debited and then refunded on its source account.
 */
export function transferLegs(t: TransferLike): Leg[] {
  const times = (t.times ?? {}) as Record<string, unknown>;
  const approvedAt = typeof times.approved === 'number' ? times.approved : null;
  if (approvedAt === null) return [];
  const base = {
    requestType: 'transfer' as const,
    requestId: t.id,
    requestStatus: t.status,
    userId: t.userId,
    currency: t.transferCurrency,
    approvedAt,
    createdAt: t.timestamp,
  };
  const legOf = (
    kind: 'transfer_source' | 'transfer_destination' | 'transfer_reverse',
    login: number,
  ): Leg => ({
    ...base,
    leg: kind,
    prefix: LEG_KINDS[kind].prefix,
    login,
    amount: LEG_KINDS[kind].sign * t.transferAmount,
  });
  const source = legOf('transfer_source', t.sourceAccount);
  // The refund goes back to the source account.
  if (times.reversed !== undefined) return [source, legOf('transfer_reverse', t.sourceAccount)];
  if (t.status !== 'approved') return [];
  const legs: Leg[] = [];
  if (t.sourceMtStatus === DONE) legs.push(source);
  if (t.destinationMtStatus === DONE) legs.push(legOf('transfer_destination', t.destinationAccount));
  return legs;
}

const REQUEST_ID = /^[0-9a-f]{24}$/;

/** The funding request a deal comment names (`dep:<id>`, `trs:<id>:1`, ...), or null. */
export function fundingKey(
  comment: string,
): { prefix: string; requestType: FundingRequestType; requestId: string } | null {
  const { prefix, reference, repeat } = parseOperationKey(comment);
  const leg = legOfPrefix(prefix);
  const requestType = leg && LEG_KINDS[leg].requestType;
  const wellFormed = REQUEST_ID.test(reference) && (repeat === null || /^\d+$/.test(repeat));
  return requestType && wellFormed && comment.split(':').length <= 3
    ? { prefix, requestType, requestId: reference }
    : null;
}

const cents = (amount: number) => Math.round(amount * 100);
export const sameAmount = (a: number, b: number) => cents(a) === cents(b);

export function legMismatch(kind: MismatchKind, leg: Leg, deal: Deal | null, note: string): MismatchRow {
  return {
    kind,
    login: leg.login,
    requestType: leg.requestType,
    requestId: leg.requestId,
    requestStatus: leg.requestStatus,
    leg: leg.leg,
    userId: leg.userId,
    currency: leg.currency,
    expectedAmount: leg.amount,
    approvedAt: leg.approvedAt,
    dealId: deal?.deal ?? null,
    dealAmount: deal?.amount ?? null,
    dealTime: deal?.time ?? null,
    comment: deal?.comment ?? `${leg.prefix}:${leg.requestId}`,
    note,
  };
}

/**
 * Matches one account's legs with its deals by the operation key in the comment. A leg without a deal
 * is a missing deal; a deal of another amount, an amount difference (a deal of the right amount is
 * preferred when there are several). Deals left over are handed back for the caller to judge: those
 * naming a funding request (a duplicate, a request of another period, or one the console does not
 * count as done) and the rest.
 */
export function matchAccount(legs: Leg[], deals: Deal[]) {
  const unused = [...deals].sort((a, b) => a.time - b.time || a.deal.localeCompare(b.deal));
  const mismatches: MismatchRow[] = [];
  for (const leg of [...legs].sort((a, b) => a.approvedAt - b.approvedAt)) {
    const mine = unused.filter((d) => {
      const key = fundingKey(d.comment);
      return key?.prefix === leg.prefix && key.requestId === leg.requestId;
    });
    const deal = mine.find((d) => sameAmount(d.amount, leg.amount)) ?? mine[0];
    if (!deal) {
      mismatches.push(legMismatch('missing_deal', leg, null, 'The platform has no deal for this movement.'));
      continue;
    }
    unused.splice(unused.indexOf(deal), 1);
    if (!sameAmount(deal.amount, leg.amount))
      mismatches.push(
        legMismatch(
          'amount_differs',
          leg,
          deal,
          'The deal is not for the amount the request was approved for.',
        ),
      );
  }
  const funding = unused.filter((d) => fundingKey(d.comment) !== null);
  const other = unused.filter((d) => fundingKey(d.comment) === null);
  return { mismatches, funding, other };
}
