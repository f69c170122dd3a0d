import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { devOutbox } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type Mail = { to: string; subject: string; text: string; attachments?: MailAttachment[] };

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
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments,
      });
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
      // Attachments are named in the text, not kept: the outbox is for reading sign-in codes.
      const files = mail.attachments?.map((a) => a.filename).join(', ');
      const text = files ? `${mail.text}\n\n[attached: ${files}]` : mail.text;
      await db.insert(devOutbox).values({ to: mail.to, subject: mail.subject, text, sentAt: clock.now() });
    },
    async close() {},
  };
}
