import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { devOutbox } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

export type Mail = { to: string; subject: string; text: string };

/** Outgoing mail. Never called inside a database transaction: send after the commit. */
export interface Mailer {
  readonly devOutbox: boolean;
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** Real mail over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    devOutbox: false,
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP_URL: mail is logged and kept in the database's dev outbox so a newcomer can sign in
 * (the console shows it at /dev/outbox, to loopback clients only).
 */
export function devOutboxMailer(db: Db, clock: Clock, log: { info: (o: object, m: string) => void }): Mailer {
  return {
    devOutbox: true,
    async send(mail) {
      log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail kept in the dev outbox (SMTP_URL is unset)',
      );
      await db.insert(devOutbox).values({ ...mail, sentAt: clock.now() });
    },
    async close() {},
  };
}
