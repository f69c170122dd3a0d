import {
  CURRENCIES,
  type ApprovalRequestType,
  type SetThresholdRequest,
  type Threshold,
} from '@brokerdesk/contract';

export type Currency = (typeof CURRENCIES)[number];
/** What the inputs of one request type hold: an amount, or '' for no threshold. */
export type ThresholdInputs = Record<Currency, number | ''>;

export const REQUEST_TYPE_LABELS: Record<ApprovalRequestType, string> = {
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
  transfer: 'Internal transfers',
};

/** The inputs of one request type as the server has them. */
export function inputsOf(thresholds: readonly Threshold[], type: ApprovalRequestType): ThresholdInputs {
  const out = Object.fromEntries(CURRENCIES.map((c) => [c, ''])) as ThresholdInputs;
  for (const t of thresholds) if (t.requestType === type) out[t.currency] = t.amount;
  return out;
}

/** The calls that bring the server to the inputs: a set per changed amount, a removal per cleared one. */
export function changesOf(
  type: ApprovalRequestType,
  saved: ThresholdInputs,
  edited: ThresholdInputs,
): SetThresholdRequest[] {
  return CURRENCIES.filter((c) => saved[c] !== edited[c]).map((currency) => {
    const value = edited[currency];
    return { requestType: type, currency, amount: value === '' ? null : Math.round(value * 100) / 100 };
  });
}
