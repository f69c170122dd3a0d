import { PlatformError, type TradingPlatform } from '../integrations/platform/types.ts';
import type { BalancePayload, CreateAccountPayload, ParsedOperation } from './kinds.ts';

/** MT5's LOGIN_EXIST: the login asked for is taken. */
const ACCOUNT_EXISTS = 3004;

/**
 * What one attempt found out:
 *   applied     it took effect (now, or by an earlier attempt whose reply never arrived: `foundEarlier`)
 *   rejected    the platform refused it for good; nothing was applied
 *   notApplied  a transient failure; nothing was applied
 *   uncertain   it may or may not have been applied (timeout, lost reply, a failed lookup)
 */
export type AttemptResult =
  | { outcome: 'applied'; result: Record<string, unknown>; foundEarlier: boolean }
  | { outcome: 'rejected' | 'notApplied' | 'uncertain'; error: string; code?: number };

/**
 * Runs an operation once against the platform. `afterEarlierAttempt` says an earlier attempt (or a
 * worker that died holding the operation) may have applied it, so a non-idempotent kind first checks
 * whether it already took effect instead of sending it again.
 */
export async function attemptOperation(
  platform: TradingPlatform,
  op: ParsedOperation,
  afterEarlierAttempt: boolean,
): Promise<AttemptResult> {
  switch (op.kind) {
    case 'balance':
      return balance(platform, op.payload, afterEarlierAttempt);
    case 'createAccount':
      return createAccount(platform, op.payload, afterEarlierAttempt);
    // Setting a value twice leaves it set once: these are simply sent again after any failure.
    case 'setLeverage':
      return call(() => platform.setLeverage(op.payload.login, op.payload.leverage));
    case 'setName':
      return call(() => platform.setName(op.payload.login, op.payload.name));
    case 'changePassword':
      return call(() => platform.changePassword(op.payload.login, op.payload.type, op.payload.password));
  }
}

async function balance(
  platform: TradingPlatform,
  p: BalancePayload,
  lookFirst: boolean,
): Promise<AttemptResult> {
  if (lookFirst) {
    try {
      const deal = await platform.findDeal(p.login, p.comment);
      if (deal) return { outcome: 'applied', result: { deal: deal.deal }, foundEarlier: true };
    } catch (err) {
      // Without the lookup, sending again could credit twice: the outcome stays unknown.
      return { ...failure(err), outcome: 'uncertain', error: `Deal lookup failed: ${errorText(err)}` };
    }
  }
  try {
    const deal = await platform.balance(p.login, p.amount, p.comment);
    return { outcome: 'applied', result: { deal }, foundEarlier: false };
  } catch (err) {
    return failure(err);
  }
}

/**
 * The login is pre-assigned, so a retry asks for the same one. If an earlier attempt created it, the
 * platform answers "account exists"; the account is ours when its name and group are the ones we sent.
 */
async function createAccount(
  platform: TradingPlatform,
  p: CreateAccountPayload,
  afterEarlierAttempt: boolean,
): Promise<AttemptResult> {
  try {
    const { login } = await platform.createAccount(p);
    return { outcome: 'applied', result: { login }, foundEarlier: false };
  } catch (err) {
    const exists = err instanceof PlatformError && err.code === ACCOUNT_EXISTS;
    if (!exists || !afterEarlierAttempt) return failure(err);
    try {
      const account = await platform.getAccount(p.login);
      if (account.name === p.name && account.group === p.group) {
        return { outcome: 'applied', result: { login: p.login }, foundEarlier: true };
      }
      return failure(err);
    } catch (lookupErr) {
      return {
        ...failure(lookupErr),
        outcome: 'uncertain',
        error: `Account lookup failed: ${errorText(lookupErr)}`,
      };
    }
  }
}

async function call(run: () => Promise<void>): Promise<AttemptResult> {
  try {
    await run();
    return { outcome: 'applied', result: {}, foundEarlier: false };
  } catch (err) {
    return failure(err);
  }
}

function failure(err: unknown): Exclude<AttemptResult, { outcome: 'applied' }> {
  const error = errorText(err);
  if (!(err instanceof PlatformError)) {
    // Not a platform verdict (a bug, a lost database connection in the simulator): it says nothing
    // about whether the call landed.
    return { outcome: 'uncertain', error };
  }
  const outcome =
    err.kind === 'permanent' ? 'rejected' : err.kind === 'transient' ? 'notApplied' : 'uncertain';
  return { outcome, error, code: err.code };
}

/** The text staff see as MTStatus: the platform's message with its code, "Not enough money (10019)". */
export function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof PlatformError ? err.code : undefined;
  return code === undefined || message.includes(String(code)) ? message : `${message} (${code})`;
}
