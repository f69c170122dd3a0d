import {
  ACCOUNT_TYPES,
  CURRENCIES,
  DEMO_ACCOUNT_TYPES,
  DEMO_BALANCES,
  LEVERAGES,
  formatLeverage,
  type UserStatus,
} from '@brokerdesk/contract';
import type { CreateAccountBody } from '../accounts-api.ts';

/**
 * The New sub-account form (docs/product.md [rule.new-sub-account]): every choice starts empty, as selects
 * show it.
 */
export type NewAccountValues = {
  requestType: '' | 'live' | 'demo';
  accType: string;
  baseCurrency: string;
  leverage: string;
  balance: string;
};

export const NEW_ACCOUNT_DEFAULTS: NewAccountValues = {
  requestType: '',
  accType: '',
  baseCurrency: '',
  leverage: '',
  balance: '',
};

const amount = new Intl.NumberFormat('en');

export const CURRENCY_CHOICES = CURRENCIES.map((c) => ({ value: c, label: c }));
export const LEVERAGE_CHOICES = LEVERAGES.map((l) => ({ value: String(l), label: formatLeverage(l) }));
export const BALANCE_CHOICES = DEMO_BALANCES.map((b) => ({ value: String(b), label: amount.format(b) }));

/** docs/product.md [constants]: Mini FX is offered for live accounts only. */
export function accountTypeChoices(requestType: NewAccountValues['requestType']): readonly string[] {
  return requestType === 'demo' ? DEMO_ACCOUNT_TYPES : ACCOUNT_TYPES;
}

/** The server opens live accounts for approved clients only; demo accounts for anyone. */
export function canOpenLive(userStatus: UserStatus): boolean {
  return userStatus === 'approved';
}

/**
 * Switching live/demo keeps what still fits: a demo account drops Mini FX, a live one drops the
 * balance (only demo accounts take one).
 */
export function withRequestType(
  values: NewAccountValues,
  requestType: NewAccountValues['requestType'],
): NewAccountValues {
  const accType = accountTypeChoices(requestType).includes(values.accType) ? values.accType : '';
  return { ...values, requestType, accType, balance: requestType === 'demo' ? values.balance : '' };
}

/**
 * What + ADD sends, or null while a required value is empty (docs/product.md [rules]: request type, account
 * type, currency and leverage; balance for demo), in which case nothing is sent.
 */
export function toCreateAccount(userId: string, values: NewAccountValues): CreateAccountBody | null {
  const { requestType, accType, baseCurrency, leverage, balance } = values;
  if (!requestType || !accType || !baseCurrency || !leverage) return null;
  if (!accountTypeChoices(requestType).includes(accType)) return null;
  if (requestType === 'demo' && !balance) return null;
  return {
    userId,
    requestType,
    platform: 'MT5',
    accType: accType as CreateAccountBody['accType'],
    baseCurrency: baseCurrency as CreateAccountBody['baseCurrency'],
    leverage: Number(leverage),
    ...(requestType === 'demo' ? { balance: Number(balance) } : {}),
  };
}
