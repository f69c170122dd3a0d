import type { ReportFrequency, ReportPeriod } from '@brokerdesk/contract';
import { addDays, isoDate, localDateOf, localMidnight, type LocalDate } from '../../lib/local-dates.ts';

// The zone arithmetic the periods stand on, read here by the schedule's tests.
export { localDateOf, localMidnight };

/**
 * Report periods in a subscription's time zone (docs/product.md [reports.periods]): a local day, an ISO
 * week (Monday to Sunday) or a calendar month, each from local midnight to local midnight, so a day
 * across a clock change is 23 or 25 hours long.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const asUtc = (date: LocalDate) => new Date(Date.UTC(date.y, date.m - 1, date.d));
const words = (date: LocalDate, opts: Intl.DateTimeFormatOptions) =>
  asUtc(date).toLocaleDateString('en-GB', { timeZone: 'UTC', ...opts });

/** ISO week number and its year of a Monday. */
function isoWeek(monday: LocalDate): { year: number; week: number } {
  const thursday = addDays(monday, 3);
  const jan1 = Date.UTC(thursday.y, 0, 1);
  return { year: thursday.y, week: Math.floor((asUtc(thursday).getTime() - jan1) / 86_400_000 / 7) + 1 };
}

/** The period of this frequency that holds the local date. */
export function periodHolding(frequency: ReportFrequency, timeZone: string, date: LocalDate): ReportPeriod {
  let first: LocalDate;
  let next: LocalDate;
  let key: string;
  let label: string;
  if (frequency === 'daily') {
    first = date;
    next = addDays(date, 1);
    key = isoDate(date);
    label = words(date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  } else if (frequency === 'weekly') {
    const weekday = (asUtc(date).getUTCDay() + 6) % 7;
    first = addDays(date, -weekday);
    next = addDays(first, 7);
    const { year, week } = isoWeek(first);
    const last = addDays(first, 6);
    key = `${year}-W${pad(week)}`;
    const firstWords = words(first, {
      day: 'numeric',
      month: 'long',
      ...(first.y !== last.y && { year: 'numeric' }),
    });
    label = `Week ${week} of ${year}: ${firstWords} to ${words(last, { day: 'numeric', month: 'long', year: 'numeric' })}`;
  } else {
    first = { y: date.y, m: date.m, d: 1 };
    next = date.m === 12 ? { y: date.y + 1, m: 1, d: 1 } : { y: date.y, m: date.m + 1, d: 1 };
    key = `${date.y}-${pad(date.m)}`;
    label = words(first, { month: 'long', year: 'numeric' });
  }
  return {
    frequency,
    timeZone,
    from: localMidnight(timeZone, first),
    to: localMidnight(timeZone, next),
    key,
    label,
  };
}

/** The period holding a YYYY-MM-DD day. */
export function periodOfDay(frequency: ReportFrequency, timeZone: string, day: string): ReportPeriod {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return periodHolding(frequency, timeZone, { y, m, d });
}

/** The periods that have ended by `now`, newest first, at most `count`. */
export function endedPeriods(
  frequency: ReportFrequency,
  timeZone: string,
  now: number,
  count: number,
): ReportPeriod[] {
  const out: ReportPeriod[] = [];
  let current = periodHolding(frequency, timeZone, localDateOf(timeZone, now));
  while (out.length < count) {
    current = periodHolding(frequency, timeZone, localDateOf(timeZone, current.from - 1));
    out.push(current);
  }
  return out;
}
