import { addDays, isoDate, localDateOf, localMidnight } from '../../lib/local-dates.ts';

/**
 * Days in a staff member's time zone, as epoch seconds, for totals kept per hour: the dashboard's
 * "today" is their day, not UTC's (lib/local-dates.ts does the zone arithmetic).
 */

export type LocalDay = {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** Local midnight, epoch seconds. */
  start: number;
  /** The next day's start. */
  end: number;
};

/** Day lists by zone, length and local date: they change once a day, and Intl is slow to ask. */
const lists = new Map<string, readonly LocalDay[]>();
const MAX_LISTS = 256;

/** The `days` local days ending with the one that holds `now`, oldest first (shared: do not change). */
export function localDays(now: number, zone: string, days: number): readonly LocalDay[] {
  const today = localDateOf(zone, now);
  const key = `${zone}|${days}|${isoDate(today)}`;
  let list = lists.get(key);
  if (!list) {
    const out: LocalDay[] = [];
    for (let i = days - 1; i >= 0; i--) {
      const date = addDays(today, -i);
      out.push({
        date: isoDate(date),
        start: localMidnight(zone, date),
        end: localMidnight(zone, addDays(date, 1)),
      });
    }
    list = out;
    if (lists.size >= MAX_LISTS) lists.clear();
    lists.set(key, list);
  }
  return list;
}

/**
 * The first hour (epoch seconds / 3600) counted in a day starting at `start`: an hour belongs to the
 * day its first second falls in, so in zones whose offset is not whole hours (India, Nepal) the
 * half-hour around midnight counts with the day before.
 */
export const firstHourOf = (start: number) => Math.ceil(start / 3600);
