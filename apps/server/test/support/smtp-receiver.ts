import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** `raw`: the whole message as sent (headers and every MIME part), for a test that reads attachments. */
export type ReceivedMail = { to: string[]; subject: string; text: string; raw: string };

/**
 * A real SMTP server on a loopback port that keeps what it receives, for tests: the console's mailer
 * talks SMTP to it exactly as it would to a production relay.
 */
export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  private waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        this.mails.push(mail);
        this.waiters = this.waiters.filter((w) => (w.match(mail) ? (w.resolve(mail), false) : true));
        callback();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next mail to this address that arrives (or has arrived since `after` mails were counted). */
  next(to: string, after = 0): Promise<ReceivedMail> {
    const match = (m: ReceivedMail) => m.to.includes(to.toLowerCase()) || m.to.includes(to);
    const already = this.mails.slice(after).find(match);
    if (already) return Promise.resolve(already);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  count(): number {
    return this.mails.length;
  }
}

/** Enough of RFC 5322 / 2045 for our own plain-text mails: headers, then a 7bit or quoted-printable body. */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    body = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return {
    to: to.map((t) => t.toLowerCase()),
    subject: header('Subject'),
    text: body.replace(/\r\n/g, '\n'),
    raw,
  };
}

export function codeFrom(mail: ReceivedMail): string {
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}
