import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { devOutboxMailer, smtpMailer, type Mailer } from './mailer.ts';

export function createMailer(
  config: Config,
  db: Db,
  clock: Clock,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  log.warn(
    {},
    'SMTP_URL is unset: mail goes to the development outbox, not to anyone. Set SMTP_URL in production.',
  );
  return devOutboxMailer(db, clock, log);
}
