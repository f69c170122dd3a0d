import { describe, expect, it } from 'vitest';
import { NO_FAULTS, parseFaults } from './faults.ts';

describe('PLATFORM_FAULTS', () => {
  it('reads each fault', () => {
    expect(parseFaults('error=0.1, timeout=0.05,lost=0.2,latency=20,down=1,late=25,stall=15')).toEqual({
      error: 0.1,
      timeout: 0.05,
      lost: 0.2,
      latencyMs: 20,
      down: true,
      lateSeconds: 25,
      stallSeconds: 15,
    });
    expect(parseFaults(undefined)).toEqual(NO_FAULTS);
  });

  it('refuses what it does not understand', () => {
    expect(() => parseFaults('explode=1')).toThrow(/unknown fault/);
    expect(() => parseFaults('error=2')).toThrow(/fraction/);
    expect(() => parseFaults('error=abc')).toThrow(/bad value/);
  });
});
