import { PlatformError, type SendOptions, type TradingPlatform } from '../integrations/platform/types.ts';
import { keysOfRequest } from './keys.ts';
import type { CreateAccountPayload, ParsedOperation } from './kinds.ts';

/**
 * What one send found out:
 *   applied     it took effect
 *   rejected    the platform refused it for good; nothing was applied
 *   notApplied  a transient failure, or dropped unsent; nothing was applied
 *   uncertain   it may or may not have been applied, now or later (timeout, lost reply)
 */
export type SendResult =
  | { outcome: 'applied'; result: Record<string, unknown> }
  | { outcome: 'rejected' | 'notApplied' | 'uncertain'; error: string; code?: number };

/**
 * What a look-up found: the operation already took effect (`result` as a send would have answered),
 * is not (yet) there, or the look-up itself failed, which tells nothing.
 */
export type LookupResult =
  { found: true; result: Record<string, unknown> } | { found: false } | { found: 'unknown'; error: string };

/** Sends an operation once. `options.deadline` travels down to the platform's queue. */
export async function sendOperation(
  platform: TradingPlatform,
  op: ParsedOperation,
  options: SendOptions,
): Promise<SendResult> {
  try {
    switch (op.kind) {
      case 'balance': {
        const { login, amount, comment } = op.payload;
        return applied({ deal: await platform.balance(login, amount, comment, options) });
      }
      case 'createAccount':
        return applied({ login: (await platform.createAccount(op.payload, options)).login });
      case 'setLeverage':
        await platform.setLeverage(op.payload.login, op.payload.leverage, options);
        return applied({});
      case 'setName':
        await platform.setName(op.payload.login, op.payload.name, options);
        return applied({});
      case 'setGroup':
        await platform.setGroup(op.payload.login, op.payload.group, options);
        return applied({});
      case 'changePassword': {
        const { login, type, password } = op.payload;
        await platform.changePassword(login, type, password, options);
        return applied({});
      }
    }
  } catch (err) {
    return failure(err);
  }
}

/** The operation's row as a look-up needs it: its key and when it was made (epoch seconds). */
export type LookupContext = { key: string; createdAt: number };

/**
 * Asks the platform whether an operation already took effect, reading only: a deal carrying any key
 * the request's operations can have had (a restored database may not know which one it sent), made
 * since the request was; the account with its login, name and group; or the field a change sets.
 */
export async function lookupOperation(
  platform: TradingPlatform,
  op: ParsedOperation,
  context: LookupContext,
): Promise<LookupResult> {
  try {
    switch (op.kind) {
      case 'balance': {
        const since = Math.min(op.payload.since ?? context.createdAt, context.createdAt);
        const deal = await platform.findDeal(op.payload.login, keysOfRequest(context.key), since);
        return deal
          ? {
              found: true,
              result: { deal: deal.deal, ...(deal.comment !== context.key ? { comment: deal.comment } : {}) },
            }
          : { found: false };
      }
      case 'createAccount':
        return (await isOurAccount(platform, op.payload))
          ? { found: true, result: { login: op.payload.login } }
          : { found: false };
      case 'setLeverage':
        return shows((await platform.getAccount(op.payload.login)).leverage === op.payload.leverage);
      case 'setName':
        return shows((await platform.getAccount(op.payload.login)).name === op.payload.name);
      case 'setGroup':
        return shows((await platform.getAccount(op.payload.login)).group === op.payload.group);
      case 'changePassword': {
        const { login, type, password } = op.payload;
        return shows(await platform.checkPassword(login, type, password));
      }
    }
  } catch (err) {
    return { found: 'unknown', error: `Look-up failed: ${errorText(err)}` };
  }
}

/** The login is pre-assigned, so the account is ours when that login holds our name and group. */
async function isOurAccount(platform: TradingPlatform, p: CreateAccountPayload): Promise<boolean> {
  try {
    const account = await platform.getAccount(p.login);
    return account.name === p.name && account.group === p.group;
  } catch (err) {
    if (err instanceof PlatformError && err.refusal === 'accountNotFound') return false;
    throw err;
  }
}

const applied = (result: Record<string, unknown>): SendResult => ({ outcome: 'applied', result });
const shows = (yes: boolean): LookupResult => (yes ? { found: true, result: {} } : { found: false });

function failure(err: unknown): Exclude<SendResult, { outcome: 'applied' }> {
  const error = errorText(err);
  if (!(err instanceof PlatformError)) {
    // Not a platform verdict (a bug, a lost database connection in the simulator): it says nothing
    // about whether the call landed.
    return { outcome: 'uncertain', error };
  }
  if (err.refusal === 'accountExists') return { outcome: 'rejected', error, code: err.code };
  const outcome =
    err.kind === 'permanent' ? 'rejected' : err.kind === 'transient' ? 'notApplied' : 'uncertain';
  return { outcome, error, code: err.code };
}

/** The text staff see as MTStatus: the platform's message with its code, "Not enough money (10019)". */
export function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof PlatformError ? err.code : undefined;
  // Negative codes are the console's own (a call dropped unsent), not the platform's.
  return code === undefined || code < 0 || message.includes(String(code)) ? message : `${message} (${code})`;
}
