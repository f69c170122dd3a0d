import type { FastifyReply, FastifyRequest } from 'fastify';
import { calls } from '@brokerdesk/contract';
import type { App } from '../http/types.ts';
import { requireStaff } from '../http/types.ts';
import { route } from '../http/route.ts';
import type { SignInService } from './sign-in-service.ts';
import type { PasswordService } from './password-service.ts';
import type { SessionService } from './sessions.ts';
import { normaliseBodyField } from './identifiers.ts';
import { TooMany } from '../http/errors.ts';

type Deps = {
  signIn: SignInService;
  passwords: PasswordService;
  sessions: SessionService;
};

/**
 * Rate limits per client address (TRUST_PROXY decides what that is) and email: sign-in, code, resend
 * and reset (docs/product.md [security.identifiers]). The email is already in normal form (the route's
 * normaliseBodyField hook runs first), so padding or re-casing it counts against the same key.
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

/**
 * Limits per client address alone, across every email: without them one address
 * could try a password against any number of accounts, each with its own per-email budget. Generous,
 * so that an office behind one NAT is never held back (docs/decisions.md): a sign-in is one loginAdmin
 * and one loginConfirm, and even 100 staff signing in twice within 10 minutes stay far below.
 */
export const PER_ADDRESS_WINDOW_MINUTES = 10;
export const PER_ADDRESS_LIMITS = {
  loginAdmin: 300,
  loginConfirm: 300,
  resend: 100,
  reset: 100,
} as const;

/**
 * An onRequest hook counting every call of the route from one client address (request.ip, the
 * client's behind TRUST_PROXY; IPv6 by /64, as @fastify/rate-limit groups them), bad bodies too. A
 * route's config takes one rate limit, so this second one is a hook of its own (createRateLimit, not
 * rateLimit, whose handler skips a request another limit already counted).
 */
function perAddress(app: App, limitOf: keyof typeof PER_ADDRESS_LIMITS) {
  const limit = app.createRateLimit({
    max: PER_ADDRESS_LIMITS[limitOf],
    timeWindow: PER_ADDRESS_WINDOW_MINUTES * 60_000,
  });
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const answer = await limit(req);
    if (answer.isAllowed || !answer.isExceeded) return;
    void reply.header('retry-after', answer.ttlInSeconds);
    throw new TooMany();
  };
}

export function authRoutes(app: App, deps: Deps): void {
  const meta = (req: FastifyRequest, body: { deviceType?: string; browserName?: string }) => ({
    deviceType: body.deviceType ?? '',
    browserName: body.browserName ?? '',
    ip: req.ip,
  });

  route(
    app,
    calls.auth.loginAdmin,
    async (req) =>
      deps.signIn.loginAdmin(req.body.email, req.body.password, meta(req, req.body), req.body.device),
    {
      config: { rateLimit: perEmail(20, 1, 'email') },
      onRequest: perAddress(app, 'loginAdmin'),
      preValidation: normaliseBodyField('email'),
    },
  );

  route(
    app,
    calls.auth.confirmLogin,
    async (req) =>
      deps.signIn.loginConfirm(req.body.email, req.body.password, req.body.code, meta(req, req.body)),
    {
      config: { rateLimit: perEmail(20, 1, 'email') },
      onRequest: perAddress(app, 'loginConfirm'),
      preValidation: normaliseBodyField('email'),
    },
  );

  route(
    app,
    calls.auth.resendLoginCode,
    async (req) => deps.signIn.resendCode(req.body.userEmail, req.body.password),
    {
      config: { rateLimit: perEmail(5, 10, 'userEmail') },
      onRequest: perAddress(app, 'resend'),
      preValidation: normaliseBodyField('userEmail'),
    },
  );

  route(app, calls.auth.resetPassword, async (req) => deps.passwords.requestReset(req.body.email, req.ip), {
    config: { rateLimit: perEmail(5, 10, 'email') },
    onRequest: perAddress(app, 'reset'),
    preValidation: normaliseBodyField('email'),
  });

  route(
    app,
    calls.auth.setNewPassword,
    async (req) => deps.passwords.setNewPassword(req.body.id, req.body.password, req.ip),
    { config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
  );

  // The link from the email is a page of the web app (GET, served by the not-found handler like every
  // page): opening it changes nothing, so a mail scanner that fetches it does not use it up. The page's
  // button POSTs to the same path, which confirms the email (the call of docs/product.md [call.confirmEmail],
  // made safe: docs/decisions.md).
  const confirmLimit = { config: { rateLimit: { max: 30, timeWindow: 60_000 } } };
  route(
    app,
    calls.auth.confirmEmail,
    async (req) => deps.passwords.confirmEmail(req.params.id, false),
    confirmLimit,
  );
  route(
    app,
    calls.auth.confirmEmailToSetPassword,
    async (req) => deps.passwords.confirmEmail(req.params.id, true),
    confirmLimit,
  );

  route(app, calls.auth.getMe, async (req) => {
    const s = requireStaff(req.staff);
    return { _id: s.userId, name: s.name, surname: s.surname, email: s.email, role: s.role };
  });

  route(app, calls.auth.logout, async (req) => {
    await deps.sessions.revoke(requireStaff(req.staff).sessionId);
    return { success: true };
  });
}
