/** Operation key prefixes of the accounts area (each key is <prefix>:<24-hex id>, at most 31 characters). */
export const ACCOUNT_KEYS = {
  leverage: 'lev',
  password: 'pwd',
  create: 'acc',
  demoBalance: 'dmb',
  rename: 'nam',
  group: 'grp',
} as const;
