import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { AUDIT_ACTIONS, ROLES, isStaff, type Role, type StaffSession } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, NotFound } from '../../http/errors.ts';

const STAFF_ROLES = ROLES.filter((r) => isStaff(r));
/** More live staff sessions than this is not a back office any more; the list stops there. */
const SESSIONS_CAP = 500;

type Caller = { userId: string; sessionId: string; ip: string };

/** What StaffSessions is built from (composition.ts). */
export type StaffSessionsDeps = {
  db: Db;
  clock: Clock;
  idleSeconds: number;
};

/** Live staff sessions for SYSOPs: who is signed in, from where, and ending a session. */
export class StaffSessions {
  constructor(private readonly deps: StaffSessionsDeps) {}

  /** Sessions that would still be accepted: not ended, not past 12 hours, not idle too long. */
  async list(current: string): Promise<StaffSession[]> {
    const now = this.deps.clock.now();
    const rows = await this.deps.db
      .select({
        session: sessions,
        name: users.name,
        surname: users.surname,
        email: users.email,
        role: users.role,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastActiveAt, now - this.deps.idleSeconds),
          inArray(users.role, STAFF_ROLES),
          ne(users.status, 'disabled'),
        ),
      )
      .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt))
      .limit(SESSIONS_CAP);
    return rows.map(({ session: s, ...u }) => ({
      sessionId: s.id,
      userId: s.userId,
      name: `${u.name} ${u.surname}`.trim(),
      email: u.email,
      role: u.role as Role,
      createdAt: s.createdAt,
      lastActiveAt: s.lastActiveAt,
      expiresAt: s.expiresAt,
      ip: s.ip,
      deviceType: s.deviceType,
      browserName: s.browserName,
      current: s.id === current,
    }));
  }

  /** Ends a session at once (its token is refused from the next request on), and audits it. */
  async end(sessionId: string, caller: Caller) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
      if (!before) throw new NotFound('No such session.');
      const [ended] = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .returning();
      if (!ended) throw new Conflict('This session has already ended.');
      await audit(tx, now, {
        actorId: caller.userId,
        action: AUDIT_ACTIONS.sessionEnded,
        entity: 'session',
        entityId: sessionId,
        before: {
          userId: before.userId,
          createdAt: before.createdAt,
          lastActiveAt: before.lastActiveAt,
          ip: before.ip,
        },
        after: { userId: before.userId, revokedAt: now, own: sessionId === caller.sessionId },
        ip: caller.ip,
      });
    });
    const loggedOut = sessionId === caller.sessionId;
    return {
      success: true,
      loggedOut,
      message: loggedOut ? 'Your session has ended.' : 'The session has ended.',
    };
  }
}
