import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { formatMoney } from './transitions.ts';

export type ClientMailer = (notice: {
  userId: string;
  kind: 'deposit' | 'withdrawal';
  status: string;
  amount: number;
  currency: string;
  account: number;
  comment: string;
}) => Promise<void>;

/**
 * Tells the client that their deposit or withdrawal was approved or rejected (unless staff ticked
 * 'dontEmailUser'). Sent after the commit; a mail failure is logged and never undoes the decision.
 */
export function clientMailer(
  db: Db,
  mailer: Mailer,
  log: { warn: (o: object, m: string) => void },
): ClientMailer {
  return async (n) => {
    if (n.status !== 'approved' && n.status !== 'rejected') return;
    const [client] = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, n.userId));
    if (!client) return;
    const what = `${n.kind} of ${formatMoney(n.amount, n.currency)} ${n.kind === 'deposit' ? 'to' : 'from'} account ${n.account}`;
    const text =
      n.status === 'approved'
        ? `Dear ${client.name},\n\nyour ${what} has been approved.\n`
        : `Dear ${client.name},\n\nyour ${what} has been rejected${n.comment ? `: ${n.comment}` : '.'}\n`;
    try {
      await mailer.send({ to: client.email, subject: `Your ${n.kind} request was ${n.status}`, text });
    } catch (err) {
      log.warn({ err, userId: n.userId }, `${n.kind} notice mail could not be sent`);
    }
  };
}
