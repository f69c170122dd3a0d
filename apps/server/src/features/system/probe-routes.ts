import { calls, readinessResponse } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import type { Readiness } from './readiness.ts';

/**
 * GET /healthz (liveness: the process answers) and GET /readyz (readiness, 503 when not). Public, as a
 * load balancer or an orchestrator calls them without a session; outside /api so that no proxy rule
 * for the API touches them. Logged only when something goes wrong: they are called every few seconds.
 */
export function probeRoutes(app: App, deps: { readiness: Readiness }): void {
  route(
    app,
    calls.system.checkHealth,
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
    { logLevel: 'warn' },
  );

  route(
    app,
    calls.system.checkReadiness,
    async (_req, reply) => {
      const state = await deps.readiness.check();
      return reply
        .code(state.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(state);
    },
    { logLevel: 'warn', alsoAnswers: { 503: readinessResponse } },
  );
}
