import { and, desc, eq, gt, lte, notInArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { signInDevices } from '../db/schema.ts';
import { newSecret, sha256 } from '../lib/ids.ts';

/** A device stays known this long after its last sign-in. */
export const DEVICE_TTL_S = 90 * 24 * 60 * 60;
/** Devices kept per account, the most recently used first: older ones become unknown again. */
export const DEVICES_PER_ACCOUNT = 20;

/**
 * Browsers that completed a sign-in to an account (docs/decisions.md "Sign-in without lockouts"). The
 * browser keeps a random token; the database keeps its SHA-256 and the account it is bound to. A known
 * device opens nothing by itself: it only spares its sign-ins the slowdowns others' failures cause.
 */
export class SignInDevices {
  constructor(private readonly db: DbOrTx) {}

  /** The stored id of the device token when it is live and bound to this account, else null. */
  async knownFor(userId: string, token: string, now: number): Promise<string | null> {
    const id = sha256(token);
    const [row] = await this.db
      .select({ id: signInDevices.id })
      .from(signInDevices)
      .where(
        and(eq(signInDevices.id, id), eq(signInDevices.userId, userId), gt(signInDevices.expiresAt, now)),
      );
    return row?.id ?? null;
  }

  /** A known device signed in again: it stays known DEVICE_TTL_S from now. False when it is gone. */
  async renew(db: DbOrTx, id: string, userId: string, now: number): Promise<boolean> {
    const renewed = await db
      .update(signInDevices)
      .set({ expiresAt: now + DEVICE_TTL_S })
      .where(
        and(eq(signInDevices.id, id), eq(signInDevices.userId, userId), gt(signInDevices.expiresAt, now)),
      )
      .returning({ id: signInDevices.id });
    return renewed.length > 0;
  }

  /** A new device token for the account; its expired devices, and any beyond the newest 20, go. */
  async issue(db: DbOrTx, userId: string, now: number): Promise<string> {
    const token = newSecret();
    await db.insert(signInDevices).values({
      id: sha256(token),
      userId,
      createdAt: now,
      expiresAt: now + DEVICE_TTL_S,
    });
    const keep = db
      .select({ id: signInDevices.id })
      .from(signInDevices)
      .where(eq(signInDevices.userId, userId))
      .orderBy(desc(signInDevices.expiresAt), desc(signInDevices.id))
      .limit(DEVICES_PER_ACCOUNT);
    await db
      .delete(signInDevices)
      .where(
        and(
          eq(signInDevices.userId, userId),
          or(lte(signInDevices.expiresAt, now), notInArray(signInDevices.id, keep)),
        ),
      );
    return token;
  }
}
