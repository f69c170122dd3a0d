/**
 * Calendar dates in a time zone and the instants they begin, as epoch seconds: what the dashboard's
 * days in a staff member's zone and the scheduled reports' periods in a subscription's zone are made
 * of, so both count a day across a clock change (23 or 25 hours) the same way. Intl carries the zone
 * data (DST included), so no library is needed.
 */

export type LocalDate = { y: number; m: number; d: number };

/** Made once per zone: building a DateTimeFormat costs far more than using one. */
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
    // Zones are a closed list (about 600), so the map stays small.
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
 * midnight, as in Chile), the first instant of the day after the gap.
 */
export function localMidnight(timeZone: string, date: LocalDate): number {
  const wall = Date.UTC(date.y, date.m - 1, date.d) / 1000;
  // Twice: the offset at the first guess may be the other side of a clock change.
  let at = wall - (wallClock(timeZone, wall) - wall);
  at = wall - (wallClock(timeZone, at) - at);
  return wallClock(timeZone, at) < wall ? at + 3600 : at;
}

/** The date `days` after (or before) another. */
export const addDays = (date: LocalDate, days: number): LocalDate => {
  const d = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD. */
export const isoDate = (date: LocalDate) => `${pad(date.y, 4)}-${pad(date.m)}-${pad(date.d)}`;
