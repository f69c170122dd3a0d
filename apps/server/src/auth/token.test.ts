import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { verifySessionToken } from './token.ts';

const secret = crypto.randomBytes(32);
const key = crypto.createSecretKey(secret);
const now = 1_800_000_000;
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const mac = (input: string, k: Uint8Array = secret) =>
  crypto.createHmac('sha256', k).update(input).digest('base64url');
/** A token signed by hand, so header and payload can be anything. */
const signed = (header: unknown, payload: unknown, k?: Uint8Array) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${mac(input, k)}`;
};

describe('session token verification', () => {
  it('accepts what jose signs, and returns its claims', async () => {
    const token = await new SignJWT({ sid: 'abc', role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u1')
      .setIssuedAt(now - 10)
      .setExpirationTime(now + 60)
      .sign(secret);
    expect(verifySessionToken(token, key, now)).toMatchObject({ sid: 'abc', role: 'ADMIN', sub: 'u1' });
  });

  it('refuses an expired token, at its expiry second too, and one without exp', () => {
    expect(verifySessionToken(signed({ alg: 'HS256' }, { sid: 'a', exp: now - 1 }), key, now)).toBeNull();
    expect(verifySessionToken(signed({ alg: 'HS256' }, { sid: 'a', exp: now }), key, now)).toBeNull();
    expect(verifySessionToken(signed({ alg: 'HS256' }, { sid: 'a' }), key, now)).toBeNull();
    expect(
      verifySessionToken(signed({ alg: 'HS256' }, { sid: 'a', exp: String(now + 9) }), key, now),
    ).toBeNull();
    expect(verifySessionToken(signed({ alg: 'HS256' }, { sid: 'a', exp: now + 1 }), key, now)).not.toBeNull();
  });

  it('refuses a token not yet valid or with a non-numeric iat', () => {
    expect(verifySessionToken(signed({ alg: 'HS256' }, { exp: now + 9, nbf: now + 1 }), key, now)).toBeNull();
    expect(verifySessionToken(signed({ alg: 'HS256' }, { exp: now + 9, iat: 'x' }), key, now)).toBeNull();
  });

  it('refuses another key, another algorithm, alg none and critical headers', () => {
    const payload = { sid: 'a', exp: now + 60 };
    expect(
      verifySessionToken(signed({ alg: 'HS256' }, payload, crypto.randomBytes(32)), key, now),
    ).toBeNull();
    expect(verifySessionToken(signed({ alg: 'HS512' }, payload), key, now)).toBeNull();
    expect(verifySessionToken(signed({ alg: 'none' }, payload), key, now)).toBeNull();
    expect(verifySessionToken(`${b64({ alg: 'none' })}.${b64(payload)}.`, key, now)).toBeNull();
    expect(verifySessionToken(signed({ alg: 'HS256', crit: ['exp'] }, payload), key, now)).toBeNull();
    expect(verifySessionToken(signed({ alg: 'HS256', b64: false }, payload), key, now)).toBeNull();
  });

  it('refuses a changed payload, a changed or re-encoded signature, and malformed tokens', () => {
    const token = signed({ alg: 'HS256' }, { sid: 'a', role: 'ADMIN', exp: now + 60 });
    const [h, , s] = token.split('.');
    expect(
      verifySessionToken(`${h}.${b64({ sid: 'a', role: 'SYSOP', exp: now + 60 })}.${s}`, key, now),
    ).toBeNull();
    // The same signature bytes written with padding or in standard base64 are not the canonical form.
    const bytes = Buffer.from(s!, 'base64url');
    expect(verifySessionToken(`${token}=`, key, now)).toBeNull();
    expect(
      verifySessionToken(`${token.slice(0, -s!.length)}${bytes.toString('base64')}`, key, now),
    ).toBeNull();
    for (const bad of ['', 'a.b', 'a.b.c.d', `${token}.`, ' ' + token, 'é.é.é', `${h}..${s}`]) {
      expect(verifySessionToken(bad, key, now), bad).toBeNull();
    }
    // A payload that is not an object.
    expect(verifySessionToken(signed({ alg: 'HS256' }, [1, 2]), key, now)).toBeNull();
    expect(verifySessionToken(signed({ alg: 'HS256' }, 'exp'), key, now)).toBeNull();
  });
});
