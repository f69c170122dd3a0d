import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { isStaff, MESSAGES, type Role } from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../db/client.ts';
import { emailConfirmations, passwordResets, signInThrottle, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { newSecret, sha256 } from '../lib/ids.ts';
import type { Mailer } from '../mail/mailer.ts';
import { audit } from '../audit/audit.ts';
import { Invalid, NotFound } from '../http/errors.ts';
import { hashPassword } from './passwords.ts';
import type { SessionService } from './sessions.ts';
import { emailConfirmMail, passwordResetMail } from './mails.ts';

export const RESET_TTL_S = 60 * 60;
export const CONFIRM_TTL_S = 7 * 24 * 60 * 60;

/** Forgotten passwords, new passwords and email confirmation links. Link ids are stored hashed. */
export class PasswordService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly log: { warn: (o: object, m: string) => void },
  ) {}

  /** Same answer for every email; only staff accounts get a link (this is the staff console). */
  async requestReset(email: string, ip: string) {
    const now = this.clock.now();
    const [user] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (user && isStaff(user.role as Role) && user.status !== 'disabled') {
      const id = await this.createResetLink(this.db, user.id);
      await audit(this.db, now, {
        actorId: null,
        action: 'password.reset-requested',
        entity: 'user',
        entityId: user.id,
        ip,
      });
      try {
        await this.mailer.send(
          passwordResetMail(user.email, `${this.publicUrl}/resetpassword/${id}`, RESET_TTL_S / 60),
        );
      } catch (err) {
        // Answering differently would tell the caller that the email exists.
        this.log.warn({ err, userId: user.id }, 'password reset mail could not be sent');
      }
    }
    return { success: true, message: MESSAGES.resetSent };
  }

  async createResetLink(db: DbOrTx, userId: string): Promise<string> {
    const id = newSecret();
    const now = this.clock.now();
    await db
      .insert(passwordResets)
      .values({ id: sha256(id), userId, createdAt: now, expiresAt: now + RESET_TTL_S });
    return id;
  }

  /** Sets the password, ends every session of the user and lifts a sign-in lock. */
  async setNewPassword(id: string, password: string, ip: string) {
    const now = this.clock.now();
    const hash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.id, sha256(id)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning();
      if (!reset) throw new Invalid({ server: MESSAGES.resetLinkInvalid });
      const [user] = await tx
        .update(users)
        .set({ passwordHash: hash })
        .where(eq(users.id, reset.userId))
        .returning({ id: users.id, email: users.email });
      if (!user) throw new Invalid({ server: MESSAGES.resetLinkInvalid });
      await this.sessions.revokeAllForUser(tx, user.id);
      await tx.delete(signInThrottle).where(eq(signInThrottle.email, user.email.toLowerCase()));
      await audit(tx, now, {
        actorId: user.id,
        action: 'password.reset',
        entity: 'user',
        entityId: user.id,
        ip,
      });
    });
    return { success: true, message: MESSAGES.passwordReset };
  }

  async createConfirmLink(db: DbOrTx, userId: string, purpose: 'verify' | 'setpassword'): Promise<string> {
    const id = newSecret();
    const now = this.clock.now();
    await db
      .insert(emailConfirmations)
      .values({ id: sha256(id), userId, purpose, createdAt: now, expiresAt: now + CONFIRM_TTL_S });
    return id;
  }

  /** Mails a confirmation link to a newly added user. A mail failure is logged: the user exists either way. */
  async sendEmailConfirmation(userId: string, email: string): Promise<void> {
    const id = await this.createConfirmLink(this.db, userId, 'verify');
    try {
      await this.mailer.send(emailConfirmMail(email, `${this.publicUrl}/email/confirm/${id}`));
    } catch (err) {
      this.log.warn({ err, userId }, 'email confirmation mail could not be sent');
    }
  }

  /**
   * Confirms an email address. A set-password link also opens a password reset, whose id the page
   * uses to continue. Never signs in by itself (autologin is always false): staff sign in with a code.
   */
  async confirmEmail(id: string, setPassword: boolean) {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [link] = await tx
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailConfirmations.id, sha256(id)),
            isNull(emailConfirmations.usedAt),
            gt(emailConfirmations.expiresAt, now),
            eq(emailConfirmations.purpose, setPassword ? 'setpassword' : 'verify'),
          ),
        )
        .returning();
      if (!link) throw new NotFound(MESSAGES.emailConfirmInvalid);
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, link.userId));
      await audit(tx, now, {
        actorId: link.userId,
        action: 'email.confirmed',
        entity: 'user',
        entityId: link.userId,
      });
      const resetId = setPassword ? await this.createResetLink(tx, link.userId) : undefined;
      return { autologin: false, token: '', msg: MESSAGES.emailConfirmed, ...(resetId ? { resetId } : {}) };
    });
  }
}
