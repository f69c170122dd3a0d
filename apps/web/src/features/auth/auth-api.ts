import {
  emailConfirmResponse,
  loginAdminResponse,
  loginConfirmResponse,
  newPasswordResponse,
  resendCodeResponse,
  resetPasswordResponse,
  type LoginAdminRequest,
  type LoginConfirmRequest,
  type newPasswordRequest,
  type resendCodeRequest,
  type resetPasswordRequest,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { api } from '../../shared/api.ts';

/** The sign-in and password calls of SPEC 7.1, typed by the contract. */
export const authApi = {
  loginAdmin: (body: LoginAdminRequest) => api.post('/api/users/loginAdmin', loginAdminResponse, body),
  loginConfirm: (body: LoginConfirmRequest) =>
    api.post('/api/users/loginConfirm', loginConfirmResponse, body),
  resendCode: (body: z.input<typeof resendCodeRequest>) =>
    api.post('/api/users/resendLoginVerificationEmail', resendCodeResponse, body),
  resetPassword: (body: z.input<typeof resetPasswordRequest>) =>
    api.post('/api/users/resetPassword', resetPasswordResponse, body),
  newPassword: (body: z.input<typeof newPasswordRequest>) =>
    api.post('/api/users/newPassword', newPasswordResponse, body),
  /**
   * The confirmation page POSTs to its own path when its button is pressed: opening the link (a GET, as
   * mail scanners do) never uses it up.
   */
  confirmEmail: (path: string) => api.post(path, emailConfirmResponse),
};
