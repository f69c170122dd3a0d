import type { DbOrTx } from '../../db/client.ts';
import { clientLogs } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

/** Adds a line to a client's log (the Client Log card). Call it in the transaction of the change it records. */
export async function writeClientLog(
  db: DbOrTx,
  entry: { userId: string; event: string; actionedBy: string; now: number; customName?: string },
): Promise<void> {
  await db.insert(clientLogs).values({
    id: newId(entry.now),
    userId: entry.userId,
    timestamp: entry.now,
    event: entry.event,
    actionedBy: entry.actionedBy,
    customName: entry.customName ?? '',
  });
}
