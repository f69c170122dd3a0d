import type { ReportFrequency, ReportPeriod } from '@brokerdesk/contract';

/**
 * Report periods in a subscription's time zone (docs/product.md [reports.periods]): a local day, an ISO
 * week (Monday to Sunday) or a calendar month, each from local midnight to local midnight, so a day
 * across a clock change is 23 or 25 hours long.
 */

type LocalDate = { y: number; m: number; d: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time in the zone at an instant, as if it were UTC (epoch seconds). */
function wallClock(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(at * 1000))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return (
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) / 1000
  );
}

/** The local calendar date of an instant. */
export function localDateOf(timeZone: string, at: number): LocalDate {
  const d = new Date(wallClock(timeZone, at) * 1000);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

/**
 * The instant the local date begins in the zone. Where midnight does not exist (a clock change at
 * midnight), the first instant of the day after the gap.
 */
export function localMidnight(timeZone: string, date: LocalDate): number {
  const wall = Date.UTC(date.y, date.m - 1, date.d) / 1000;
  let at = wall - (wallClock(timeZone, wall) - wall);
  at = wall - (wallClock(timeZone, at) - at);
  return wallClock(timeZone, at) < wall ? at + 3600 : at;
}

const addDays = (date: LocalDate, days: number): LocalDate => {
  const d = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
};
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: LocalDate) => `${date.y}-${pad(date.m)}-${pad(date.d)}`;
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
    key = iso(date);
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
