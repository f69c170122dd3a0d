import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import { writeClientLog } from '../clients/client-log.ts';

export type Staff = StaffContext & { ip?: string };
export const staffName = (s: Staff) => `${s.name} ${s.surname}`.trim();

/**
 * Writes a line to the log of the partner client who owns an introducer code, if one does (introducers
 * may also be outside affiliates without a client record; the audit log covers those).
 */
export async function logForPartner(
  tx: DbOrTx,
  agentCode: number,
  event: string,
  staff: Staff,
  now: number,
): Promise<void> {
  const [partner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'PARTNER'), eq(users.agentCode, agentCode)))
    .limit(1);
  if (!partner) return;
  await writeClientLog(tx, {
    userId: partner.id,
    event,
    actionedBy: staff.userId,
    customName: staffName(staff),
    now,
  });
}
