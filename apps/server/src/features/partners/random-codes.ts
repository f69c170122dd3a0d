import crypto from 'node:crypto';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Codes go into public links, so they come from a secure random source and cannot be guessed. */
function randomCode(alphabet: string, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[crypto.randomInt(alphabet.length)];
  return s;
}

/** An introducer's own code (8 upper-case letters and digits, as the existing codes are). */
export const introducerCode = () => randomCode(UPPER, 8);
/** A generated sub-code: 10 mixed-case letters and digits, about 59 bits. */
export const accessCode = () => randomCode(MIXED, 10);
