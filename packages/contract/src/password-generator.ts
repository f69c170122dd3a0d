import { GENERATED_PASSWORD_LENGTH } from './constants.ts';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#$%&*+-=?@^_';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

/** A uniformly random integer below `n` from the platform's secure source (browser and Node alike). */
function randomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % n;
  }
}

/**
 * docs/product.md [rules]: 10 characters with at least one lowercase letter, one uppercase letter, one digit
 * and one symbol, shuffled. Look-alike characters (l, I, O, 0, 1) are left out, as staff read these aloud.
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  const pick = (set: string) => set[randomBelow(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
