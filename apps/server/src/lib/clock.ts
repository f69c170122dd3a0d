/** Time as the services see it; tests pass a clock they can move. */
export type Clock = { now: () => number };
export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };

export function manualClock(start = 1_790_000_000): Clock & { advance: (seconds: number) => void } {
  let t = start;
  return { now: () => t, advance: (s) => (t += s) };
}
