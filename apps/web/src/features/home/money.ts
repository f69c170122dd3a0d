import { CURRENCIES, type ActivityDay, type MoneyTotal } from '@brokerdesk/contract';

export type Currency = (typeof CURRENCIES)[number];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' as '26 Nov'. */
export function shortDate(date: string): string {
  const [, m, d] = date.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]}`;
}

const amountOf = (totals: MoneyTotal[], currency: Currency) =>
  totals.find((t) => t.currency === currency) ?? { currency, count: 0, amount: 0 };

export type DayPoint = { date: string; deposits: number; withdrawals: number };

/** One currency's approved deposits and withdrawals per day, for the chart. */
export function chartPoints(days: ActivityDay[], currency: Currency): DayPoint[] {
  return days.map((d) => ({
    date: shortDate(d.date),
    deposits: amountOf(d.deposits, currency).amount,
    withdrawals: amountOf(d.withdrawals, currency).amount,
  }));
}

export type CurrencyTotals = {
  currency: Currency;
  deposits: MoneyTotal;
  withdrawals: MoneyTotal;
  net: number;
};

/** Per currency: what the days add up to (one day for "today"), every currency listed. */
export function totalsByCurrency(days: ActivityDay[]): CurrencyTotals[] {
  return CURRENCIES.map((currency) => {
    const sum = (pick: (d: ActivityDay) => MoneyTotal[]) =>
      days.reduce(
        (acc, d) => {
          const t = amountOf(pick(d), currency);
          return { currency, count: acc.count + t.count, amount: acc.amount + t.amount };
        },
        { currency, count: 0, amount: 0 } as MoneyTotal,
      );
    const deposits = sum((d) => d.deposits);
    const withdrawals = sum((d) => d.withdrawals);
    return { currency, deposits, withdrawals, net: deposits.amount - withdrawals.amount };
  });
}

const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 12,345.60 */
export const formatMoney = (amount: number) => grouped.format(amount);
/** 12.3K, for chart axes. */
export const formatCompact = (amount: number) => compact.format(amount);
