import type { AlertRule } from '@brokerdesk/contract';

/**
 * The alert rules of docs/product.md [alerts.rules], each a pure function over facts already read
 * (facts.ts reads them with bounded, indexed queries). A rule answers what it saw, in plain words and as
 * values, or null when it does not fire. Money is compared in cents, so 0.1 + 0.2 never decides.
 */
export type Fired = { rule: AlertRule; summary: string; facts: Record<string, unknown> };

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
      `Withdrawal of ${money(f.amount, f.currency)} after ${f.trades} trade(s) of ${f.volumeLots} lot(s) ` +
      `since ${f.deposits.length} deposit(s) of ${money(deposited, f.currency)} (fewer than ${minLots} lot(s)).`,
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

/** (c) One card, IBAN, account or wallet used by `minClients` clients or more (this one included). */
export function sharedIdentifier(
  f: { identifier: string | null; others: { userId: string; name: string; surname: string }[] },
  minClients: number,
): Fired | null {
  if (!f.identifier || 1 + f.others.length < minClients) return null;
  const others = f.others.map(maskClient);
  return {
    rule: 'shared-identifier',
    summary: `${f.identifier} is also used by ${others.length} other client(s): ${others.join(', ')}.`,
    facts: { identifier: f.identifier, otherClients: others, clients: 1 + others.length, minClients },
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
      `deposited ${days} day(s) before (alert from ${s.sharePercent}% within ${s.windowDays} days).`,
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
