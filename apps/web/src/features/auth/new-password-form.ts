import { MESSAGES, newPasswordSchema } from '@brokerdesk/contract';
import { z } from 'zod';

/**
 * docs/product.md [rule.new-password]: both required, at least 10 characters (the contract's staff rule; the
 * server also refuses common passwords), and equal. Only the pairing with the confirmation lives here; the
 * server never sees password2.
 */
export const newPasswordFormSchema = z
  .object({
    password: z.string().min(1, MESSAGES.passwordRequired).pipe(newPasswordSchema),
    password2: z.string().min(1, MESSAGES.passwordRequired),
  })
  .refine((values) => values.password === values.password2, {
    message: MESSAGES.passwordsMustMatch,
    path: ['password2'],
  });
export type NewPasswordForm = z.input<typeof newPasswordFormSchema>;
