/**
 * The platform-operations outbox (docs/product.md [money.outbox]): features enqueue
 * in their own transaction, the worker applies each operation on the platform exactly once in effect
 * and tells the feature how it ended through its SettledHandler.
 */
export { enqueueOperation, DEFAULT_PLATFORM, type EnqueueInput } from './enqueue.ts';
export {
  registerHandler,
  type CheckingHandler,
  toHandlerMap,
  type OperationRow,
  type SettledHandler,
  type SettledHandlers,
  type SettledOutcome,
} from './handlers.ts';
export {
  assertOperationKey,
  baseKeyOf,
  keyPrefix,
  keyReference,
  keysOfRequest,
  MAX_REPEATS,
  parseOperationKey,
  InvalidOperationKey,
  MAX_KEY_LENGTH,
} from './keys.ts';
export {
  clearSecrets,
  isOperationKind,
  operationPayloadSchemas,
  OPERATION_KINDS,
  parseOperation,
  type BalancePayload,
  type ChangePasswordPayload,
  type CreateAccountPayload,
  type OperationInputPayloads,
  type OperationKind,
  type OperationPayloads,
  type ParsedOperation,
  type SetLeveragePayload,
  type SetGroupPayload,
  type SetNamePayload,
} from './kinds.ts';
export { errorText } from './attempt.ts';
export {
  hasOpenOperation,
  latestOperationState,
  nextOperationKey,
  succeededBalanceKeys,
  type OperationState,
} from './queries.ts';
export { defaultBackoff, DEFAULT_MAX_ATTEMPTS, type RetryPolicy } from './policy.ts';
export { claimOperations, type ClaimedOperation } from './store.ts';
export { OperationWorker, type OperationWorkerDeps, type RoundTally, type WorkerLog } from './worker.ts';
export { archiveSettledOperations, OperationsArchiveJob } from './archive.ts';
