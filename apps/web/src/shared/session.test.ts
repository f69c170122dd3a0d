import { describe, expect, it, vi } from 'vitest';
import { DEVICE_TOKENS_KEY } from './device-tokens.ts';
import { clearSession, COLLAPSED_GROUPS_KEY, decodeClaims, isTokenUsable } from './session.ts';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: object) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
const now = 1_700_000_000;

describe('session token checks', () => {
  it('decodes a base64url payload, UTF-8 included', () => {
    expect(decodeClaims(token({ name: 'Zoë Ünal', exp: now }))).toMatchObject({ name: 'Zoë Ünal', exp: now });
  });

  it('accepts a live staff token and refuses expired, non-staff and broken ones', () => {
    expect(isTokenUsable(token({ exp: now + 60, role: 'ADMIN' }), now)).toBe(true);
    expect(isTokenUsable(token({ exp: now + 60, role: 'SYSOP' }), now)).toBe(true);
    expect(isTokenUsable(token({ exp: now - 1, role: 'ADMIN' }), now)).toBe(false);
    expect(isTokenUsable(token({ exp: now + 60, role: 'MODERATOR' }), now)).toBe(false);
    expect(isTokenUsable(token({ role: 'ADMIN' }), now)).toBe(false);
    expect(isTokenUsable('not-a-jwt', now)).toBe(false);
    expect(isTokenUsable('a.%%%.c', now)).toBe(false);
  });
});

describe('clearSession', () => {
  it('keeps the device tokens and the folded sidebar groups, and nothing else', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      clear: () => store.clear(),
    };
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('sessionStorage', { clear: () => undefined });
    try {
      store.set('token', 'x');
      store.set(DEVICE_TOKENS_KEY, '{"a":"b"}');
      store.set(COLLAPSED_GROUPS_KEY, '["Funding"]');
      store.set('other', '1');
      clearSession();
      expect(Object.fromEntries(store)).toEqual({
        [DEVICE_TOKENS_KEY]: '{"a":"b"}',
        [COLLAPSED_GROUPS_KEY]: '["Funding"]',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
