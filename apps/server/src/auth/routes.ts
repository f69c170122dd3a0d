import type { FastifyReply, FastifyRequest } from 'fastify';
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

type Deps = {
  signIn: SignInService;
  passwords: PasswordService;
  sessions: SessionService;
  /** Serves the web app's index.html, for browsers opening an email-confirm link. */
  sendIndex: (reply: FastifyReply) => unknown;
};

/** Rate limits per client address and email: sign-in, code, resend and reset (DESIGN Security). */
const perEmail = (max: number, minutes: number, field: 'email' | 'userEmail') => ({
  max,
  timeWindow: minutes * 60_000,
  keyGenerator: (req: FastifyRequest) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const email = typeof body[field] === 'string' ? (body[field] as string).toLowerCase() : '';
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
      schema: { body: loginAdminRequest, response: { 200: loginAdminResponse } },
    },
    async (req) => deps.signIn.loginAdmin(req.body.email, req.body.password, meta(req, req.body)),
  );

  app.post(
    '/api/users/loginConfirm',
    {
      config: { public: true, rateLimit: perEmail(20, 1, 'email') },
      schema: { body: loginConfirmRequest, response: { 200: loginConfirmResponse } },
    },
    async (req) =>
      deps.signIn.loginConfirm(req.body.email, req.body.password, req.body.code, meta(req, req.body)),
  );

  app.post(
    '/api/users/resendLoginVerificationEmail',
    {
      config: { public: true, rateLimit: perEmail(5, 10, 'userEmail') },
      schema: { body: resendCodeRequest, response: { 200: resendCodeResponse } },
    },
    async (req) => deps.signIn.resendCode(req.body.userEmail, req.body.password),
  );

  app.post(
    '/api/users/resetPassword',
    {
      config: { public: true, rateLimit: perEmail(5, 10, 'email') },
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

  // The same path is a page of the web app and a call (SPEC 2.1 and 7.1): JSON for API clients,
  // the web app for a browser that follows the link from the email.
  const confirm =
    (setPassword: boolean) =>
    async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      if (!wantsJson(req)) return deps.sendIndex(reply) as never;
      return deps.passwords.confirmEmail(req.params.id, setPassword);
    };
  const confirmSchema = { response: { 200: emailConfirmResponse } };
  app.get(
    '/email/confirm/:id',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { params: z.object({ id: z.string().max(200) }), ...confirmSchema },
    },
    confirm(false),
  );
  app.get(
    '/email/confirm/:setpassword/:id',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        params: z.object({ setpassword: z.literal('setpassword'), id: z.string().max(200) }),
        ...confirmSchema,
      },
    },
    confirm(true),
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

function wantsJson(req: FastifyRequest): boolean {
  const accept = req.headers.accept ?? '';
  return accept.includes('application/json') || !accept.includes('text/html');
}
