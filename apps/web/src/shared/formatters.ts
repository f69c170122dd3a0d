import { AMOUNT_DECIMALS, DATE_TIME_FORMAT } from '@brokerdesk/contract';
import dayjs from 'dayjs';

/** Epoch seconds (the wire format) as 'YYYY/MM/DD HH:mm:ss' in the staff member's local time (SPEC 9). */
export function formatEpoch(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  return dayjs.unix(seconds).format(DATE_TIME_FORMAT);
}

/** Amounts and balances with 2 decimals (SPEC 9); no value shows as empty, not as 0.00. */
export function formatAmount(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '';
  // Avoid '-0.00' for tiny negative rounding leftovers.
  const fixed = number.toFixed(AMOUNT_DECIMALS);
  return Number(fixed) === 0 ? (0).toFixed(AMOUNT_DECIMALS) : fixed;
}

/** Leverage is stored as a number (500) or as text ('1:500'); show it as '1:N' either way. */
export function formatLeverage(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  return text.includes(':') ? text : `1:${text}`;
}

/** 'name surname' without stray spaces when one part is missing. */
export function fullName(name?: string | null, surname?: string | null): string {
  return [name, surname].filter((part) => part && part.trim()).join(' ');
}
