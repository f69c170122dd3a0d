import type { FastifyRequest } from 'fastify';
import { sessionUserSchema } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The guard (auth/guard.ts) checks sessions on /api/* only, and SPEC 7.4 puts the upload at /upload.
 * This onRequest hook asks the guard itself, by calling /api/users/me with the caller's bearer header,
 * so the session rules (idle time, revocation, role >= ADMIN) stay in one place. It runs before the
 * body is read: a caller without a session never gets to send a file.
 */
export function staffGate(app: App) {
  return async function requireSession(req: FastifyRequest): Promise<void> {
    if (req.staff) return; // a guard that covers this route already checked it
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: req.headers.authorization ?? '' },
    });
    if (res.statusCode !== 200) {
      const body = safeJson(res.body) as { errors?: Record<string, string> } | null;
      throw new AppError(res.statusCode, body?.errors ?? { auth: 'Sign in again.' });
    }
    const me = sessionUserSchema.parse(res.json());
    // The session id is not needed by anything on these routes, so it is not passed along.
    req.staff = {
      userId: me._id,
      sessionId: '',
      role: me.role,
      name: me.name,
      surname: me.surname,
      email: me.email,
    };
    req.log = req.log.child({ staffId: me._id });
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
