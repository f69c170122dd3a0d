import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseFaults } from './faults.ts';
import { SimulatorPlatform } from './simulator.ts';
import { createMt5Platform } from './mt5/index.ts';
import type { TradingPlatform } from './types.ts';

type Log = { warn: (o: object, m: string) => void; debug: (o: object, m: string) => void };

/** PLATFORM=simulator (default) or mt5 with MT5_URL, MT5_LOGIN, MT5_PASSWORD and optionally MT5_CA. */
export function createPlatform(config: Config, db: Db, clock: Clock, log: Log): TradingPlatform {
  if (config.platform === 'mt5') {
    const { url, login, password, ca } = config.mt5;
    const missing = [!url && 'MT5_URL', !login && 'MT5_LOGIN', !password && 'MT5_PASSWORD'].filter(Boolean);
    if (missing.length > 0) throw new Error(`PLATFORM=mt5 needs ${missing.join(', ')}.`);
    if (!/^\d+$/.test(login!)) throw new Error('MT5_LOGIN must be the manager account number.');
    return createMt5Platform({
      url: url!,
      login: Number(login),
      password: password!,
      ca,
      log,
      timeoutMs: config.mt5TimeoutSeconds * 1000,
      now: clock.now,
    });
  }
  return new SimulatorPlatform(
    db,
    clock,
    parseFaults(config.platformFaults),
    Math.random,
    config.mt5TimeoutSeconds,
  );
}
