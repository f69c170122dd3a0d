import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { STAFF_MIN_PASSWORD_LENGTH, VERIFICATION_CODE_LENGTH } from './constants.ts';
import { roleSchema } from './roles.ts';

/** Sign-in calls of docs/product.md [calls.sign-in] with the contract of docs/product.md [api.sign-in]. */

const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));
const clientInfo = {
  deviceType: z.string().max(64).default(''),
  browserName: z.string().max(64).default(''),
};

/**
 * The device token loginConfirm hands a browser after a sign-in (32 random bytes, base64url). Sent with
 * loginAdmin, it lets that browser sign in to that account past the slowdowns others' failures cause.
 */
export const deviceTokenSchema = z
  .string({ error: MESSAGES.deviceInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, MESSAGES.deviceInvalid);

export const loginAdminRequest = z.strictObject({
  email,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(200),
  ...clientInfo,
  device: deviceTokenSchema.optional(),
});
export type LoginAdminRequest = z.input<typeof loginAdminRequest>;
/** `password` is an opaque single-use sign-in ticket, never the password. */
export const loginAdminResponse = z.object({
  success: z.literal(true),
  email: z.string(),
  password: z.string(),
});

export const codeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), MESSAGES.codeIncorrect);
export const loginConfirmRequest = z.strictObject({
  email,
  password: z.string().min(1).max(200),
  code: codeSchema,
  ...clientInfo,
});
export type LoginConfirmRequest = z.input<typeof loginConfirmRequest>;
/** deviceToken: a new device token for the browser to keep (absent when it signed in with a known one). */
export const loginConfirmResponse = z.object({ token: z.string(), deviceToken: z.string().optional() });

export const resendCodeRequest = z.strictObject({
  userEmail: email,
  /** The sign-in ticket from loginAdmin; the new code is bound to it. */
  password: z.string().max(200).optional(),
});
export const resendCodeResponse = z.object({ success: z.boolean(), message: z.string() });

export const resetPasswordRequest = z.strictObject({ email });
export const resetPasswordResponse = z.object({ success: z.boolean(), message: z.string() });

/** A staff member's new password: the length rule here, the common-password rule on the server. */
export const newPasswordSchema = z
  .string({ error: MESSAGES.staffPasswordTooShort })
  .min(STAFF_MIN_PASSWORD_LENGTH, MESSAGES.staffPasswordTooShort)
  .max(200);
export const newPasswordRequest = z.strictObject({
  id: z.string().min(1).max(200),
  password: newPasswordSchema,
});
export const newPasswordResponse = z.object({ success: z.boolean(), message: z.string() });

export const emailConfirmResponse = z.object({
  autologin: z.boolean(),
  token: z.string(),
  msg: z.string(),
  /** For a set-password link: the reset id to continue with on /resetpassword/{id}. */
  resetId: z.string().optional(),
});

export const logoutResponse = z.object({ success: z.boolean() });

/** The signed-in staff member, as the token carries it and /api/users/me returns it. */
export const sessionUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Claims of the bearer token (a JWT); the web reads exp at load (docs/product.md [constants]). */
export type TokenClaims = { sid: string; sub: string; name: string; role: string; exp: number; iat: number };
