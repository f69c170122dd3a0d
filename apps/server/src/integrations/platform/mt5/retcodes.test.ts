import { describe, expect, it } from 'vitest';
import { PlatformError } from '../types.ts';
import { readReply } from './reply.ts';
import { parseRetcode, retcodeError, retcodeKind } from './retcodes.ts';

describe('MT5 return codes', () => {
  it('reads "<int> <text>"', () => {
    expect(parseRetcode('0 Done')).toEqual({ code: 0, text: 'Done' });
    expect(parseRetcode('10019 Not enough money')).toEqual({ code: 10019, text: 'Not enough money' });
    expect(parseRetcode('13')).toEqual({ code: 13, text: '' });
    expect(parseRetcode('Done')).toBeUndefined();
    expect(parseRetcode(0)).toBeUndefined();
  });

  it.each([7, 10, 12, 15])('%i is transient', (code) => {
    expect(retcodeKind(code, false)).toBe('transient');
    expect(retcodeKind(code, true)).toBe('transient');
  });

  it.each([2, 3, 4, 8, 13, 17, 1000, 1012, 1034, 3002, 3004, 3006, 4005, 10019])(
    '%i is permanent',
    (code) => {
      expect(retcodeKind(code, true)).toBe('permanent');
    },
  );

  it('makes a timeout uncertain only for a call that changes something', () => {
    expect(retcodeKind(9, false)).toBe('transient');
    expect(retcodeKind(9, true)).toBe('unknown');
  });

  it('treats a code it does not know as uncertain for a change', () => {
    expect(retcodeKind(4242, true)).toBe('unknown');
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
    expect(kind('busy', 503, true)).toBe('transient');
    expect(kind('oops', 500, true)).toBe('unknown');
    expect(kind('oops', 500, false)).toBe('transient');
    expect(kind('nope', 404, false)).toBe('permanent');
    expect(kind('<html>', 200, true)).toBe('unknown');
    expect(kind('{"answer":1}', 200, false)).toBe('transient');
  });
});
