import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { isStaff, MESSAGES, VERIFICATION_CODE_LENGTH, type Role } from '@brokerdesk/contract';
import type { Db } from '../db/client.ts';
import { signInTickets, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { newSecret, sha256 } from '../lib/ids.ts';
import type { Mailer } from '../mail/mailer.ts';
import { audit } from '../audit/audit.ts';
import { Invalid, TooMany, Unavailable } from '../http/errors.ts';
import { verifyPassword } from './passwords.ts';
import type { SessionService } from './sessions.ts';
import { codesLockedMail, signInAttackMail, signInCodeMail } from './mails.ts';
import { normaliseIdentifier } from './identifiers.ts';
import { ALERT_AFTER, CODE_FAILURES_PER_ACCOUNT, CODE_LOCK_S, SignInLimits } from './sign-in-limits.ts';
import { SignInDevices } from './devices.ts';

export const CODE_TTL_S = 10 * 60;
export const CODE_MAX_TRIES = 5;
/** At most this many sign-in tickets (code mails) per account in TICKET_WINDOW_S, sign-ins not counted. */
export const TICKETS_PER_WINDOW = 10;
export const TICKET_WINDOW_S = 10 * 60;
/** A ticket's code is resent at most this many times. */
export const RESENDS_PER_TICKET = 3;

export type ClientMeta = { deviceType: string; browserName: string; ip: string };

/** What SignInService is built from (composition.ts). */
export type SignInServiceDeps = {
  db: Db;
  mailer: Mailer;
  sessions: SessionService;
  clock: Clock;
  secret: Uint8Array;
  log?: { warn: (o: object, m: string) => void };
};

/**
 * Password, then a 6-digit code sent by email. The code is bound to a single-use ticket that loginAdmin
 * hands back in place of the password; both are stored only as hashes. No answer tells whether an email
 * exists: unknown emails, wrong passwords and non-staff accounts all get the same reply.
 */
export class SignInService {
  private readonly codeKey: Buffer;
  private readonly limits: SignInLimits;
  private readonly devices: SignInDevices;

  constructor(private readonly deps: SignInServiceDeps) {
    this.limits = new SignInLimits(deps.db);
    this.devices = new SignInDevices(deps.db);
    this.codeKey = crypto.createHmac('sha256', deps.secret).update('sign-in-codes').digest();
  }

  /**
   * email is in normal form (auth/identifiers.ts, applied by the route before any limit). device: the
   * device token the browser kept from an earlier sign-in, if any (auth/devices.ts).
   */
  async loginAdmin(email: string, password: string, meta: ClientMeta, device?: string) {
    const now = this.deps.clock.now();
    const codeLock = await this.limits.codeLockLeft(email, now);
    if (codeLock > 0) throw new TooMany({ emailorpassword: MESSAGES.accountLocked }, codeLock);
    const user = await this.findUser(email);
    const deviceId = device ? await this.devices.knownFor(user?.id ?? '', device, now) : null;
    // Slowed down before the password is compared (and its failure counted first): docs/decisions.md
    // "Sign-in without lockouts". The same for every email, known or not.
    const attempt = await this.limits.beginPasswordCheck(email, meta.ip, deviceId, now);
    if (!attempt.allowed) {
      throw new TooMany({ emailorpassword: MESSAGES.signInSlowed(attempt.retryAfter) }, attempt.retryAfter);
    }
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !passwordOk || !isStaff(user.role as Role) || user.status === 'disabled') {
      await audit(this.deps.db, now, {
        actorId: null,
        action: 'sign-in.refused',
        entity: 'user',
        entityId: user?.id ?? null,
        after: { email, reason: !user || !passwordOk ? 'credentials' : 'not staff', knownDevice: !!deviceId },
        ip: meta.ip,
      });
      if (attempt.accountFailures >= ALERT_AFTER && (await this.limits.claimAlert(email, now))) {
        await this.alertOwner(user, attempt.accountFailures, meta.ip, now);
      }
      throw new Invalid({ emailorpassword: MESSAGES.emailOrPasswordIncorrect });
    }
    await this.limits.passwordSucceeded(attempt);

    const ticket = newSecret();
    const ticketId = sha256(ticket);
    const code = newCode();
    await this.deps.db.transaction(async (tx) => {
      // The user's row is the lock: parallel sign-ins count the tickets one after another.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      // Tickets that ended in a sign-in (used_at set) do not count: only the owner completes them, so
      // staff who sign in often are never held back, while someone who has only the password gets 10
      // tickets (50 code guesses, 10 mails) per 10 minutes.
      const [recent] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(signInTickets)
        .where(
          and(
            eq(signInTickets.userId, user.id),
            gt(signInTickets.createdAt, now - TICKET_WINDOW_S),
            isNull(signInTickets.usedAt),
          ),
        );
      if ((recent?.n ?? 0) >= TICKETS_PER_WINDOW) {
        throw new TooMany({ emailorpassword: MESSAGES.tooManyCodes });
      }
      await tx.insert(signInTickets).values({
        id: ticketId,
        userId: user.id,
        codeHash: this.codeHash(ticketId, code),
        createdAt: now,
        expiresAt: now + CODE_TTL_S,
        deviceId,
      });
    });
    await this.sendCode(user.email, code, async () => {
      await this.deps.db.delete(signInTickets).where(eq(signInTickets.id, ticketId));
    });
    await audit(this.deps.db, now, {
      actorId: user.id,
      action: 'sign-in.code-sent',
      entity: 'user',
      entityId: user.id,
      ip: meta.ip,
    });
    return { success: true as const, email: user.email, password: ticket };
  }

  /** email is in normal form. Limits: 5 tries per ticket, 100 wrong codes per account (all tickets). */
  async loginConfirm(email: string, ticket: string, code: string, meta: ClientMeta) {
    const now = this.deps.clock.now();
    const ticketId = sha256(ticket);
    // Every attempt spends a try first, so parallel guesses cannot exceed the limit.
    const [spent] = await this.deps.db
      .update(signInTickets)
      .set({ tries: sql`${signInTickets.tries} + 1` })
      .where(and(liveTicket(ticketId, now)))
      .returning();
    if (!spent) {
      const [existing] = await this.deps.db
        .select()
        .from(signInTickets)
        .where(eq(signInTickets.id, ticketId));
      const tooMany = existing && existing.usedAt === null && existing.tries >= CODE_MAX_TRIES;
      throw new Invalid({ message: tooMany ? MESSAGES.codeTooManyTries : MESSAGES.codeExpired });
    }
    const [user] = await this.deps.db.select().from(users).where(eq(users.id, spent.userId));
    if (!user || normaliseIdentifier(user.email) !== email) {
      throw new Invalid({ message: MESSAGES.codeExpired });
    }
    // The account's own budget of code checks, spent before comparing (across all its tickets).
    const account = normaliseIdentifier(user.email);
    const checks = await this.limits.spendCodeCheck(account, now);
    if (checks === 'locked') throw new TooMany({ emailorpassword: MESSAGES.accountLocked });
    if (!safeEqual(spent.codeHash, this.codeHash(ticketId, code))) {
      await audit(this.deps.db, now, {
        actorId: user.id,
        action: 'sign-in.wrong-code',
        entity: 'user',
        entityId: user.id,
        ip: meta.ip,
      });
      if (checks >= CODE_FAILURES_PER_ACCOUNT) {
        await this.lockForCodes(user, account, now, meta.ip);
        throw new TooMany({ emailorpassword: MESSAGES.accountLocked });
      }
      throw new Invalid({
        message: spent.tries >= CODE_MAX_TRIES ? MESSAGES.codeTooManyTries : MESSAGES.codeIncorrect,
      });
    }
    await this.limits.codeSucceeded(account);
    if (!isStaff(user.role as Role) || user.status === 'disabled') {
      throw new Invalid({ emailorpassword: MESSAGES.emailOrPasswordIncorrect });
    }
    return this.deps.db.transaction(async (tx) => {
      const used = await tx
        .update(signInTickets)
        .set({ usedAt: now })
        .where(and(eq(signInTickets.id, ticketId), isNull(signInTickets.usedAt)))
        .returning({ id: signInTickets.id });
      if (used.length === 0) throw new Invalid({ message: MESSAGES.codeExpired });
      const token = await this.deps.sessions.create(tx, user, meta);
      // The browser becomes (or stays) a known device of the account: a new token unless it sent a live one.
      const renewed = spent.deviceId !== null && (await this.devices.renew(tx, spent.deviceId, user.id, now));
      const deviceToken = renewed ? undefined : await this.devices.issue(tx, user.id, now);
      await audit(tx, now, {
        actorId: user.id,
        action: 'sign-in',
        entity: 'user',
        entityId: user.id,
        after: { knownDevice: renewed },
        ip: meta.ip,
      });
      return deviceToken ? { token, deviceToken } : { token };
    });
  }

  /**
   * A fresh code for a live ticket, at most RESENDS_PER_TICKET times. Always the same answer, whether
   * or not anything was sent. email is in normal form.
   */
  async resendCode(email: string, ticket: string | undefined) {
    const now = this.deps.clock.now();
    if (ticket) {
      const ticketId = sha256(ticket);
      const [row] = await this.deps.db
        .select({ t: signInTickets, email: users.email })
        .from(signInTickets)
        .innerJoin(users, eq(users.id, signInTickets.userId))
        .where(eq(signInTickets.id, ticketId));
      if (row && normaliseIdentifier(row.email) === email) {
        const code = newCode();
        // The try count is kept: asking for a new code does not buy more guesses.
        const [resent] = await this.deps.db
          .update(signInTickets)
          .set({
            codeHash: this.codeHash(ticketId, code),
            expiresAt: now + CODE_TTL_S,
            resends: sql`${signInTickets.resends} + 1`,
          })
          .where(and(liveTicket(ticketId, now), lt(signInTickets.resends, RESENDS_PER_TICKET)))
          .returning({ id: signInTickets.id });
        if (resent) await this.sendCode(row.email, code);
      }
    }
    return { success: true, message: MESSAGES.codeSent };
  }

  /**
   * Locks the account after its last allowed wrong code: its tickets die (expired, not used: used_at
   * marks a sign-in), its owner is told once.
   */
  private async lockForCodes(user: { id: string; email: string }, account: string, now: number, ip: string) {
    if (!(await this.limits.lockForCodes(account, now))) return;
    await this.deps.db
      .update(signInTickets)
      .set({ expiresAt: now })
      .where(and(eq(signInTickets.userId, user.id), isNull(signInTickets.usedAt)));
    await audit(this.deps.db, now, {
      actorId: null,
      action: 'sign-in.locked',
      entity: 'user',
      entityId: user.id,
      after: { reason: 'codes', minutes: CODE_LOCK_S / 60 },
      ip,
    });
    try {
      await this.deps.mailer.send(codesLockedMail(user.email, CODE_LOCK_S / 60, ip));
    } catch (err) {
      // The lock holds either way; the reply must not differ because a mail failed.
      this.deps.log?.warn({ err, userId: user.id }, 'sign-in lock mail could not be sent');
    }
  }

  /**
   * Tells the owner of a staff account under attack (claimAlert lets one caller an hour through). The
   * mail is not awaited: its time must not tell the caller that the email is an account.
   */
  private async alertOwner(
    user: { id: string; email: string; role: string; status: string } | undefined,
    failures: number,
    ip: string,
    now: number,
  ): Promise<void> {
    if (!user || !isStaff(user.role as Role) || user.status === 'disabled') return;
    await audit(this.deps.db, now, {
      actorId: null,
      action: 'sign-in.alerted',
      entity: 'user',
      entityId: user.id,
      after: { failures },
      ip,
    });
    this.deps.mailer.send(signInAttackMail(user.email, failures, ip)).catch((err: unknown) => {
      this.deps.log?.warn({ err, userId: user.id }, 'failed sign-ins mail could not be sent');
    });
  }

  private async findUser(email: string) {
    const [user] = await this.deps.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    return user;
  }

  private async sendCode(to: string, code: string, onFailure?: () => Promise<void>): Promise<void> {
    try {
      await this.deps.mailer.send(signInCodeMail(to, code, CODE_TTL_S / 60));
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

/** A ticket that can still take a code: unused, not expired, with tries left. */
function liveTicket(ticketId: string, now: number) {
  return and(
    eq(signInTickets.id, ticketId),
    isNull(signInTickets.usedAt),
    gt(signInTickets.expiresAt, now),
    lt(signInTickets.tries, CODE_MAX_TRIES),
  );
}
