const FIRST_MS = 1_000;
const MAX_MS = 30_000;

/**
 * How long to wait before reopening the stream after `failures` failed tries in a row: 1 s, 2 s, 4 s …
 * up to 30 s, each spread by ±20 % so that the tabs of a restarted server do not all come back at once.
 */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_MS, FIRST_MS * 2 ** Math.max(0, failures));
  return Math.round(base * (0.8 + 0.4 * random()));
}
