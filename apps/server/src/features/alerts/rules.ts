import { SOURCE_UNKNOWN, type AlertRule } from '@brokerdesk/contract';

/**
 * The alert rules of docs/product.md [alerts.rules], each a pure function over facts already read
 * (facts.ts reads them with bounded, indexed queries). A rule answers what it saw, in plain words and as
 * values, or null when it does not fire. Money is compared in cents, so 0.1 + 0.2 never decides.
 */
/** "1 deposit", "3 deposits", "0.5 lots": a count with its noun, in the summary staff read. */
const counted = (n: number, noun: string) => `${n} ${n === 1 ? noun : `${noun}s`}`;

export type Fired = {
  rule: AlertRule;
  summary: string;
  facts: Record<string, unknown>;
  /** Set when the alert is about the client rather than the request (a shared phone): raised once per client. */
  dedupeKey?: string;
};

const cents = (n: number) => Math.round(n * 100);
const money = (n: number, currency: string) =>
  `${n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/** (a) A withdrawal with less trading than `minLots` since the deposits it would return. */
export function lowTrading(
  f: {
    withdrawalId: string;
    currency: string;
    amount: number;
    deposits: { id: string; amount: number; at: number }[];
    volumeLots: number;
    trades: number;
  },
  minLots: number,
): Fired | null {
  // No deposit to return, nothing to compare; at the threshold exactly is enough trading.
  if (f.deposits.length === 0 || f.volumeLots >= minLots) return null;
  const deposited = f.deposits.reduce((s, d) => s + cents(d.amount), 0) / 100;
  return {
    rule: 'low-trading',
    summary:
      `Withdrawal of ${money(f.amount, f.currency)} after ${counted(f.trades, 'trade')} of ${counted(f.volumeLots, 'lot')} ` +
      `since ${counted(f.deposits.length, 'deposit')} totalling ${money(deposited, f.currency)} (fewer than ${counted(minLots, 'lot')}).`,
    facts: {
      currency: f.currency,
      amount: f.amount,
      deposited,
      depositIds: f.deposits.map((d) => d.id),
      firstDepositAt: Math.min(...f.deposits.map((d) => d.at)),
      trades: f.trades,
      volumeLots: f.volumeLots,
      minLots,
    },
  };
}

/**
 * (b) Deposits that each stay at or under the four-eyes threshold of their currency but together, within
 * `windowHours`, pass it: at least two, their sum strictly above it (four-eyes asks above, strictly).
 */
export function splitDeposits(
  f: { currency: string; deposits: { id: string; amount: number; at: number }[]; fourEyes: number | null },
  windowHours: number,
): Fired | null {
  if (f.fourEyes === null || f.deposits.length < 2) return null;
  const limit = cents(f.fourEyes);
  if (f.deposits.some((d) => cents(d.amount) > limit)) return null;
  const sum = f.deposits.reduce((s, d) => s + cents(d.amount), 0);
  if (sum <= limit) return null;
  return {
    rule: 'split-deposits',
    summary:
      `${f.deposits.length} deposits of ${money(sum / 100, f.currency)} in all within ${windowHours} h, ` +
      `each at or under the four-eyes threshold of ${money(f.fourEyes, f.currency)}.`,
    facts: {
      currency: f.currency,
      total: sum / 100,
      fourEyesThreshold: f.fourEyes,
      windowHours,
      deposits: f.deposits.map((d) => ({ id: d.id, amount: d.amount, at: d.at })),
    },
  };
}

/** A client named for another client's alert: initials and the id's last four characters only. */
export function maskClient(c: { userId: string; name: string; surname: string }): string {
  const initial = (s: string) => (s.trim() ? `${s.trim()[0]!.toUpperCase()}.` : '?');
  return `${initial(c.name)} ${initial(c.surname)} (…${c.userId.slice(-4)})`;
}

/**
 * (c) One card, IBAN, account or wallet used by `minClients` clients or more (this one included); with
 * `phone`, one phone number given by as many clients (raised once per client and number).
 */
export function sharedIdentifier(
  f: {
    identifier: string | null;
    others: { userId: string; name: string; surname: string }[];
    phone?: { userId: string };
  },
  minClients: number,
): Fired | null {
  if (!f.identifier || 1 + f.others.length < minClients) return null;
  const others = f.others.map(maskClient);
  const what = f.phone ? `Phone number ${f.identifier}` : f.identifier;
  return {
    rule: 'shared-identifier',
    summary: `${what} is also used by ${counted(others.length, 'other client')}: ${others.join(', ')}.`,
    facts: {
      identifier: f.identifier,
      ...(f.phone ? { kind: 'phone' } : {}),
      otherClients: others,
      clients: 1 + others.length,
      minClients,
    },
    ...(f.phone ? { dedupeKey: `shared-identifier:phone:${f.phone.userId}:${f.identifier}` } : {}),
  };
}

/**
 * (d) A withdrawal of `sharePercent` or more of the deposits made within `windowDays` before it, when
 * those deposits reach `minAmount` of their currency.
 */
export function roundTrip(
  f: {
    currency: string;
    amount: number;
    deposits: { id: string; amount: number; at: number }[];
    withdrawalAt: number;
  },
  s: { sharePercent: number; windowDays: number; minAmount: number },
): Fired | null {
  const deposited = f.deposits.reduce((sum, d) => sum + cents(d.amount), 0);
  if (deposited === 0 || deposited < cents(s.minAmount)) return null;
  // share = amount / deposited, compared without dividing: amount * 100 >= percent * deposited.
  if (cents(f.amount) * 100 < (Math.round(s.sharePercent * 100) * deposited) / 100) return null;
  const share = Math.round((cents(f.amount) / deposited) * 1000) / 10;
  const firstAt = Math.min(...f.deposits.map((d) => d.at));
  const days = Math.max(0, Math.round(((f.withdrawalAt - firstAt) / 86_400) * 10) / 10);
  return {
    rule: 'round-trip',
    summary:
      `Withdrawal of ${money(f.amount, f.currency)} is ${share}% of ${money(deposited / 100, f.currency)} ` +
      `deposited ${counted(days, 'day')} before (alert from ${s.sharePercent}% within ${counted(s.windowDays, 'day')}).`,
    facts: {
      currency: f.currency,
      amount: f.amount,
      deposited: deposited / 100,
      sharePercent: share,
      days,
      depositIds: f.deposits.map((d) => d.id),
      thresholdPercent: s.sharePercent,
      windowDays: s.windowDays,
    },
  };
}

/** Money the withdrawal could still return to one refundable source. */
export type RefundableLeft = { method: string; identifier: string; leftCents: number };

/**
 * (e) A withdrawal to a destination the client never deposited from (an unknown destination counts as
 * one), while refundable sources of its currency still hold `minRefundable` or more to return.
 */
export function newDestination(
  f: {
    currency: string;
    amount: number;
    method: string;
    destination: string | null;
    depositedFromDestination: boolean;
    sources: RefundableLeft[];
  },
  minRefundable: number,
): Fired | null {
  if (f.depositedFromDestination) return null;
  const waiting = f.sources.filter((s) => s.leftCents > 0 && s.identifier !== f.destination);
  const left = waiting.reduce((sum, s) => sum + s.leftCents, 0);
  if (left === 0 || left < cents(minRefundable)) return null;
  const where = `${f.method} ${f.destination ?? `(${SOURCE_UNKNOWN})`}`;
  return {
    rule: 'new-destination',
    summary:
      `Withdrawal of ${money(f.amount, f.currency)} to ${where}, never deposited from, while ` +
      `${money(left / 100, f.currency)} can still go back to ${waiting.map((s) => s.identifier).join(', ')}.`,
    facts: {
      currency: f.currency,
      amount: f.amount,
      method: f.method,
      destination: f.destination,
      refundableLeft: left / 100,
      sources: waiting.map((s) => ({ method: s.method, identifier: s.identifier, left: s.leftCents / 100 })),
      minRefundable,
    },
  };
}

/**
 * The most a declared band allows: "Under 1,000" and "1,000 - 5,000" end at their last figure; an
 * open band ("Over 20,000", "20,000+") or one without a figure sets no ceiling (null).
 */
export function declaredCeiling(band: string | null | undefined): number | null {
  const text = (band ?? '').trim();
  if (!text || /^(over|more than|above)\b/i.test(text) || text.endsWith('+')) return null;
  const figures = (text.match(/\d[\d,]*(\.\d+)?/g) ?? []).map((x) => Number(x.replace(/,/g, '')));
  const finite = figures.filter((n) => Number.isFinite(n));
  return finite.length === 0 ? null : Math.max(...finite);
}

/**
 * (f) Deposits of one currency within `windowDays` that together pass what the client declared on the
 * application (the expected deposit, the savings: the lowest ceiling of the two), once they reach
 * `minAmount` of the currency. The declared figures carry no currency: compared as they are.
 */
export function aboveDeclared(
  f: {
    currency: string;
    total: number;
    count: number;
    expectedDeposit: string;
    savings: string;
  },
  s: { windowDays: number; minAmount: number },
): Fired | null {
  const declared = [
    { what: 'expected deposit', band: f.expectedDeposit, ceiling: declaredCeiling(f.expectedDeposit) },
    { what: 'savings', band: f.savings, ceiling: declaredCeiling(f.savings) },
  ].filter((d) => d.ceiling !== null);
  const total = cents(f.total);
  if (total === 0 || total < cents(s.minAmount)) return null;
  const passed = declared.filter((d) => total > cents(d.ceiling!));
  if (passed.length === 0) return null;
  return {
    rule: 'above-declared',
    summary:
      `${counted(f.count, 'deposit')} totalling ${money(f.total, f.currency)} within ${counted(s.windowDays, 'day')}, above what the ` +
      `client declared: ${passed.map((d) => `${d.what} ${d.band}`).join(', ')}.`,
    facts: {
      currency: f.currency,
      total: f.total,
      deposits: f.count,
      windowDays: s.windowDays,
      expectedDeposit: f.expectedDeposit,
      savings: f.savings,
      declaredCeiling: Math.min(...passed.map((d) => d.ceiling!)),
      above: passed.map((d) => d.what),
      minAmount: s.minAmount,
    },
  };
}

/** (g) Bank details added or changed within `windowDays` before a withdrawal (or while it is open). */
export function bankDetailsChanged(
  f: {
    currency: string;
    amount: number;
    withdrawalAt: number;
    changes: { bankAccountId: string; change: string; identifier: string; at: number }[];
  },
  windowDays: number,
): Fired | null {
  const [latest] = [...f.changes].sort((a, b) => b.at - a.at);
  if (!latest) return null;
  const days = Math.round(((f.withdrawalAt - latest.at) / 86_400) * 10) / 10;
  const when = days >= 0 ? `${counted(days, 'day')} before` : `${counted(-days, 'day')} after`;
  return {
    rule: 'bank-details-changed',
    summary:
      `Bank details ${latest.change === 'added' ? 'added' : 'changed'} (${latest.identifier}) ${when} a ` +
      `withdrawal of ${money(f.amount, f.currency)} (alert within ${windowDays} days).`,
    facts: {
      currency: f.currency,
      amount: f.amount,
      changes: f.changes.map((c) => ({ ...c })),
      latestAt: latest.at,
      daysBefore: days,
      windowDays,
    },
  };
}

/**
 * The platform could not tell a withdrawal's trading since its deposits (docs/product.md
 * [alerts.trading-unknown]): low trading was not judged, and staff see why before they approve; the
 * approval needs a note, as for any open alert, which clears it.
 */
export function tradingUnknown(f: { withdrawalId: string; reason: string }): Fired {
  return {
    rule: 'trading-unknown',
    summary: `Trading unknown (${f.reason}): low trading could not be judged. Check the client's trading before approving.`,
    facts: { withdrawalId: f.withdrawalId, reason: f.reason },
  };
}
