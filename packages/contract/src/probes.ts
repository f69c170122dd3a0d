import { z } from 'zod';

/** GET /healthz: the process answers. */
export const healthResponse = z.object({ status: z.literal('ok') });

/**
 * GET /readyz: 200 `ready` when the database answers, carries every migration this build knows and the
 * server is not stopping; otherwise 503 `not ready` with the reason.
 */
export const readinessResponse = z.object({
  status: z.enum(['ready', 'not ready']),
  reason: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessResponse>;
