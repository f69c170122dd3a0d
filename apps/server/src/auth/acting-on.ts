import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isStaff, STAFF_MESSAGES, type Role } from '@brokerdesk/contract';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { Forbidden } from '../http/errors.ts';

/** Whom a call acts on: a client (every client route) or a staff member (the Staff screen's calls). */
export type ActedOn = 'client' | 'staff';

/**
 * Who may act on whom, the one rule every route that takes a user id applies (docs/decisions.md
 * "Acting on staff"): a client route never reads or changes a staff member's record, whoever calls
 * (staff are changed only through the Staff screen's calls: role, status, password), and a non-SYSOP
 * never acts on a SYSOP. A user id that names no user passes: the route's own lookup answers 404.
 */
export async function assertMayActOn(
  db: DbOrTx,
  actor: { role: Role },
  targetUserId: string,
  actedOn: ActedOn = 'client',
): Promise<void> {
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, targetUserId));
  if (!target) return;
  if (actedOn === 'client' && isStaff(target.role as Role)) {
    throw new Forbidden(STAFF_MESSAGES.managedOnStaffScreen);
  }
  if (actor.role !== 'SYSOP' && target.role === 'SYSOP') throw new Forbidden(STAFF_MESSAGES.sysopRecord);
}

/**
 * Routes declare where their user id sits: in the validated body (`config: { actsOn: ['userId'] }`, a
 * path into it) or in the path (`config: { actsOnParam: 'userId' }`), and this preHandler applies
 * assertMayActOn before the handler runs. POST /upload (multipart, read by its handler) calls
 * assertMayActOn itself. apps/server/test/staff/acting-on.test.ts holds every route to a declaration.
 */
export function registerActingOnRule(app: FastifyInstance, db: DbOrTx): void {
  app.addHook('preHandler', async (request) => {
    const { actsOn, actsOnParam, actsOnStaff } = request.routeOptions.config;
    if (!request.staff || (!actsOn && !actsOnParam)) return;
    const id = actsOn ? valueAt(request.body, actsOn) : valueAt(request.params, [actsOnParam!]);
    if (typeof id === 'string') await assertMayActOn(db, request.staff, id, actsOnStaff ? 'staff' : 'client');
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
