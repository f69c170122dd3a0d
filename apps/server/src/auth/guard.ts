import { API_PREFIX, ROLE_RANK, MESSAGES, calls } from '@brokerdesk/contract';
import type { App } from '../http/types.ts';
import { Forbidden, Unauthorized } from '../http/errors.ts';
import type { SessionService } from './sessions.ts';

/**
 * Every /api route needs a live session of ADMIN or above unless it is marked public. Refusals are
 * logged with who and what, never with the token.
 */
export function registerGuard(app: App, sessions: SessionService): void {
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const route = request.routeOptions.url;
    if (!route || config.public) return;
    // The API, and the document upload that docs/product.md [calls.accounts-funding] places at /upload; pages
    // and static files are public. Decided on the route matched, never on the raw URL: the router decodes
    // '/%61pi/...' to '/api/...'.
    if (!route.startsWith(API_PREFIX) && route !== calls.banks.uploadDocument.path) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      request.log.info({ url: request.routeOptions.url }, 'refused: no bearer token');
      throw new Unauthorized();
    }
    const background = config.background === true || request.headers['x-background'] === '1';
    try {
      request.staff = await sessions.authenticate(match[1]!, { background });
    } catch (err) {
      request.log.info({ url: request.routeOptions.url }, 'refused: no live session');
      throw err;
    }
    const min = ROLE_RANK[config.minRole ?? 'ADMIN'];
    if (ROLE_RANK[request.staff.role] < min) {
      request.log.warn(
        { staffId: request.staff.userId, url: request.routeOptions.url },
        'refused: role too low',
      );
      throw new Forbidden(MESSAGES.forbidden);
    }
    request.log = request.log.child({ staffId: request.staff.userId });
  });
}
