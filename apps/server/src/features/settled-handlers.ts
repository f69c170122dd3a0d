import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { TradingPlatform } from '../integrations/platform/types.ts';
import type { Clock } from '../lib/clock.ts';
import {
  OperationWorker,
  type CheckingHandler,
  type SettledHandler,
  type WorkerLog,
} from '../operations/index.ts';
import { fundingCheckingHandlers, fundingSettledHandlers } from './funding/handlers.ts';
import { accountsCheckingHandlers, accountsSettledHandlers } from './accounts/handlers.ts';

/** Every feature's reaction to its platform operations settling, for the operations worker. */
export function allSettledHandlers(): Record<string, SettledHandler> {
  return { ...fundingSettledHandlers, ...accountsSettledHandlers };
}

/** Every feature's reaction to an operation waiting out its settle window ("Checking with MT5"). */
export function allCheckingHandlers(): Record<string, CheckingHandler> {
  return { ...fundingCheckingHandlers, ...accountsCheckingHandlers };
}

/**
 * The outbox worker as the server runs it: every feature's handlers and the configured lease and
 * settle window. The server and the API tests build it here, so tests run the worker production runs.
 */
export function createOperationWorker(deps: {
  db: Db;
  platform: TradingPlatform;
  clock: Clock;
  operations: Config['operations'];
  log?: WorkerLog;
}): OperationWorker {
  return new OperationWorker({
    db: deps.db,
    platforms: deps.platform,
    clock: deps.clock,
    handlers: allSettledHandlers(),
    checking: allCheckingHandlers(),
    leaseSeconds: deps.operations.leaseSeconds,
    settleSeconds: deps.operations.settleSeconds,
    log: deps.log,
  });
}
