import type { FormEvent } from 'react';

/**
 * A form's onSubmit from react-hook-form's handleSubmit (which returns a promise): React ignores what a
 * handler returns, so the promise is dropped on purpose here, in one place, rather than left floating.
 * handleSubmit reports validation and the mutations report their own errors.
 */
export function onSubmit(handler: (event: FormEvent<HTMLFormElement>) => Promise<void>) {
  return (event: FormEvent<HTMLFormElement>): void => {
    void handler(event);
  };
}
