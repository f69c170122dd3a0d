import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STAFF_MESSAGES, type Role } from '@brokerdesk/contract';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { Forbidden } from '../http/errors.ts';

/**
 * Who may act on whom (issue 18): a non-SYSOP never acts on a SYSOP's record, neither changing it nor
 * reading it (DESIGN: "one rule for who may act on whom, applied by every route that takes a user id";
 * docs/decisions.md). The one rule every route that takes a user id applies, whatever the route's own
 * rules (Edit User's are stricter). A user id that names no user passes: the route's own lookup
 * answers 404.
 */
export async function assertMayActOn(db: DbOrTx, actor: { role: Role }, targetUserId: string): Promise<void> {
  if (actor.role === 'SYSOP') return;
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, targetUserId));
  if (target?.role === 'SYSOP') throw new Forbidden(STAFF_MESSAGES.sysopRecord);
}

/**
 * Routes declare where their user id sits: in the validated body (`config: { actsOn: ['userId'] }`, a
 * path into it) or in the path (`config: { actsOnParam: 'userId' }`), and this preHandler applies
 * assertMayActOn before the handler runs. POST /upload (multipart, read by its handler) calls
 * assertMayActOn itself. apps/server/test/staff/acting-on.test.ts holds every route to a declaration.
 */
export function registerActingOnRule(app: FastifyInstance, db: DbOrTx): void {
  app.addHook('preHandler', async (request) => {
    const { actsOn, actsOnParam } = request.routeOptions.config;
    if (!request.staff || (!actsOn && !actsOnParam)) return;
    const id = actsOn ? valueAt(request.body, actsOn) : valueAt(request.params, [actsOnParam!]);
    if (typeof id === 'string') await assertMayActOn(db, request.staff, id);
  });
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}
