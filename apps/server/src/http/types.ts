import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '@brokerdesk/contract';
import type { StaffContext } from '../auth/sessions.ts';

/** The Fastify instance routes are written against: zod schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (docs/product.md [routes.public]). */
    public?: boolean;
    /** Polling: does not count as staff activity for the idle timeout. */
    background?: boolean;
    /** Lowest role allowed; ADMIN when unset. */
    minRole?: Role;
    /** Where the body names the user the call acts on (auth/acting-on.ts: only a SYSOP acts on a SYSOP). */
    actsOn?: readonly string[];
    /** The path parameter that names the user the call acts on or reads (the same rule as actsOn). */
    actsOnParam?: string;
    /** The user acted on is a staff member (the Staff screen's calls); other calls refuse staff. */
    actsOnStaff?: boolean;
  }
  interface FastifyRequest {
    staff?: StaffContext;
  }
  interface FastifyInstance {
    /** Resolves when the work started after replies (decision hooks, alert rules) has finished. */
    settled: () => Promise<void>;
  }
}

export function requireStaff(staff: StaffContext | undefined): StaffContext {
  if (!staff) throw new Error('route reached without a session: is it marked public by mistake?');
  return staff;
}
