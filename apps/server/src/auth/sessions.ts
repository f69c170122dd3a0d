import crypto from 'node:crypto';
import { eq, isNull, and, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { isStaff, type Role } from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { sha256 } from '../lib/ids.ts';
import { Unauthorized } from '../http/errors.ts';
import { verifySessionToken } from './token.ts';

export type StaffContext = {
  userId: string;
  sessionId: string;
  role: Role;
  name: string;
  surname: string;
  email: string;
};

/**
 * Activity is written at most this often, so that busy staff do not turn every read into a write (a row
 * update, WAL and a live-update notice per call). The idle limit is counted from the last write, so a
 * session may end up to this long before 15 minutes after the very last call: a busy desk never notices.
 */
export const ACTIVITY_WRITE_SECONDS = 30;

/** What SessionService is built from (composition.ts). */
export type SessionServiceDeps = {
  db: Db;
  secret: Uint8Array;
  clock: Clock;
  idleSeconds: number;
  maxSeconds: number;
};

/**
 * Server-side sessions behind a signed token. The token (a JWT, so the browser can read `exp`) carries
 * a 256-bit session id; the database keeps only its hash, so a leaked table opens nothing. A session ends
 * on logout, password reset, role change, idle time (background polling is not activity) or 12 hours.
 */
export class SessionService {
  /**
   * Every API call checks its session, so the check is kept cheap: the token is verified synchronously
   * with a key made once (auth/token.ts), and the lookup is a named prepared statement, built and planned
   * once per connection instead of per request (about half the check's time).
   */
  private readonly verifyKey: crypto.KeyObject;
  private readonly sessionById;

  constructor(private readonly deps: SessionServiceDeps) {
    this.verifyKey = crypto.createSecretKey(deps.secret);
    this.sessionById = deps.db
      .select({
        session: sessions,
        role: users.role,
        status: users.status,
        name: users.name,
        surname: users.surname,
        email: users.email,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .prepare('session_by_id');
  }

  async create(
    tx: DbOrTx,
    user: { id: string; name: string; role: string },
    meta: { deviceType: string; browserName: string; ip: string },
  ): Promise<string> {
    const now = this.deps.clock.now();
    const sid = crypto.randomBytes(32).toString('base64url');
    const expiresAt = now + this.deps.maxSeconds;
    await tx.insert(sessions).values({
      id: sha256(sid),
      userId: user.id,
      createdAt: now,
      lastActiveAt: now,
      expiresAt,
      depositsSeenAt: now,
      deviceType: meta.deviceType,
      browserName: meta.browserName,
      ip: meta.ip,
    });
    return new SignJWT({ sid, name: user.name, role: user.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(this.deps.secret);
  }

  async authenticate(token: string, opts: { background: boolean }): Promise<StaffContext> {
    const now = this.deps.clock.now();
    const sid = verifySessionToken(token, this.verifyKey, now)?.sid;
    if (typeof sid !== 'string') throw new Unauthorized();
    const id = sha256(sid);
    const [row] = await this.sessionById.execute({ id });
    if (!row) throw new Unauthorized();
    const s = row.session;
    if (s.revokedAt !== null || s.expiresAt <= now || s.lastActiveAt + this.deps.idleSeconds <= now) {
      throw new Unauthorized();
    }
    // A staff member disabled or moved below ADMIN since signing in loses the session at once.
    if (!isStaff(row.role as Role) || row.status === 'disabled') {
      await this.revoke(id);
      throw new Unauthorized();
    }
    if (!opts.background && now - s.lastActiveAt >= ACTIVITY_WRITE_SECONDS) {
      await this.deps.db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, id));
    }
    return {
      userId: s.userId,
      sessionId: id,
      role: row.role as Role,
      name: row.name,
      surname: row.surname,
      email: row.email,
    };
  }

  /**
   * Whether the session (by its stored id) would be accepted now, without counting as activity: what
   * signed document and export links bound to it check before they open (lib/signed-links.ts).
   */
  async isLive(sessionId: string): Promise<boolean> {
    if (!/^[0-9a-f]{64}$/.test(sessionId)) return false;
    const now = this.deps.clock.now();
    const [row] = await this.sessionById.execute({ id: sessionId });
    if (!row) return false;
    const s = row.session;
    if (s.revokedAt !== null || s.expiresAt <= now || s.lastActiveAt + this.deps.idleSeconds <= now)
      return false;
    return isStaff(row.role as Role) && row.status !== 'disabled';
  }

  async revoke(sessionId: string): Promise<void> {
    await this.deps.db
      .update(sessions)
      .set({ revokedAt: this.deps.clock.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllForUser(tx: DbOrTx, userId: string): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: this.deps.clock.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}

/** How a staff member is named in client logs and notices. */
export function staffName(s: { name: string; surname: string }): string {
  return `${s.name} ${s.surname}`.trim();
}
