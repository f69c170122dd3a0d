/** How the console names and groups accounts on the platform (docs/decisions.md). */

export function platformAccountName(user: { name: string; surname: string; accountType: string }): string {
  const full = `${user.name} ${user.surname}`.trim();
  return user.accountType === 'Corporate' ? `${full} (Corporate)` : full;
}

const TYPE_SLUG: Record<string, string> = { Standard: 'standard', ECN: 'ecn', 'Mini FX': 'mini' };

/** e.g. real\standard-usd, demo\ecn-eur, real\mini-gbp: MT5 group names hold a backslash. */
export function defaultGroup(live: boolean, type: string, currency: string): string {
  const slug = TYPE_SLUG[type] ?? type.toLowerCase().replace(/\s+/g, '');
  return `${live ? 'real' : 'demo'}\\${slug}-${currency.toLowerCase()}`;
}
