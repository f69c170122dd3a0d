import { describe, expect, it } from 'vitest';
import { PlatformError } from '../types.ts';
import { readReply } from './reply.ts';
import { parseRetcode, retcodeClass, retcodeError, retcodeKind } from './retcodes.ts';

describe('MT5 return codes', () => {
  it('reads "<int> <text>"', () => {
    expect(parseRetcode('0 Done')).toEqual({ code: 0, text: 'Done' });
    expect(parseRetcode('10019 Not enough money')).toEqual({ code: 10019, text: 'Not enough money' });
    expect(parseRetcode('13')).toEqual({ code: 13, text: '' });
    expect(parseRetcode('Done')).toBeUndefined();
    expect(parseRetcode(0)).toBeUndefined();
  });

  // MetaQuotes' codes that say the server was busy: a read is tried again; a write may have been
  // carried out all the same, so its outcome is unknown.
  it.each([5, 6, 7, 10, 11, 12, 15])('%i is transient for a read and unknown for a write', (code) => {
    expect(retcodeKind(code, false)).toBe('transient');
    expect(retcodeKind(code, true)).toBe('unknown');
  });

  it.each([3, 4, 8, 13, 3002, 3004, 3006, 4005, 10006, 10019])('%i is a refusal for both', (code) => {
    expect(retcodeKind(code, true)).toBe('permanent');
    expect(retcodeKind(code, false)).toBe('permanent');
  });

  it.each([2, 9, 14, 16, 17, 1000, 1012, 1034, 10012, 4242])('%i leaves a write unknown', (code) => {
    expect(retcodeKind(code, true)).toBe('unknown');
  });

  it('classes the auth codes as a lost session and an unlisted code as unclassed', () => {
    expect(retcodeClass(1001)).toBe('session');
    expect(retcodeClass(4242)).toBeUndefined();
    expect(retcodeKind(4242, false)).toBe('permanent');
  });

  it('puts the numeric code on the error', () => {
    const err = retcodeError({ code: 10019, text: 'Not enough money' }, 'trade/balance', true);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'permanent', code: 10019 });
    expect(err.message).toBe('MT5 trade/balance failed: 10019 Not enough money');
  });
});

describe('MT5 replies', () => {
  const ok = (text: string, status = 200) => ({ status, text });

  it('accepts 0 and 1 and keeps the answer', () => {
    expect(readReply(ok('{"retcode":"0 Done","answer":{"Ticket":"1"}}'), 'x', true).answer).toEqual({
      Ticket: '1',
    });
    expect(readReply(ok('{"retcode":"1 No changes"}'), 'x', false).retcode.code).toBe(1);
  });

  it('turns other retcodes, HTTP errors and garbage into PlatformErrors', () => {
    const kind = (text: string, status: number, mutating: boolean) => {
      try {
        readReply(ok(text, status), 'x', mutating);
      } catch (err) {
        return (err as PlatformError).kind;
      }
      return 'none';
    };
    expect(kind('{"retcode":"13 Not found"}', 200, false)).toBe('permanent');
    expect(kind('busy', 503, true)).toBe('unknown');
    expect(kind('busy', 429, true)).toBe('unknown');
    expect(kind('busy', 502, false)).toBe('transient');
    expect(kind('oops', 500, true)).toBe('unknown');
    expect(kind('oops', 500, false)).toBe('transient');
    expect(kind('nope', 404, false)).toBe('permanent');
    expect(kind('<html>', 200, true)).toBe('unknown');
    expect(kind('{"answer":1}', 200, false)).toBe('transient');
  });
});
