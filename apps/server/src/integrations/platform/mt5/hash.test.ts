import { describe, expect, it } from 'vitest';
import { isGenuineAnswer, newCliRand, passwordDigest, passwordHash, randAnswer } from './hash.ts';

// The test vectors of the MT5 Web API documentation (MT5-WEBAPI.md "Authentication").
describe('MT5 handshake digests', () => {
  const pwHash = passwordHash('Password1');

  it('hashes the UTF-16LE password', () => {
    expect(passwordDigest('Password1').toString('hex')).toBe('ec2e92ff70bf4691ae0c68e02fdc6c22');
  });

  it('derives pwHash with the raw digest and "WebAPI"', () => {
    expect(pwHash.toString('hex')).toBe('904ba8ecb16273d2f0ae9c3b8a023752');
  });

  it('answers the server random', () => {
    expect(randAnswer(pwHash, '73007dc7184747ce0f7c98516ef1c851')).toBe('77fe51827f7fa69dd80fbec9aa33f1bb');
  });

  it('recognises the genuine answer to the client random, and only it', () => {
    const cliRand = '4db98fec17aab4dc5a240bdc659e8395';
    expect(randAnswer(pwHash, cliRand)).toBe('1732021b1b332f51660b2b315eed3a35');
    expect(isGenuineAnswer(pwHash, cliRand, '1732021b1b332f51660b2b315eed3a35')).toBe(true);
    expect(isGenuineAnswer(pwHash, cliRand, '1732021B1B332F51660B2B315EED3A35')).toBe(true);
    expect(isGenuineAnswer(pwHash, cliRand, '00000000000000000000000000000000')).toBe(false);
    expect(isGenuineAnswer(pwHash, cliRand, 'short')).toBe(false);
    expect(isGenuineAnswer(pwHash, cliRand, undefined)).toBe(false);
  });

  it('refuses a random that is not 32 hex digits, and makes fresh ones', () => {
    expect(() => randAnswer(pwHash, 'xyz')).toThrow();
    const a = newCliRand();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newCliRand()).not.toBe(a);
  });
});
