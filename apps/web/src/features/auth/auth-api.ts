import {
  calls,
  type LoginAdminRequest,
  type LoginConfirmRequest,
  type newPasswordRequest,
  type resendCodeRequest,
  type resetPasswordRequest,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { call } from '../../shared/api.ts';

/** The link's segments: `setpassword` is there for an invited staff member's link. */
export type EmailConfirmLink = { id: string; setpassword?: string };

/** The sign-in and password calls of docs/product.md [calls.sign-in], typed by the contract. */
export const authApi = {
  loginAdmin: (body: LoginAdminRequest) => call(calls.auth.loginAdmin, { body }),
  loginConfirm: (body: LoginConfirmRequest) => call(calls.auth.confirmLogin, { body }),
  resendCode: (body: z.input<typeof resendCodeRequest>) => call(calls.auth.resendLoginCode, { body }),
  resetPassword: (body: z.input<typeof resetPasswordRequest>) => call(calls.auth.resetPassword, { body }),
  newPassword: (body: z.input<typeof newPasswordRequest>) => call(calls.auth.setNewPassword, { body }),
  /**
   * The confirmation page POSTs to its own path when its button is pressed: opening the link (a GET, as
   * mail scanners do) never uses it up.
   */
  confirmEmail: ({ id, setpassword }: EmailConfirmLink) =>
    setpassword === undefined
      ? call(calls.auth.confirmEmail, { params: { id } })
      : // Sent as the link has it: the server refuses any word but `setpassword`.
        call(calls.auth.confirmEmailToSetPassword, {
          params: { id, setpassword: setpassword as 'setpassword' },
        }),
};
