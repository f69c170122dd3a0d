import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  isStaff,
  MESSAGES,
  STAFF_MESSAGES,
  STAFF_ROLES,
  type Role,
  type StaffInviteRequest,
  type StaffMember,
  type StaffRole,
  type StaffUpdateRequest,
} from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import type { SessionService } from '../../auth/sessions.ts';
import { isUniqueViolation } from '../../auth/staff.ts';

type Caller = { userId: string; ip: string };
/** Mails a new staff member the link that lets them choose a password (outside any transaction). */
export type SendInvite = (member: { id: string; email: string; name: string }) => Promise<void>;

const staffRoles = [...STAFF_ROLES];

/** What StaffService is built from (composition.ts). */
export type StaffServiceDeps = {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  idleSeconds: number;
  sendInvite: SendInvite;
};

/**
 * Staff management: the list (ADMIN and SYSOP may read it), invitations and changes of role and status
 * (SYSOP only, enforced by the routes' minRole). Rules that hold whoever calls: the last active SYSOP
 * stays, and every change ends the member's sessions in the same transaction.
 */
export class StaffService {
  constructor(private readonly deps: StaffServiceDeps) {}

  /** Every ADMIN and SYSOP, SYSOPs first, then by name; read through the partial index users_staff_idx. */
  async list(): Promise<{ staff: StaffMember[] }> {
    const rows = await this.select(this.deps.db)
      .where(inArray(users.role, staffRoles))
      .orderBy(desc(users.role), asc(users.name), asc(users.surname), asc(users.id));
    return { staff: rows.map(toMember) };
  }

  async invite(input: StaffInviteRequest, caller: Caller) {
    const now = this.deps.clock.now();
    const id = newId(now);
    const taken = () => new Invalid({ email: STAFF_MESSAGES.emailTaken });
    await this.deps.db
      .transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${input.email}`)
          .limit(1);
        if (existing) throw taken();
        // No password: the member chooses one through the mailed link (email confirm, then reset).
        const row = {
          id,
          role: input.role,
          name: input.name,
          surname: input.surname,
          email: input.email,
          passwordHash: null,
          status: 'approved',
          emailVerified: false,
          timestamp: now,
        };
        await tx.insert(users).values(row);
        await audit(tx, now, {
          actorId: caller.userId,
          action: 'staff.invited',
          entity: 'user',
          entityId: id,
          after: {
            email: row.email,
            name: row.name,
            surname: row.surname,
            role: row.role,
            status: row.status,
          },
          ip: caller.ip,
        });
      })
      .catch((err: unknown) => {
        // Another invitation or sign-up took the email between the check and the insert.
        throw isUniqueViolation(err) ? taken() : err;
      });
    await this.deps.sendInvite({ id, email: input.email, name: input.name });
    const [member] = await this.select(this.deps.db).where(eq(users.id, id));
    return { success: true, message: STAFF_MESSAGES.invited, staff: toMember(member!) };
  }

  async update(input: StaffUpdateRequest, caller: Caller) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const locked = await this.lockSysopsAnd(tx, [input._id, caller.userId]);
      const before = locked.find((u) => u.id === input._id);
      if (!before || !isStaff(before.role as Role)) throw new NotFound(STAFF_MESSAGES.notStaff);
      const after = { role: input.role ?? before.role, status: input.status ?? before.status };
      if (after.role === before.role && after.status === before.status) return;
      const stillActiveSysop = after.role === 'SYSOP' && after.status !== 'disabled';
      const otherActiveSysops = locked.filter((u) => u.id !== before.id && isActiveSysop(u));
      if (isActiveSysop(before) && !stillActiveSysop && otherActiveSysops.length === 0) {
        throw new Conflict(STAFF_MESSAGES.lastSysop);
      }
      // The caller passed the route's SYSOP check before this transaction; a SYSOP who demoted or
      // disabled them meanwhile has committed by now (their row was locked), and wins.
      const self = locked.find((u) => u.id === caller.userId);
      if (!self || !isActiveSysop(self)) throw new Forbidden(MESSAGES.forbidden);
      await tx.update(users).set(after).where(eq(users.id, before.id));
      await this.deps.sessions.revokeAllForUser(tx, before.id);
      await audit(tx, now, {
        actorId: caller.userId,
        action: 'staff.updated',
        entity: 'user',
        entityId: before.id,
        before: { role: before.role, status: before.status },
        after: { ...after, sessionsEnded: true },
        ip: caller.ip,
      });
    });
    return { success: true, message: STAFF_MESSAGES.updated };
  }

  /**
   * Locks every active SYSOP and the given users in one statement, in id order: two SYSOPs demoting or
   * disabling each other at once take their locks in the same order, so the second waits for the first
   * (no deadlock) and then reads the rows as the first left them. A row the first changed so that it
   * no longer matches (a demoted SYSOP) drops out of the second's result; PostgreSQL re-checks the
   * condition of a row it waited for. On PGlite transactions run one at a time.
   */
  private async lockSysopsAnd(tx: DbOrTx, ids: string[]) {
    return tx
      .select({ id: users.id, role: users.role, status: users.status })
      .from(users)
      .where(or(inArray(users.id, ids), and(eq(users.role, 'SYSOP'), ne(users.status, 'disabled'))))
      .orderBy(asc(users.id))
      .for('update');
  }

  private select(db: DbOrTx) {
    const now = this.deps.clock.now();
    return db
      .select({
        id: users.id,
        name: users.name,
        surname: users.surname,
        email: users.email,
        role: users.role,
        status: users.status,
        // Written out: inside a subquery drizzle would leave "id" unqualified (read as the session's id).
        lastSignInAt: sql<string | number | null>`(select max(s.created_at) from sessions s
          where s.user_id = "users"."id")`,
        activeSessions: sql<string | number>`(select count(*) from sessions s
          where s.user_id = "users"."id" and s.revoked_at is null
            and s.expires_at > ${now} and s.last_active_at > ${now - this.deps.idleSeconds})`,
      })
      .from(users);
  }
}

const isActiveSysop = (u: { role: string; status: string }) => u.role === 'SYSOP' && u.status !== 'disabled';

function toMember(r: {
  id: string;
  name: string;
  surname: string;
  email: string;
  role: string;
  status: string;
  lastSignInAt: string | number | null;
  activeSessions: string | number;
}): StaffMember {
  return {
    _id: r.id,
    name: r.name,
    surname: r.surname,
    email: r.email,
    role: r.role as StaffRole,
    status: r.status,
    lastSignInAt: r.lastSignInAt === null ? null : Number(r.lastSignInAt),
    activeSessions: Number(r.activeSessions),
  };
}
