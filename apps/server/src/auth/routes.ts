import type { FastifyRequest } from 'fastify';
import {
  emailConfirmResponse,
  loginAdminRequest,
  loginAdminResponse,
  loginConfirmRequest,
  loginConfirmResponse,
  logoutResponse,
  newPasswordRequest,
  newPasswordResponse,
  resendCodeRequest,
  resendCodeResponse,
  resetPasswordRequest,
  resetPasswordResponse,
  sessionUserSchema,
} from '@brokerdesk/contract';
import { z } from 'zod';
import type { App } from '../http/types.ts';
import { requireStaff } from '../http/types.ts';
import type { SignInService } from './sign-in-service.ts';
import type { PasswordService } from './password-service.ts';
import type { SessionService } from './sessions.ts';
import { normaliseBodyField } from './identifiers.ts';

type Deps = {
  signIn: SignInService;
  passwords: PasswordService;
  sessions: SessionService;
};

/**
 * Rate limits per client address (TRUST_PROXY decides what that is) and email: sign-in, code, resend
 * and reset (DESIGN Security). The email is already in normal form (the route's normaliseBodyField hook
 * runs first), so padding or re-casing it counts against the same key.
 */
const perEmail = (max: number, minutes: number, field: 'email' | 'userEmail') => ({
  max,
  timeWindow: minutes * 60_000,
  keyGenerator: (req: FastifyRequest) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const email = typeof body[field] === 'string' ? (body[field] as string) : '';
    return `${req.ip}|${email}`;
  },
});

export function authRoutes(app: App, deps: Deps): void {
  const meta = (req: FastifyRequest, body: { deviceType?: string; browserName?: string }) => ({
    deviceType: body.deviceType ?? '',
    browserName: body.browserName ?? '',
    ip: req.ip,
  });

  app.post(
    '/api/users/loginAdmin',
    {
      config: { public: true, rateLimit: perEmail(20, 1, 'email') },
      preValidation: normaliseBodyField('email'),
      schema: { body: loginAdminRequest, response: { 200: loginAdminResponse } },
    },
    async (req) => deps.signIn.loginAdmin(req.body.email, req.body.password, meta(req, req.body)),
  );

  app.post(
    '/api/users/loginConfirm',
    {
      config: { public: true, rateLimit: perEmail(20, 1, 'email') },
      preValidation: normaliseBodyField('email'),
      schema: { body: loginConfirmRequest, response: { 200: loginConfirmResponse } },
    },
    async (req) =>
      deps.signIn.loginConfirm(req.body.email, req.body.password, req.body.code, meta(req, req.body)),
  );

  app.post(
    '/api/users/resendLoginVerificationEmail',
    {
      config: { public: true, rateLimit: perEmail(5, 10, 'userEmail') },
      preValidation: normaliseBodyField('userEmail'),
      schema: { body: resendCodeRequest, response: { 200: resendCodeResponse } },
    },
    async (req) => deps.signIn.resendCode(req.body.userEmail, req.body.password),
  );

  app.post(
    '/api/users/resetPassword',
    {
      config: { public: true, rateLimit: perEmail(5, 10, 'email') },
      preValidation: normaliseBodyField('email'),
      schema: { body: resetPasswordRequest, response: { 200: resetPasswordResponse } },
    },
    async (req) => deps.passwords.requestReset(req.body.email, req.ip),
  );

  app.post(
    '/api/users/newPassword',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { body: newPasswordRequest, response: { 200: newPasswordResponse } },
    },
    async (req) => deps.passwords.setNewPassword(req.body.id, req.body.password, req.ip),
  );

  // The link from the email is a page of the web app (GET, served by the not-found handler like every
  // page): opening it changes nothing, so a mail scanner that fetches it does not use it up. The page's
  // button POSTs to the same path, which confirms the email (SPEC 7.1's call, made safe: docs/decisions.md).
  const confirmLimit = { public: true, rateLimit: { max: 30, timeWindow: 60_000 } };
  const confirmResponse = { response: { 200: emailConfirmResponse } };
  app.post(
    '/email/confirm/:id',
    { config: confirmLimit, schema: { params: z.object({ id: z.string().max(200) }), ...confirmResponse } },
    async (req) => deps.passwords.confirmEmail(req.params.id, false),
  );
  app.post(
    '/email/confirm/:setpassword/:id',
    {
      config: confirmLimit,
      schema: {
        params: z.object({ setpassword: z.literal('setpassword'), id: z.string().max(200) }),
        ...confirmResponse,
      },
    },
    async (req) => deps.passwords.confirmEmail(req.params.id, true),
  );

  app.get('/api/users/me', { schema: { response: { 200: sessionUserSchema } } }, async (req) => {
    const s = requireStaff(req.staff);
    return { _id: s.userId, name: s.name, surname: s.surname, email: s.email, role: s.role };
  });

  app.post('/api/users/logout', { schema: { response: { 200: logoutResponse } } }, async (req) => {
    await deps.sessions.revoke(requireStaff(req.staff).sessionId);
    return { success: true };
  });
}
