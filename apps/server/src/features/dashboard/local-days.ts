/**
 * Days in a staff member's time zone, as epoch seconds, for totals kept per hour: the dashboard's
 * "today" is their day, not UTC's. Intl carries the zone data (DST included), so no library is needed.
 */

export type LocalDay = {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** Local midnight, epoch seconds. */
  start: number;
  /** The next day's start. */
  end: number;
};

type Civil = { y: number; m: number; d: number };

/** Made once per zone: building a DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = makeFormatter(zone);
    // Zones are a closed list (about 600), so the map stays small.
    formatters.set(zone, f);
  }
  return f;
}

function makeFormatter(zone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

/** The zone's wall-clock time at `epoch` read as if it were UTC, minus `epoch`: the zone's offset. */
function offsetAt(f: Intl.DateTimeFormat, epoch: number): number {
  const p = Object.fromEntries(f.formatToParts(new Date(epoch * 1000)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) / 1000;
  return wall - epoch;
}

function civilOf(f: Intl.DateTimeFormat, epoch: number): Civil {
  const wall = new Date((epoch + offsetAt(f, epoch)) * 1000);
  return { y: wall.getUTCFullYear(), m: wall.getUTCMonth() + 1, d: wall.getUTCDate() };
}

/** Local midnight of a date; where DST skips midnight, the first moment of that day that exists. */
function midnight(f: Intl.DateTimeFormat, { y, m, d }: Civil): number {
  const wall = Date.UTC(y, m - 1, d) / 1000;
  // Twice: the offset at the first guess may be the other side of a DST change.
  const first = wall - offsetAt(f, wall);
  return wall - offsetAt(f, first);
}

const plusDays = ({ y, m, d }: Civil, n: number): Civil => {
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};
const iso = ({ y, m, d }: Civil) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Day lists by zone, length and local date: they change once a day, and Intl is slow to ask. */
const lists = new Map<string, readonly LocalDay[]>();
const MAX_LISTS = 256;

/** The `days` local days ending with the one that holds `now`, oldest first (shared: do not change). */
export function localDays(now: number, zone: string, days: number): readonly LocalDay[] {
  const f = formatter(zone);
  const today = civilOf(f, now);
  const key = `${zone}|${days}|${iso(today)}`;
  let list = lists.get(key);
  if (!list) {
    const out: LocalDay[] = [];
    for (let i = days - 1; i >= 0; i--) {
      const date = plusDays(today, -i);
      out.push({ date: iso(date), start: midnight(f, date), end: midnight(f, plusDays(date, 1)) });
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
