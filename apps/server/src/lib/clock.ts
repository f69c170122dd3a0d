/**
 * Time as the services see it; tests pass a clock they can move. `sleep` waits on the same time:
 * real timers for the system clock, the test's advance() for a manual clock (a clock without one
 * waits in real time).
 */
export type Clock = { now: () => number; sleep?: (seconds: number) => Promise<void> };

export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000), sleep: realSleep };

/** Waits `seconds` on the clock's time. */
export function sleepOn(clock: Clock, seconds: number): Promise<void> {
  return clock.sleep ? clock.sleep(seconds) : realSleep(seconds);
}

/** Does not keep the process alive: a shutting-down server does not wait for a simulated delay. */
function realSleep(seconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000).unref());
}

export type ManualClock = Clock & {
  sleep: (seconds: number) => Promise<void>;
  /** Moves time on; sleeps that are due by then end, earliest first. */
  advance: (seconds: number) => void;
  /** How many sleeps are waiting: lets a test see that a call is held before moving time. */
  sleeping: () => number;
};

export function manualClock(start = 1_790_000_000): ManualClock {
  let t = start;
  let sleepers: { at: number; wake: () => void }[] = [];
  return {
    now: () => t,
    sleep: (s) =>
      s <= 0 ? Promise.resolve() : new Promise<void>((wake) => sleepers.push({ at: t + s, wake })),
    advance: (s) => {
      t += s;
      const due = sleepers.filter((x) => x.at <= t).sort((a, b) => a.at - b.at);
      sleepers = sleepers.filter((x) => x.at > t);
      for (const x of due) x.wake();
    },
    sleeping: () => sleepers.length,
  };
}
