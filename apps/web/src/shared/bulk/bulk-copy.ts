import { MESSAGES, type BulkKind } from '@brokerdesk/contract';

type Copy = {
  /** The row's name, one and many: 'deposit' / 'deposits'. */
  one: string;
  many: string;
  /** docs/product.md [rule.approval-confirmations] for one row; the plural says the same of n rows. */
  single: string;
  plural: (n: number) => string;
};

const areYouSure = (one: string, many: string): Copy => ({
  one,
  many,
  single: `Are you sure you want to approve this ${one}?`,
  plural: (n) => `Are you sure you want to approve these ${n} ${many}?`,
});

/** The words of each list's bulk actions. */
export const BULK_COPY: Record<BulkKind, Copy> = {
  deposit: { ...areYouSure('deposit', 'deposits'), single: MESSAGES.approveDeposit },
  withdrawal: { ...areYouSure('withdrawal', 'withdrawals'), single: MESSAGES.approveWithdrawal },
  transfer: {
    one: 'transfer',
    many: 'transfers',
    single: MESSAGES.approveTransfer,
    plural: (n) => `Do you want to mark these ${n} transfers as processed?`,
  },
  bankAccount: areYouSure('bank account', 'bank accounts'),
  leverage: {
    one: 'leverage change',
    many: 'leverage changes',
    single: MESSAGES.approveLeverage,
    plural: (n) => `Do you want to mark these ${n} leverage changes as approved?`,
  },
  subAccount: areYouSure('sub-account request', 'sub-account requests'),
  ibRequest: areYouSure('IB request', 'IB requests'),
};

/** The approval question for n rows: the sentence for one (docs/product.md [rule.approval-confirmations]). */
export function approveQuestion(kind: BulkKind, n: number): string {
  const copy = BULK_COPY[kind];
  return n === 1 ? copy.single : copy.plural(n);
}

export function rowsWord(kind: BulkKind, n: number): string {
  return `${n} ${n === 1 ? BULK_COPY[kind].one : BULK_COPY[kind].many}`;
}
