/**
 * The one form an identifier (an email) takes before anything is keyed on it, stored or compared:
 * rate limits, lockouts, look-ups at sign-in and reset, and the emails of staff created by invitation
 * or by the staff CLI (docs/product.md [security]). trim() removes every Unicode space (tabs, NBSP,
 * U+2000..U+200A, BOM), NFC joins decomposed letters, and lower case makes ADA@ and ada@ one account.
 * Padding or re-spelling an email therefore never buys a fresh limit, and an email stored through one
 * path is found by every other.
 */
export function normaliseIdentifier(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}
