/**
 * PLATFORM_FAULTS for the simulator: comma-separated `name=value` pairs.
 *   error=0.1      fraction of calls that fail with a transient error before doing anything
 *   timeout=0.05   fraction of calls that fail with an unknown outcome before doing anything
 *   lost=0.05      fraction of balance calls and group changes that are applied but whose reply is lost
 *                  (unknown outcome)
 *   latency=20     milliseconds added to each call
 *   down=1         every call fails: the platform is unreachable
 *   late=25        every change is applied 25 seconds after it arrived, whether or not the caller still
 *                  waits: a caller whose wait (MT5_TIMEOUT_SECONDS) is longer gets the real reply then;
 *                  any other is told the outcome is unknown when its wait ends
 *   stall=15       every call is held 15 seconds before the platform looks at it (a platform under load);
 *                  a change whose send deadline passed meanwhile is dropped unsent, as the MT5 session's
 *                  queue drops it
 */
export type Faults = {
  error: number;
  timeout: number;
  lost: number;
  latencyMs: number;
  down: boolean;
  lateSeconds: number;
  stallSeconds: number;
};

export const NO_FAULTS: Faults = {
  error: 0,
  timeout: 0,
  lost: 0,
  latencyMs: 0,
  down: false,
  lateSeconds: 0,
  stallSeconds: 0,
};

export function parseFaults(spec: string | undefined): Faults {
  const faults = { ...NO_FAULTS };
  if (!spec) return faults;
  for (const part of spec.split(',')) {
    const [rawKey, rawValue] = part.split('=');
    const key = rawKey?.trim();
    const value = Number(rawValue);
    if (!key) continue;
    if (!Number.isFinite(value) || value < 0) throw new Error(`PLATFORM_FAULTS: bad value in "${part}"`);
    switch (key) {
      case 'error':
      case 'timeout':
      case 'lost':
        if (value > 1) throw new Error(`PLATFORM_FAULTS: ${key} is a fraction from 0 to 1`);
        faults[key] = value;
        break;
      case 'latency':
        faults.latencyMs = value;
        break;
      case 'down':
        faults.down = value > 0;
        break;
      case 'late':
        faults.lateSeconds = value;
        break;
      case 'stall':
        faults.stallSeconds = value;
        break;
      default:
        throw new Error(`PLATFORM_FAULTS: unknown fault "${key}"`);
    }
  }
  return faults;
}
