import { eq } from 'drizzle-orm';
import { FUNDING_LEGS, type FundingLeg, type FundingRequestType } from '@brokerdesk/contract';
import type { Tx } from '../../db/client.ts';
import { deposits, transfers, withdrawals } from '../../db/schema.ts';

/**
 * The funding request kinds and the movements they make on the platform, each declared once. The
 * decision flow (open statuses, the amount four-eyes reads), the operation keys written at approval,
 * the settled and checking handlers, and reconciliation (which deal comment names which request, and
 * the sign its deal should have) all read these. docs/architecture.md: "Add a request kind".
 */

export type FundingRequestKind = {
  /** The statuses a decision can still change (docs/product.md [rules]); anything else is 409. */
  open: readonly string[];
  /** The amount field four-eyes compares with its threshold, and reports a bad amount on. */
  amountField: string;
  /** Its movements on the platform, in the order they happen. */
  legs: readonly FundingLeg[];
};

export const REQUEST_KINDS = {
  deposit: { open: ['pending', 'incomplete'], amountField: 'depositAmountSent', legs: ['deposit'] },
  withdrawal: { open: ['pending', 'incomplete'], amountField: 'withdrawalAmount', legs: ['withdrawal'] },
  transfer: {
    open: ['pending'],
    amountField: 'transferAmount',
    legs: ['transfer_source', 'transfer_destination', 'transfer_reverse'],
  },
} as const satisfies Record<FundingRequestType, FundingRequestKind>;

export type FundingLegKind = {
  /** The operation key prefix, `<prefix>:<request id>`: also how the deal comment on MT5 starts. */
  prefix: string;
  requestType: FundingRequestType;
  /** A credit (+1) or a debit (-1) of the request's amount. */
  sign: 1 | -1;
  /**
   * Writes the leg's MTStatus on its request ("Checking with MT5 until …" while an unknown outcome is
   * waited out); null for a leg whose status the request does not show (a reversal).
   */
  writeMtStatus: ((tx: Tx, requestId: string, mtStatus: string) => Promise<unknown>) | null;
};

export const LEG_KINDS = {
  deposit: {
    prefix: 'dep',
    requestType: 'deposit',
    sign: 1,
    writeMtStatus: (tx, id, mtStatus) => tx.update(deposits).set({ mtStatus }).where(eq(deposits.id, id)),
  },
  withdrawal: {
    prefix: 'wd',
    requestType: 'withdrawal',
    sign: -1,
    writeMtStatus: (tx, id, mtStatus) =>
      tx.update(withdrawals).set({ mtStatus }).where(eq(withdrawals.id, id)),
  },
  transfer_source: {
    prefix: 'trs',
    requestType: 'transfer',
    sign: -1,
    writeMtStatus: (tx, id, sourceMtStatus) =>
      tx.update(transfers).set({ sourceMtStatus }).where(eq(transfers.id, id)),
  },
  transfer_destination: {
    prefix: 'trd',
    requestType: 'transfer',
    sign: 1,
    writeMtStatus: (tx, id, destinationMtStatus) =>
      tx.update(transfers).set({ destinationMtStatus }).where(eq(transfers.id, id)),
  },
  transfer_reverse: { prefix: 'trr', requestType: 'transfer', sign: 1, writeMtStatus: null },
} as const satisfies Record<FundingLeg, FundingLegKind>;

/** The base operation key of a request's leg: `dep:<id>`; repeats add `:<n>` (decisions.ts). */
export const legKey = (leg: FundingLeg, requestId: string): string => `${LEG_KINDS[leg].prefix}:${requestId}`;

/** The base keys of every leg of a request: what "is the platform still working on it" looks for. */
export const requestLegKeys = (type: FundingRequestType, requestId: string): string[] =>
  REQUEST_KINDS[type].legs.map((leg) => legKey(leg, requestId));

/** The leg an operation key prefix names, or undefined for any other prefix (an account's, a trade's). */
export function legOfPrefix(prefix: string): FundingLeg | undefined {
  return FUNDING_LEGS.find((leg) => LEG_KINDS[leg].prefix === prefix);
}

/** One entry per leg, keyed by its operation key prefix (the operations worker's handler maps). */
export function byLegPrefix<T>(of: (leg: FundingLeg) => T | null): Record<string, T> {
  const out: Record<string, T> = {};
  for (const leg of FUNDING_LEGS) {
    const value = of(leg);
    if (value !== null) out[LEG_KINDS[leg].prefix] = value;
  }
  return out;
}
