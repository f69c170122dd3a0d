import type { SettledHandler } from '../operations/index.ts';
import { fundingSettledHandlers } from './funding/handlers.ts';
import { accountsSettledHandlers } from './accounts/handlers.ts';

/** Every feature's reaction to its platform operations settling, for the operations worker. */
export function allSettledHandlers(): Record<string, SettledHandler> {
  return { ...fundingSettledHandlers, ...accountsSettledHandlers };
}
