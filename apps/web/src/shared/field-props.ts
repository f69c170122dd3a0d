import { get, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import type { ChangeEvent } from 'react';
import type { FieldErrors } from './api.ts';

/** A react-hook-form form, or its context: its field names come from `register`. */
type Form<F extends FieldValues> = { register: UseFormRegister<F>; formState: { errors: object } };

/**
 * The message under a field: the form's own check first, then what the server said about that field.
 * Every form shows its messages in this order.
 */
export function fieldErrorOf<F extends FieldValues>(form: Form<F>, serverErrors: FieldErrors) {
  const errors = form.formState.errors;
  return (name: Path<F>): string | undefined =>
    (get(errors, name) as { message?: string } | undefined)?.message ?? serverErrors[name];
}

/** The props of a registered text field with its message (see fieldErrorOf). */
export function fieldProps<F extends FieldValues>(form: Form<F>, serverErrors: FieldErrors) {
  const errorOf = fieldErrorOf(form, serverErrors);
  return (name: Path<F>) => ({ ...form.register(name), error: errorOf(name) });
}

/** A controlled text input's value and change handler, for a form kept in plain state. */
export function textValue(value: string, set: (value: string) => void) {
  return { value, onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.currentTarget.value) };
}
