import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { isStaff, MESSAGES, VERIFICATION_CODE_LENGTH, type Role } from '@brokerdesk/contract';
import type { Db } from '../db/client.ts';
import { signInThrottle, signInTickets, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { newSecret, sha256 } from '../lib/ids.ts';
import type { Mailer } from '../mail/mailer.ts';
import { audit } from '../audit/audit.ts';
import { Invalid, TooMany, Unavailable } from '../http/errors.ts';
import { verifyPassword } from './passwords.ts';
import type { SessionService } from './sessions.ts';
import { signInCodeMail } from './mails.ts';

export const CODE_TTL_S = 10 * 60;
export const CODE_MAX_TRIES = 5;
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_S = 30 * 60;

export type ClientMeta = { deviceType: string; browserName: string; ip: string };

/**
 * Password, then a 6-digit code sent by email. The code is bound to a single-use ticket that loginAdmin
 * hands back in place of the password; both are stored only as hashes. No answer tells whether an email
 * exists: unknown emails, wrong passwords and non-staff accounts all get the same reply.
 */
export class SignInService {
  private readonly codeKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    secret: Uint8Array,
  ) {
    this.codeKey = crypto.createHmac('sha256', secret).update('sign-in-codes').digest();
  }

  async loginAdmin(email: string, password: string, meta: ClientMeta) {
    const now = this.clock.now();
    const key = email.toLowerCase();
    const [throttle] = await this.db.select().from(signInThrottle).where(eq(signInThrottle.email, key));
    if (throttle?.lockedUntil && throttle.lockedUntil > now) {
      throw new TooMany({ emailorpassword: MESSAGES.accountLocked });
    }
    const user = await this.findUser(key);
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !passwordOk || !isStaff(user.role as Role) || user.status === 'disabled') {
      await this.recordFailure(key, now);
      await audit(this.db, now, {
        actorId: null,
        action: 'sign-in.refused',
        entity: 'user',
        entityId: user?.id ?? null,
        after: { email: key, reason: !user || !passwordOk ? 'credentials' : 'not staff' },
        ip: meta.ip,
      });
      throw new Invalid({ emailorpassword: MESSAGES.emailOrPasswordIncorrect });
    }
    await this.db.delete(signInThrottle).where(eq(signInThrottle.email, key));

    const ticket = newSecret();
    const ticketId = sha256(ticket);
    const code = newCode();
    await this.db.insert(signInTickets).values({
      id: ticketId,
      userId: user.id,
      codeHash: this.codeHash(ticketId, code),
      createdAt: now,
      expiresAt: now + CODE_TTL_S,
    });
    await this.sendCode(user.email, code, async () => {
      await this.db.delete(signInTickets).where(eq(signInTickets.id, ticketId));
    });
    await audit(this.db, now, {
      actorId: user.id,
      action: 'sign-in.code-sent',
      entity: 'user',
      entityId: user.id,
      ip: meta.ip,
    });
    return { success: true as const, email: user.email, password: ticket };
  }

  async loginConfirm(email: string, ticket: string, code: string, meta: ClientMeta) {
    const now = this.clock.now();
    const ticketId = sha256(ticket);
    // Every attempt spends a try first, so parallel guesses cannot exceed the limit.
    const [spent] = await this.db
      .update(signInTickets)
      .set({ tries: sql`${signInTickets.tries} + 1` })
      .where(
        and(
          eq(signInTickets.id, ticketId),
          isNull(signInTickets.usedAt),
          gt(signInTickets.expiresAt, now),
          lt(signInTickets.tries, CODE_MAX_TRIES),
        ),
      )
      .returning();
    if (!spent) {
      const [existing] = await this.db.select().from(signInTickets).where(eq(signInTickets.id, ticketId));
      const tooMany = existing && existing.usedAt === null && existing.tries >= CODE_MAX_TRIES;
      throw new Invalid({ message: tooMany ? MESSAGES.codeTooManyTries : MESSAGES.codeExpired });
    }
    const [user] = await this.db.select().from(users).where(eq(users.id, spent.userId));
    if (!user || user.email.toLowerCase() !== email.toLowerCase()) {
      throw new Invalid({ message: MESSAGES.codeExpired });
    }
    if (!safeEqual(spent.codeHash, this.codeHash(ticketId, code))) {
      await audit(this.db, now, {
        actorId: user.id,
        action: 'sign-in.wrong-code',
        entity: 'user',
        entityId: user.id,
        ip: meta.ip,
      });
      throw new Invalid({
        message: spent.tries >= CODE_MAX_TRIES ? MESSAGES.codeTooManyTries : MESSAGES.codeIncorrect,
      });
    }
    if (!isStaff(user.role as Role) || user.status === 'disabled') {
      throw new Invalid({ emailorpassword: MESSAGES.emailOrPasswordIncorrect });
    }
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(signInTickets)
        .set({ usedAt: now })
        .where(and(eq(signInTickets.id, ticketId), isNull(signInTickets.usedAt)))
        .returning({ id: signInTickets.id });
      if (used.length === 0) throw new Invalid({ message: MESSAGES.codeExpired });
      const token = await this.sessions.create(tx, user, meta);
      await audit(tx, now, {
        actorId: user.id,
        action: 'sign-in',
        entity: 'user',
        entityId: user.id,
        ip: meta.ip,
      });
      return { token };
    });
  }

  /** A fresh code for a live ticket. Always the same answer, whether or not anything was sent. */
  async resendCode(email: string, ticket: string | undefined) {
    const now = this.clock.now();
    if (ticket) {
      const ticketId = sha256(ticket);
      const [row] = await this.db
        .select({ t: signInTickets, email: users.email })
        .from(signInTickets)
        .innerJoin(users, eq(users.id, signInTickets.userId))
        .where(eq(signInTickets.id, ticketId));
      const live =
        row &&
        row.t.usedAt === null &&
        row.t.expiresAt > now &&
        row.t.tries < CODE_MAX_TRIES &&
        row.email.toLowerCase() === email.toLowerCase();
      if (live) {
        const code = newCode();
        // The try count is kept: asking for a new code does not buy more guesses.
        await this.db
          .update(signInTickets)
          .set({ codeHash: this.codeHash(ticketId, code), expiresAt: now + CODE_TTL_S })
          .where(eq(signInTickets.id, ticketId));
        await this.sendCode(row.email, code);
      }
    }
    return { success: true, message: MESSAGES.codeSent };
  }

  private async findUser(emailLower: string) {
    const [user] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${emailLower}`);
    return user;
  }

  private async recordFailure(emailLower: string, now: number): Promise<void> {
    // Failures older than the lock period are forgotten; the tenth within it locks the email.
    await this.db
      .insert(signInThrottle)
      .values({ email: emailLower, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: signInThrottle.email,
        set: {
          failures: sql`case when ${signInThrottle.lastFailureAt} < ${now - LOCK_S} then 1 else ${signInThrottle.failures} + 1 end`,
          lastFailureAt: now,
        },
      });
    await this.db
      .update(signInThrottle)
      .set({ lockedUntil: now + LOCK_S, failures: 0 })
      .where(
        and(eq(signInThrottle.email, emailLower), sql`${signInThrottle.failures} >= ${LOCK_AFTER_FAILURES}`),
      );
  }

  private async sendCode(to: string, code: string, onFailure?: () => Promise<void>): Promise<void> {
    try {
      await this.mailer.send(signInCodeMail(to, code, CODE_TTL_S / 60));
    } catch (err) {
      await onFailure?.();
      throw new Unavailable(
        `We could not send the sign-in code (${(err as Error).message}). Please try again.`,
      );
    }
  }

  private codeHash(ticketId: string, code: string): string {
    return crypto.createHmac('sha256', this.codeKey).update(`${ticketId}:${code}`).digest('hex');
  }
}

function newCode(): string {
  return String(crypto.randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
