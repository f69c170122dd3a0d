import { Faker, base, en } from '@faker-js/faker';
import { COUNTRIES, type DemoCountry } from './countries.ts';

/** A weighted choice, built once and sampled many times. Entries keep their order (see `pick`). */
export class Weighted<T extends string | number> {
  readonly values: T[];
  private readonly cumulative: number[];
  constructor(entries: readonly (readonly [T, number])[]) {
    this.values = entries.map(([v]) => v);
    let sum = 0;
    this.cumulative = entries.map(([, w]) => (sum += w));
  }
  sample(u: number): T {
    const target = u * this.cumulative[this.cumulative.length - 1]!;
    const i = this.cumulative.findIndex((c) => target < c);
    return this.values[i === -1 ? this.values.length - 1 : i]!;
  }
}

/** A weighted choice among string values, written as { value: weight }; absent values never come up. */
export function weighted<T extends string>(weights: Partial<Record<T, number>>): Weighted<T> {
  return new Weighted(Object.entries(weights) as [T, number][]);
}

/**
 * Every random decision of the demo data goes through one seeded faker (plus one per locale, seeded
 * from the same seed), so the same seed and `now` always give the same rows, ids included.
 */
export class DemoRandom {
  readonly f: Faker;
  private readonly locales = new Map<string, Faker>();
  /** Values of each distribution not drawn yet; see `pick`. */
  private readonly unseen = new Map<Weighted<string | number>, Set<string | number>>();

  constructor(
    seed: number,
    readonly now: number,
  ) {
    this.f = new Faker({ locale: [en, base], seed });
    COUNTRIES.forEach((c, i) => {
      this.locales.set(c.code, new Faker({ locale: [c.locale, en, base], seed: seed * 101 + i + 1 }));
    });
  }

  /** The faker speaking the language of a country: names, streets and postcodes that fit it. */
  local(country: DemoCountry): Faker {
    return this.locales.get(country.code)!;
  }

  /**
   * A weighted draw, except that each value is returned once before chance takes over: even a small
   * data set then holds every status of every table, which the screens' tabs and the tests rely on.
   */
  pick<T extends string | number>(dist: Weighted<T>): T {
    const key = dist as Weighted<string | number>;
    let unseen = this.unseen.get(key);
    if (!unseen) this.unseen.set(key, (unseen = new Set(dist.values)));
    if (unseen.size > 0) {
      const first = unseen.values().next().value as T;
      unseen.delete(first);
      return first;
    }
    return dist.sample(this.f.number.float());
  }

  /** A weighted draw with no coverage guarantee (for details, not statuses). */
  draw<T extends string | number>(dist: Weighted<T>): T {
    return dist.sample(this.f.number.float());
  }

  one<T>(values: readonly T[]): T {
    return values[this.f.number.int({ min: 0, max: values.length - 1 })]!;
  }

  chance(p: number): boolean {
    return this.f.number.float() < p;
  }

  int(min: number, max: number): number {
    return this.f.number.int({ min, max });
  }

  /** An amount with 2 decimals; `round` makes it a multiple of that step, as people usually pay. */
  money(min: number, max: number, round = 0): number {
    const v = min + this.f.number.float() * (max - min);
    return round > 0 ? Math.max(round, Math.round(v / round) * round) : Math.round(v * 100) / 100;
  }

  /** A moment between `from` and `to` (epoch seconds), never after `now`. */
  between(from: number, to: number): number {
    const hi = Math.min(to, this.now);
    return hi <= from ? hi : this.f.number.int({ min: from, max: hi });
  }

  /**
   * A moment some seconds after `ts`. One that would fall after `now` is drawn again between `ts` and
   * `now`, so that recent events do not pile up on `now` itself.
   */
  after(ts: number, maxSeconds: number, minSeconds = 60): number {
    const t = ts + this.f.number.int({ min: minSeconds, max: Math.max(minSeconds, maxSeconds) });
    return t <= this.now ? t : this.between(Math.min(ts, this.now), this.now);
  }

  /** A 24-hex id like newId(): creation seconds then 8 random bytes, here from the seeded source. */
  id(ts: number): string {
    const hi = this.f.number.int({ min: 0, max: 0xffff_ffff });
    const lo = this.f.number.int({ min: 0, max: 0xffff_ffff });
    return hex8(ts) + hex8(hi) + hex8(lo);
  }

  digits(length: number): string {
    return this.f.string.numeric({ length, allowLeadingZeros: false });
  }
}

function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}

export const DAY = 86_400;
export const YEAR = 365 * DAY;
