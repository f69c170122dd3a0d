import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES, STAFF_MIN_PASSWORD_LENGTH } from '@brokerdesk/contract';

/** How many of the most common passwords are refused (NIST 800-63B: a list of known-bad passwords). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

/**
 * The list ships with @zxcvbn-ts/language-common (MIT, maintained), most common first and in lower
 * case. Built on first use: the 10,000 entries cost a few hundred kilobytes only when a password is set.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED));
  return common;
}

/**
 * The one rule for every way a staff password is set (CLI `npm run staff`, reset and set-password
 * links): at least 10 characters and not among the 10,000 most common passwords, compared without
 * regard to case. No composition rules (NIST 800-63B). Returns the message to show, or null.
 */
export function staffPasswordProblem(password: string): string | null {
  if ([...password].length < STAFF_MIN_PASSWORD_LENGTH) return MESSAGES.staffPasswordTooShort;
  if (commonPasswords().has(password.toLowerCase())) return MESSAGES.passwordTooCommon;
  return null;
}
