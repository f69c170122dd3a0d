import { LEVERAGE_OPTIONS, MESSAGES, formatLeverage, type TradingAccount } from '@brokerdesk/contract';
import type { UpdateAccountBody } from '../accounts-api.ts';

/** The account details form: leverage as the select shows it ('1:200') and a new password or ''. */
export type AccountEditValues = { leverage: string; password: string };

export function accountEditDefaults(account: Pick<TradingAccount, 'leverage'>): AccountEditValues {
  return { leverage: formatLeverage(account.leverage), password: '' };
}

/**
 * docs/product.md [const.leverages] leverage options, plus the account's own when it is outside them, so the
 * select can show it.
 */
export function leverageOptions(current: number): string[] {
  const own = formatLeverage(current);
  return LEVERAGE_OPTIONS.includes(own) ? [...LEVERAGE_OPTIONS] : [own, ...LEVERAGE_OPTIONS];
}

/** '1:200' -> 200. */
export function leverageNumber(option: string): number {
  return Number(option.split(':').pop());
}

/**
 * What Save sends, or null when neither the leverage nor the password changed (docs/product.md [rules]:
 * nothing is sent then; the server would answer 400 'Nothing has changed.'). A blank password means "keep
 * it". The leverage goes only when it changed, so a password change never looks like a leverage change.
 */
export function toAccountUpdate(
  account: Pick<TradingAccount, '_id' | 'userId' | 'type' | 'leverage'>,
  values: AccountEditValues,
): UpdateAccountBody | null {
  const leverage = leverageNumber(values.leverage);
  const leverageChanged = Number.isFinite(leverage) && leverage !== account.leverage;
  const password = values.password.trim() ? values.password : undefined;
  if (!leverageChanged && !password) return null;
  return {
    userId: account.userId,
    accountId: account._id,
    accountType: account.type,
    oldLeverage: account.leverage,
    ...(leverageChanged ? { leverage } : {}),
    ...(password ? { password } : {}),
  };
}

/**
 * docs/product.md [states]: an approved check is a success; anything else (pending, failed, none, no answer)
 * a failure.
 */
export function passwordOutcome(status: string | undefined): { ok: boolean; message: string } {
  return status === 'approved'
    ? { ok: true, message: MESSAGES.passwordChanged }
    : { ok: false, message: MESSAGES.passwordChangeFailed };
}
