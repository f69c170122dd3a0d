import { AMOUNT_DECIMALS } from '@brokerdesk/contract';
import { currentTimeZone, UTC } from './time-zone/time-zone.ts';

/** The first instant whose ISO year has five digits; beyond it Intl formats UTC as well. */
const YEAR_10000 = Date.UTC(10000, 0, 1);

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Epoch seconds (the wire format) as 'YYYY/MM/DD HH:mm:ss' (docs/product.md [const.date-format]) in the staff
 * member's chosen time zone, or in `timeZone`. Daylight saving comes from the browser's zone data.
 */
export function formatEpoch(seconds: number | null | undefined, timeZone = currentTimeZone()): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const ms = Math.floor(seconds) * 1000;
  // UTC needs no time-zone data: the ISO form is the same fields, and far cheaper than Intl's parts
  // (every time on a page is also formatted in UTC for its tooltip).
  const iso = timeZone === UTC && ms >= 0 && ms < YEAR_10000 ? new Date(ms).toISOString() : null;
  if (iso) return `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)} ${iso.slice(11, 19)}`;
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms))) {
    parts[part.type] = part.value;
  }
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The same instant in UTC, for the tooltip on every time shown: 'YYYY/MM/DD HH:mm:ss UTC'. */
export function formatEpochUtc(seconds: number | null | undefined): string {
  const text = formatEpoch(seconds, UTC);
  return text ? `${text} UTC` : '';
}

/**
 * Amounts and balances with 2 decimals (docs/product.md [const.amounts]); no value shows as empty, not as
 * 0.00.
 */
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
