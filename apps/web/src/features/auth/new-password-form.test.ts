import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@brokerdesk/contract';
import { newPasswordFormSchema } from './new-password-form.ts';

const messages = (values: { password: string; password2: string }) => {
  const r = newPasswordFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the new-password form (staff password policy)', () => {
  it("asks for at least 10 characters, in the spec's words", () => {
    expect(messages({ password: 'Nine-char', password2: 'Nine-char' })).toEqual({
      password: MESSAGES.staffPasswordTooShort,
    });
    expect(messages({ password: 'Ten-chars!', password2: 'Ten-chars!' })).toEqual({});
  });

  it('requires both fields and that they match', () => {
    expect(messages({ password: '', password2: '' })).toMatchObject({
      password: MESSAGES.passwordRequired,
      password2: MESSAGES.passwordRequired,
    });
    expect(messages({ password: 'Long-enough-1', password2: 'Long-enough-2' })).toEqual({
      password2: MESSAGES.passwordsMustMatch,
    });
  });
});
