import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { calls, isStaff, MESSAGES, urlOf, type Role } from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../db/client.ts';
import { emailConfirmations, passwordResets, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { newSecret, sha256 } from '../lib/ids.ts';
import type { Mailer } from '../mail/mailer.ts';
import { audit } from '../audit/audit.ts';
import { Invalid, NotFound } from '../http/errors.ts';
import { hashPassword } from './passwords.ts';
import { staffPasswordProblem } from './password-policy.ts';
import { normaliseIdentifier } from './identifiers.ts';
import { SignInLimits } from './sign-in-limits.ts';
import type { SessionService } from './sessions.ts';
import { emailConfirmMail, passwordResetMail } from './mails.ts';

export const RESET_TTL_S = 60 * 60;
export const CONFIRM_TTL_S = 7 * 24 * 60 * 60;
/** Reset links (and mails) per account per hour; asks beyond get the same answer and no mail. */
export const RESETS_PER_HOUR = 5;

/**
 * A mailed link (a password reset, an email confirmation) that can still be used: stored by its id's
 * hash, not used yet, not expired. Using one sets usedAt under this condition, so it works once.
 */
const liveLink = (table: typeof passwordResets | typeof emailConfirmations, id: string, now: number) =>
  and(eq(table.id, sha256(id)), isNull(table.usedAt), gt(table.expiresAt, now));

/** What PasswordService is built from (composition.ts). */
export type PasswordServiceDeps = {
  db: Db;
  mailer: Mailer;
  sessions: SessionService;
  clock: Clock;
  publicUrl: string;
  log: { warn: (o: object, m: string) => void };
};

/** Forgotten passwords, new passwords and email confirmation links. Link ids are stored hashed. */
export class PasswordService {
  constructor(private readonly deps: PasswordServiceDeps) {}

  /**
   * Same answer for every email; only staff accounts get a link (this is the staff console). email is
   * in normal form. Known or not, the request does the same work before the reply: the same queries
   * (for an unknown email they match no row), a link id made and hashed, an audit row, the mail
   * written. The mail itself leaves after the reply, so SMTP's round trip does not tell staff emails
   * apart either. At most RESETS_PER_HOUR links per account: more asks get the same answer, no mail.
   */
  async requestReset(email: string, ip: string) {
    const now = this.deps.clock.now();
    const [found] = await this.deps.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    const user = found && isStaff(found.role as Role) && found.status !== 'disabled' ? found : undefined;
    const mail = await this.deps.db.transaction(async (tx) => {
      const [recent] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, user?.id ?? ''), gt(passwordResets.createdAt, now - 3600)));
      const capped = (recent?.n ?? 0) >= RESETS_PER_HOUR;
      const id = newSecret();
      // For an unknown email or a capped account, the same statements run and match no user.
      const linkFor = user && !capped ? user.id : '';
      await this.voidLinks(tx, linkFor, now);
      await tx.execute(sql`insert into ${passwordResets} (id, user_id, created_at, expires_at)
        select ${sha256(id)}, ${users.id}, ${now}, ${now + RESET_TTL_S} from ${users}
        where ${users.id} = ${linkFor}`);
      await audit(tx, now, {
        actorId: null,
        action: 'password.reset-requested',
        entity: 'user',
        entityId: user?.id ?? null,
        after: user ? (capped ? { sent: false, reason: 'limit' } : { sent: true }) : { sent: false, email },
        ip,
      });
      const text = passwordResetMail(
        user?.email ?? email,
        `${this.deps.publicUrl}/resetpassword/${id}`,
        RESET_TTL_S / 60,
      );
      return user && !capped ? text : null;
    });
    if (mail) {
      // Not awaited: the reply must not wait for SMTP (timing), and a failure must not change it.
      void this.deps.mailer.send(mail).catch((err: unknown) => {
        this.deps.log.warn({ err, userId: user?.id }, 'password reset mail could not be sent');
      });
    }
    return { success: true, message: MESSAGES.resetSent };
  }

  /** A new reset link for the user; older ones stop working. */
  async createResetLink(db: DbOrTx, userId: string): Promise<string> {
    const id = newSecret();
    const now = this.deps.clock.now();
    await this.voidLinks(db, userId, now);
    await db
      .insert(passwordResets)
      .values({ id: sha256(id), userId, createdAt: now, expiresAt: now + RESET_TTL_S });
    return id;
  }

  private async voidLinks(db: DbOrTx, userId: string, now: number): Promise<void> {
    await db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  }

  /**
   * Sets the password (the staff password policy), ends every session of the user, voids every other
   * reset link of theirs and lifts every sign-in lock of the account.
   */
  async setNewPassword(id: string, password: string, ip: string) {
    const problem = staffPasswordProblem(password);
    if (problem) throw new Invalid({ password: problem });
    const now = this.deps.clock.now();
    const hash = await hashPassword(password);
    await this.deps.db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(liveLink(passwordResets, id, now))
        .returning();
      if (!reset) throw new Invalid({ server: MESSAGES.resetLinkInvalid });
      const [user] = await tx
        .update(users)
        .set({ passwordHash: hash })
        .where(eq(users.id, reset.userId))
        .returning({ id: users.id, email: users.email });
      if (!user) throw new Invalid({ server: MESSAGES.resetLinkInvalid });
      await this.voidLinks(tx, user.id, now);
      await this.deps.sessions.revokeAllForUser(tx, user.id);
      await new SignInLimits(tx).liftAll(normaliseIdentifier(user.email));
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
    const now = this.deps.clock.now();
    await db
      .insert(emailConfirmations)
      .values({ id: sha256(id), userId, purpose, createdAt: now, expiresAt: now + CONFIRM_TTL_S });
    return id;
  }

  /** Mails a confirmation link to a newly added user. A mail failure is logged: the user exists either way. */
  async sendEmailConfirmation(userId: string, email: string): Promise<void> {
    const id = await this.createConfirmLink(this.deps.db, userId, 'verify');
    try {
      await this.deps.mailer.send(
        emailConfirmMail(
          email,
          `${this.deps.publicUrl}${urlOf(calls.auth.confirmEmail, { params: { id } })}`,
        ),
      );
    } catch (err) {
      this.deps.log.warn({ err, userId }, 'email confirmation mail could not be sent');
    }
  }

  /**
   * Confirms an email address. A set-password link also opens a password reset, whose id the page
   * uses to continue. Never signs in by itself (autologin is always false): staff sign in with a code.
   */
  async confirmEmail(id: string, setPassword: boolean) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const [link] = await tx
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(
          and(
            liveLink(emailConfirmations, id, now),
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
