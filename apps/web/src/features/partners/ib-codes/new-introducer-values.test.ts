import { describe, expect, it } from 'vitest';
import { INTRODUCER_DEFAULTS, checkIntroducer, hasBlank } from './new-introducer-values.ts';

describe('New Introducer', () => {
  const filled = { name: ' Acme Ltd ', agentCode: 501, statusCode: 'GOLD' };

  it('blocks blanks silently', () => {
    expect(hasBlank(INTRODUCER_DEFAULTS)).toBe(true);
    expect(checkIntroducer({ ...filled, name: '  ' })).toEqual({ kind: 'blank' });
    expect(checkIntroducer({ ...filled, agentCode: '' })).toEqual({ kind: 'blank' });
    expect(checkIntroducer({ ...filled, statusCode: '' })).toEqual({ kind: 'blank' });
  });

  it('sends the agent code as a number and the name trimmed', () => {
    expect(checkIntroducer(filled)).toEqual({
      kind: 'ok',
      body: { newCode: true, name: 'Acme Ltd', agentCode: 501, statusCode: 'GOLD' },
    });
  });

  it('shows the contract’s reasons for values that are filled but wrong', () => {
    const check = checkIntroducer({ ...filled, statusCode: '<b>' });
    expect(check.kind).toBe('invalid');
    expect(check.kind === 'invalid' && Object.keys(check.errors)).toEqual(['statusCode']);
  });
});
