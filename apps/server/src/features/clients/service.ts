import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  editPermissions,
  isStaff,
  MESSAGES,
  STAFF_MESSAGES,
  type EditUserRequest,
  type RegisterUserRequest,
  type Role,
} from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { applications, clientLogs, partnerEmailSettings, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import { Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { staffPasswordProblem } from '../../auth/password-policy.ts';
import type { SendInvite } from '../staff/service.ts';
import { staffName, type StaffContext } from '../../auth/sessions.ts';
import type { SessionService } from '../../auth/sessions.ts';
import { toWireUser } from './user-row.ts';
import { writeClientLog } from './client-log.ts';

const EMAIL_TAKEN = 'This email is already in use.';
type Staff = StaffContext & { ip?: string };

/** What ClientsService is built from (composition.ts). */
export type ClientsServiceDeps = {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  /** After a client is added (outside the transaction): e.g. mail the email-confirmation link. */
  onRegistered?: (userId: string, email: string) => Promise<void>;
  /** After a client is made staff without a password: mail the set-password invitation. */
  sendStaffInvite?: SendInvite;
};

/** Client records: profile, add, edit, status, application type, logs, partner mail settings. */
export class ClientsService {
  constructor(private readonly deps: ClientsServiceDeps) {}

  /** A client's profile. Staff are not clients: their id answers 404 saying where staff are managed. */
  async profile(id: string) {
    const user = await this.get(this.deps.db, id);
    if (isStaff(user.role as Role)) throw new NotFound(STAFF_MESSAGES.managedOnStaffScreen);
    return { user: toWireUser(user) };
  }

  async admins() {
    const rows = await this.deps.db
      .select({ id: users.id, name: users.name, surname: users.surname })
      .from(users)
      .where(sql`${users.role} in ('ADMIN', 'SYSOP')`);
    return { admins: Object.fromEntries(rows.map((r) => [r.id, `${r.name} ${r.surname}`.trim()])) };
  }

  async register(input: RegisterUserRequest & { password: string }, staff: Staff) {
    const now = this.deps.clock.now();
    const hash = await hashPassword(input.password);
    const id = newId(now);
    const user = await this.deps.db.transaction(async (tx) => {
      await this.assertEmailFree(tx, input.email, null);
      const [row] = await tx
        .insert(users)
        .values({
          id,
          role: 'USER',
          status: 'new',
          title: input.title ?? null,
          name: input.name,
          surname: input.surname,
          email: input.email,
          passwordHash: hash,
          mobilePhone: input.mobilePhone,
          birthDay: input.birthDay,
          birthMonth: input.birthMonth,
          birthYear: input.birthYear,
          addressNo: input.addressNo,
          address: input.address,
          city: input.city,
          postcode: input.postcode,
          county: input.county ?? '',
          country: input.country,
          nationality: input.nationality,
          accountType: input.accountType ?? 'Individual',
          timestamp: now,
          hubspotLifecycleId: '42',
        })
        .returning();
      await writeClientLog(tx, {
        userId: id,
        event: 'Client added by staff',
        actionedBy: staff.userId,
        customName: staffName(staff),
        now,
      });
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'client.added',
        entity: 'user',
        entityId: id,
        after: toWireUser(row!),
        ip: staff.ip,
      });
      return row!;
    });
    await this.deps.onRegistered?.(user.id, user.email);
    return { success: true, user: toWireUser(user) };
  }

  /** Edit User with the role rules of docs/product.md [roles] enforced here, whatever the form offered. */
  async edit(input: EditUserRequest & { password: string; password2: string }, staff: Staff) {
    const now = this.deps.clock.now();
    const promoting = isStaff(input.role);
    // A staff password meets the staff policy whoever sets it; a client's password never becomes one.
    const weak = promoting && input.password ? staffPasswordProblem(input.password) : null;
    if (weak) throw new Invalid({ password: weak });
    const hash = input.password ? await hashPassword(input.password) : null;
    const user = await this.deps.db.transaction(async (tx) => {
      const before = await this.get(tx, input._id, true);
      const perms = editPermissions(staff.role, before.role as Role);
      if (!perms.canEdit) throw new Forbidden(STAFF_MESSAGES.managedOnStaffScreen);
      if (input.role !== before.role && (!perms.canChangeRole || !perms.roles.includes(input.role))) {
        throw new Forbidden('You cannot give this role.');
      }
      // docs/product.md [states]: saving a user whose role is ADMIN or higher forces the status to approved.
      const status = isStaff(input.role) ? 'approved' : input.status;
      if (status !== before.status && !isStaff(input.role) && !perms.canChangeStatus) {
        throw new Forbidden('You cannot change the status of this user.');
      }
      if (input.newEmail && input.newEmail.toLowerCase() !== before.email.toLowerCase()) {
        await this.assertEmailFree(tx, input.newEmail, before.id);
      }
      const { _id, newEmail, password: _p, password2: _p2, ...fields } = input;
      const [after] = await tx
        .update(users)
        .set({
          ...fields,
          status,
          ...(newEmail ? { email: newEmail } : {}),
          // Made staff without a password: the client's old one is dropped and an invitation sent.
          ...(hash ? { passwordHash: hash } : promoting ? { passwordHash: null } : {}),
        })
        .where(eq(users.id, _id))
        .returning();
      if (status === 'disabled') await this.deps.sessions.revokeAllForUser(tx, _id);
      await writeClientLog(tx, {
        userId: _id,
        event: 'Client details updated',
        actionedBy: staff.userId,
        customName: staffName(staff),
        now,
      });
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'client.edited',
        entity: 'user',
        entityId: _id,
        before: toWireUser(before),
        after: { ...toWireUser(after!), passwordChanged: hash !== null || promoting },
        ip: staff.ip,
      });
      return after!;
    });
    if (promoting && !hash) {
      await this.deps.sendStaffInvite?.({ id: user.id, email: user.email, name: user.name });
    }
    return { success: true, user: toWireUser(user) };
  }

  /**
   * Compliance actions: Approve, Pending (reason required) and Reject (docs/product.md [state.compliance]).
   */
  async process(userId: string, status: 'approved' | 'pending' | 'rejected', reason: string, staff: Staff) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const before = await this.get(tx, userId, true);
      if (isStaff(before.role as Role)) throw new Forbidden('Staff accounts are not processed here.');
      const [after] = await tx.update(users).set({ status, reason }).where(eq(users.id, userId)).returning();
      const why = reason ? `: ${reason}` : '';
      await writeClientLog(tx, {
        userId,
        event: `Status changed to ${status}${why}`,
        actionedBy: staff.userId,
        customName: staffName(staff),
        now,
      });
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'client.status',
        entity: 'user',
        entityId: userId,
        before: { status: before.status, reason: before.reason },
        after: { status: after!.status, reason: after!.reason },
        ip: staff.ip,
      });
    });
    return { success: true, reload: true };
  }

  async changeAccountType(userId: string, changeTo: 'Individual' | 'Corporate', staff: Staff) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const before = await this.get(tx, userId, true);
      if (before.accountType === changeTo) return;
      await tx.update(users).set({ accountType: changeTo }).where(eq(users.id, userId));
      await writeClientLog(tx, {
        userId,
        event: `Application type changed to ${changeTo}`,
        actionedBy: staff.userId,
        customName: staffName(staff),
        now,
      });
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'client.account-type',
        entity: 'user',
        entityId: userId,
        before: { accountType: before.accountType },
        after: { accountType: changeTo },
        ip: staff.ip,
      });
    });
    return { success: true };
  }

  async addLog(userId: string, event: string, staff: Staff) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await this.get(tx, userId);
      await writeClientLog(tx, {
        userId,
        event,
        actionedBy: staff.userId,
        customName: staffName(staff),
        now,
      });
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'client.log',
        entity: 'user',
        entityId: userId,
        after: { event },
        ip: staff.ip,
      });
    });
    return { success: true };
  }

  async logs(userId: string) {
    await this.get(this.deps.db, userId);
    const rows = await this.deps.db
      .select()
      .from(clientLogs)
      .where(eq(clientLogs.userId, userId))
      .orderBy(desc(clientLogs.timestamp), desc(clientLogs.id))
      .limit(1000);
    return rows.map((r) => ({
      _id: r.id,
      userId: r.userId,
      timestamp: r.timestamp,
      event: r.event,
      actionedBy: r.actionedBy,
      customName: r.customName,
    }));
  }

  async application(userId: string) {
    await this.get(this.deps.db, userId);
    const [row] = await this.deps.db.select().from(applications).where(eq(applications.userId, userId));
    if (!row) return { application: null };
    return {
      application: {
        userId,
        user: row.user,
        employmentIncome: row.employmentIncome,
        tradingExperience: row.tradingExperience,
        tradingPreferences: row.tradingPreferences,
      } as never,
    };
  }

  async partnerSettings(userId: string) {
    const partner = await this.get(this.deps.db, userId);
    if (partner.role !== 'PARTNER') throw new NotFound('This user is not a partner.');
    const [row] = await this.deps.db
      .select()
      .from(partnerEmailSettings)
      .where(eq(partnerEmailSettings.partnerId, userId));
    const s = row ?? {
      partnerId: userId,
      agentCode: partner.agentCode,
      partnerUserRegistered: true,
      partnerUserApproved: true,
      partnerUserKycApproved: true,
      partnerUserDeposited: true,
      partnerUserWithdrawalRequest: true,
    };
    return [
      {
        partnerId: s.partnerId,
        agentCode: s.agentCode,
        partnerUserRegistered: s.partnerUserRegistered,
        partnerUserApproved: s.partnerUserApproved,
        partnerUserKYCApproved: s.partnerUserKycApproved,
        partnerUserDeposited: s.partnerUserDeposited,
        partnerUserWithdrawalRequest: s.partnerUserWithdrawalRequest,
      },
    ];
  }

  async updatePartnerSettings(
    input: {
      partnerId: string;
      agentCode?: number | null;
      partnerUserRegistered: boolean;
      partnerUserApproved: boolean;
      partnerUserKYCApproved: boolean;
      partnerUserDeposited: boolean;
      partnerUserWithdrawalRequest: boolean;
    },
    staff: Staff,
  ) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const partner = await this.get(tx, input.partnerId, true);
      if (partner.role !== 'PARTNER') throw new Invalid({ partnerId: 'This user is not a partner.' });
      const values = {
        agentCode: input.agentCode ?? partner.agentCode,
        partnerUserRegistered: input.partnerUserRegistered,
        partnerUserApproved: input.partnerUserApproved,
        partnerUserKycApproved: input.partnerUserKYCApproved,
        partnerUserDeposited: input.partnerUserDeposited,
        partnerUserWithdrawalRequest: input.partnerUserWithdrawalRequest,
      };
      await tx
        .insert(partnerEmailSettings)
        .values({ partnerId: input.partnerId, ...values })
        .onConflictDoUpdate({ target: partnerEmailSettings.partnerId, set: values });
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'partner.email-settings',
        entity: 'user',
        entityId: input.partnerId,
        after: values,
        ip: staff.ip,
      });
    });
    return { success: true, message: MESSAGES.clientUpdated };
  }

  private async get(db: DbOrTx, id: string, forUpdate = false) {
    const q = db.select().from(users).where(eq(users.id, id));
    const [row] = forUpdate ? await q.for('update') : await q;
    if (!row) throw new NotFound('No such user.');
    return row;
  }

  private async assertEmailFree(db: DbOrTx, email: string, exceptId: string | null): Promise<void> {
    const lower = email.toLowerCase();
    const cond = exceptId
      ? and(sql`lower(${users.email}) = ${lower}`, ne(users.id, exceptId))
      : sql`lower(${users.email}) = ${lower}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(cond).limit(1);
    if (taken) throw new Invalid({ email: EMAIL_TAKEN });
  }
}
