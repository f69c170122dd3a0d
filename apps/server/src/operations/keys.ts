import { MAX_COMMENT_LENGTH } from '../integrations/platform/types.ts';

/**
 * Operation keys: `<prefix>:<reference>`, e.g. `dep:<24 hex>`. The prefix names the feature that
 * settles the operation (its SettledHandler); the whole key is the deal comment of a balance op on
 * MT5, which is why it must fit MT5's 31-character comment.
 */
export const MAX_KEY_LENGTH = MAX_COMMENT_LENGTH;

const PREFIX = /^[a-z][a-z0-9]{0,7}$/;
// No spaces or characters MT5 escapes in query values (=, |, \): the comment must read back verbatim.
const KEY = /^([a-z][a-z0-9]{0,7}):[A-Za-z0-9._:-]+$/;

export class InvalidOperationKey extends Error {
  constructor(key: string, why: string) {
    super(`Invalid operation key "${key}": ${why}`);
    this.name = 'InvalidOperationKey';
  }
}

export function assertOperationKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH) {
    throw new InvalidOperationKey(
      key,
      `longer than ${MAX_KEY_LENGTH} characters (it is the MT5 deal comment)`,
    );
  }
  if (!KEY.test(key))
    throw new InvalidOperationKey(key, 'expected <prefix>:<reference> of letters and digits');
}

/** The feature part of a key: 'dep' for 'dep:64f0…'. */
export function keyPrefix(key: string): string {
  const at = key.indexOf(':');
  return at < 0 ? key : key.slice(0, at);
}

/**
 * The request an operation serves: '<prefix>:<id>' for the key itself and for its repeats
 * '<prefix>:<id>:<n>' (a repeat is a new operation after an earlier one failed for good).
 */
export function baseKeyOf(key: string): string {
  const parts = key.split(':');
  return parts.length > 2 ? `${parts[0]}:${parts[1]}` : key;
}

export function assertKeyPrefix(prefix: string): void {
  if (!PREFIX.test(prefix)) throw new Error(`Invalid operation key prefix "${prefix}"`);
}
