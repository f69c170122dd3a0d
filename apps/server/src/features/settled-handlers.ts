import type { CheckingHandler, SettledHandler } from '../operations/index.ts';
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
