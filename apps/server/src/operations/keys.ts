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

/**
 * The one reading of a key, `<prefix>:<reference>[:<repeat>]`: the feature ('dep'), the request or
 * account it serves (its id), and for a repeat (a new operation after an earlier one failed for good)
 * its number. Every other reader of keys goes through this.
 */
export function parseOperationKey(key: string): { prefix: string; reference: string; repeat: string | null } {
  const [prefix = '', reference = '', repeat] = key.split(':');
  return { prefix, reference, repeat: repeat ?? null };
}

/** The feature part of a key: 'dep' for 'dep:64f0…'. */
export const keyPrefix = (key: string): string => parseOperationKey(key).prefix;

/** The id a key names: '64f0…' for 'dep:64f0…' and its repeats 'dep:64f0…:2'. */
export const keyReference = (key: string): string => parseOperationKey(key).reference;

/** The request an operation serves: '<prefix>:<id>' for the key itself and for its repeats. */
export function baseKeyOf(key: string): string {
  const { prefix, reference, repeat } = parseOperationKey(key);
  return repeat === null ? key : `${prefix}:${reference}`;
}

/**
 * MT5's comment must stay within 31 characters (a 3-letter prefix, a 24-character id and `:<n>`), so
 * one request has at most 9 repeats of an operation.
 */
export const MAX_REPEATS = 9;

/**
 * Every key an operation of this request can have had: its base key and each repeat. A look-up asks
 * for all of them: after a restore from backup the console may have forgotten which one it sent.
 */
export function keysOfRequest(key: string): string[] {
  const base = baseKeyOf(key);
  return [base, ...Array.from({ length: MAX_REPEATS }, (_, i) => `${base}:${i + 1}`)];
}

export function assertKeyPrefix(prefix: string): void {
  if (!PREFIX.test(prefix)) throw new Error(`Invalid operation key prefix "${prefix}"`);
}
