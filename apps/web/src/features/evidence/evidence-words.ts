import { SOURCE_UNKNOWN, TRADING_UNKNOWN, type MoneyPicture, type TradingSince } from '@brokerdesk/contract';
import { formatAmount } from '../../shared/formatters.ts';

/** A request's method as staff say it (docs/product.md [evidence.money-picture]). */
const METHOD_WORDS: Record<string, string> = {
  card: 'Card',
  ewallet: 'E-wallet',
  wire: 'Bank wire',
  crypto: 'Crypto',
  others: 'Other',
};

export const methodWords = (method: string, label = '') => {
  const words = METHOD_WORDS[method] ?? method;
  return label && label !== words && method !== 'wire' ? `${words} (${label})` : words;
};

/** The identifier, or "source unknown" for a request stored without one. */
export const identifierWords = (identifier: string | null) => identifier ?? SOURCE_UNKNOWN;

export const money = (amount: number, currency: string) => `${formatAmount(amount)} ${currency}`;

export const signed = (amount: number) => `${amount > 0 ? '+' : ''}${formatAmount(amount)}`;

/** Trading since a deposit in one line: "3 trades, 0.30 lots, P/L +6.50", or "trading unknown". */
export function tradingWords(t: TradingSince): string {
  if (!t.known) return TRADING_UNKNOWN;
  const lots = `${t.volumeLots.toFixed(2)} lots`;
  const base = `${t.trades} trade${t.trades === 1 ? '' : 's'}, ${lots}, P/L ${signed(t.profit)}`;
  return t.complete ? base : `at least ${base}`;
}

export const KYC_COLORS: Record<MoneyPicture['kyc']['status'], string> = {
  approved: 'green',
  flagged: 'red',
  pending: 'yellow',
  'not started': 'gray',
};

export const BANK_COLORS: Record<MoneyPicture['bankDetails']['status'], string> = {
  verified: 'green',
  pending: 'yellow',
  rejected: 'red',
  none: 'gray',
};

export const ageWords = (days: number) =>
  days >= 730
    ? `${Math.floor(days / 365)} years`
    : days >= 60
      ? `${Math.floor(days / 30)} months`
      : `${days} days`;
