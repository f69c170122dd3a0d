import type { Tx } from '../db/client.ts';
import type { platformOperations } from '../db/schema.ts';
import { assertKeyPrefix } from './keys.ts';

export type OperationRow = typeof platformOperations.$inferSelect;

/** How an operation ended, as its feature hears about it. `error` is the text staff see as MTStatus. */
export type SettledOutcome = { ok: true; result: unknown } | { ok: false; error: string; code?: number };

/**
 * A feature's reaction to one of its operations settling: record MTStatus on the request row, for
 * example. It runs inside the transaction that marks the operation succeeded or failed, so the two
 * commit together; use only `tx`. Throwing rolls both back and the operation is tried again later.
 */
export type SettledHandler = (tx: Tx, op: OperationRow, outcome: SettledOutcome) => Promise<void>;

/**
 * A feature's reaction to one of its operations entering (or staying in) the settle window after an
 * unknown outcome: show "Checking with MT5" on the request, for example. Same transaction rules.
 */
export type CheckingHandler = (tx: Tx, op: OperationRow, settleUntil: number) => Promise<void>;

/** Handlers keyed by key prefix: 'dep' settles every 'dep:…' operation. */
export type SettledHandlers = Map<string, SettledHandler> | Record<string, SettledHandler>;

export function toHandlerMap<H>(handlers: Map<string, H> | Record<string, H>): Map<string, H> {
  const map = handlers instanceof Map ? new Map(handlers) : new Map(Object.entries(handlers));
  for (const prefix of map.keys()) assertKeyPrefix(prefix);
  return map;
}

/** Adds a feature's handler to a registry; a prefix belongs to one feature only. */
export function registerHandler(
  registry: Map<string, SettledHandler>,
  prefix: string,
  handler: SettledHandler,
): void {
  assertKeyPrefix(prefix);
  if (registry.has(prefix)) throw new Error(`A settled handler for "${prefix}:" is already registered`);
  registry.set(prefix, handler);
}
