/** How the console names and groups accounts on the platform (docs/decisions.md). */

export function platformAccountName(user: { name: string; surname: string; accountType: string }): string {
  const full = `${user.name} ${user.surname}`.trim();
  return user.accountType === 'Corporate' ? `${full} (Corporate)` : full;
}

/** e.g. real\standard-usd, demo\ecn-eur: MT5 group names hold a backslash. */
export function defaultGroup(live: boolean, type: string, currency: string): string {
  return `${live ? 'real' : 'demo'}\\${type.toLowerCase().replace(/\s+/g, '')}-${currency.toLowerCase()}`;
}
