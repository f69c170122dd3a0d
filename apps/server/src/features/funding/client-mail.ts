import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { formatMoney } from './transitions.ts';

export type ClientNotice = {
  userId: string;
  kind: 'deposit' | 'withdrawal';
  status: string;
  amount: number;
  currency: string;
  account: number;
  comment: string;
};

export type ClientMailer = (notice: ClientNotice) => Promise<void>;

type Log = { warn: (o: object, m: string) => void };

/**
 * Tells the client that their deposit or withdrawal was approved or rejected (unless staff ticked
 * 'dontEmailUser'). Sent after the commit; a mail failure is logged and never undoes the decision.
 * Everything after the commit is inside the try, the client's look-up included: the decision is made
 * and answered whatever happens to the mail.
 */
export function clientMailer(db: Db, mailer: Mailer, log: Log): ClientMailer {
  const send: ClientMailer = async (n) => {
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
    await mailer.send({ to: client.email, subject: `Your ${n.kind} request was ${n.status}`, text });
  };
  return neverFails(send, log);
}

/**
 * A client notice that never rejects: the services call it after their transaction committed, where a
 * throw would answer 500 for a decision that was made. Whatever fails is logged.
 */
export function neverFails(mail: ClientMailer, log: Log): ClientMailer {
  return async (n) => {
    try {
      await mail(n);
    } catch (err) {
      log.warn({ err, userId: n.userId }, `${n.kind} notice mail could not be sent`);
    }
  };
}
