import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseFaults } from './faults.ts';
import { SimulatorPlatform } from './simulator.ts';
import type { TradingPlatform } from './types.ts';

export function createPlatform(
  config: Config,
  db: Db,
  clock: Clock,
  _log: { warn: (o: object, m: string) => void },
): TradingPlatform {
  if (config.platform === 'mt5') {
    throw new Error('PLATFORM=mt5 is not available yet in this build.');
  }
  return new SimulatorPlatform(db, clock, parseFaults(config.platformFaults));
}
