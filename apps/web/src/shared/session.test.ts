import { describe, expect, it } from 'vitest';
import { decodeClaims, isTokenUsable } from './session.ts';

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
